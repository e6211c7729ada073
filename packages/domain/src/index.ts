export * from './countries.ts';
export * from './languages.ts';
export * from './locales.ts';
export * from './base-path.ts';
export * from './layout.ts';
export * from './constants.ts';
