export * from './organizations.ts';
export * from './probe-purchase.ts';
export * from './profile.ts';
