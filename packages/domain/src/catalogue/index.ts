export * from './catalogue.ts';
export * from './pro-custom.ts';
export * from './survey.ts';
