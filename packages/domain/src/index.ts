/** Pure rules both sides use, by subject; no I/O anywhere in this package. */
export * from './markets/index.ts';
export * from './pricing/index.ts';
export * from './catalogue/index.ts';
export * from './checkout/index.ts';
export * from './accounts/index.ts';
export * from './subscriptions/index.ts';
export * from './storefront/index.ts';
export * from './leads/index.ts';
