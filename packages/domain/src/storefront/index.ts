export * from './constants.ts';
export * from './countdown.ts';
export * from './layout.ts';
export * from './ssr-contract.ts';
export * from './public-pages.ts';
