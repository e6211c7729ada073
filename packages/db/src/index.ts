export * from './client.ts';
export * as schema from './schema/index.ts';
export { demoDataIsCurrent, ensureDemoData, DEMO_DATA_VERSION } from './seed/index.ts';
export { DEMO_LEAD_FORMS } from './seed/lead-forms.ts';
export type { LeadFormCopy, LeadFormFieldRow } from './schema/leads.ts';
export type { StoredAddress } from './schema/checkout.ts';
export { DEMO_USERS, DEMO_PASSWORD, type DemoUser } from './seed/demo-users.ts';
export { reusable, rowFromDriver } from './reusable.ts';
