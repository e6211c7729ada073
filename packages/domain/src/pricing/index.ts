export * from './money.ts';
export * from './price-display.ts';
export * from './promo.ts';
export * from './tax.ts';
