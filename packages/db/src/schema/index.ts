export * from './shop.ts';
export * from './catalogue.ts';
export * from './tax.ts';
export * from './promos.ts';
export * from './checkout.ts';
export * from './orders.ts';
export * from './identity.ts';
