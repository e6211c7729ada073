export * from './shop.ts';
export * from './catalogue.ts';
export * from './tax.ts';
export * from './promos.ts';
