export * from './base-path.ts';
export * from './contact.ts';
export * from './countries.ts';
export * from './languages.ts';
export * from './locales.ts';
