export * from './organizations.ts';
