export * from './shop.ts';
