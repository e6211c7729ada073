export * from './checkout-types.ts';
export * from './payment-method.ts';
export * from './payment-methods.ts';
export * from './payment-states.ts';
export * from './shipping.ts';
export * from './test-cards.ts';
export * from './totals.ts';
export * from './vat-number.ts';
