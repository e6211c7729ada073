export * from './subscription.ts';
export * from './periods.ts';
export * from './transitions.ts';
export * from './renewal.ts';
export * from './proration.ts';
export * from './orders.ts';
