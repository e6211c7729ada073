/** Leads from the marketing forms (spec §2, §3): forms as data, submissions stored before the answer, CRM delivery through the outbox. */
export { LeadsService } from './service.ts';
export { formCopy, registrationClosed, type LeadForm, type LeadFormField } from './forms.ts';
export type { LeadError, LeadErrorCode, LeadResult, LeadSubmission } from './submit.ts';
export { CrmSink, WebhookCrm, LEAD_TOPIC, createCrm, crmSinkDir, leadDeliveryHandler, signWebhook, verifyWebhook, type Crm, type CrmConfig, type CrmLead } from './delivery.ts';
export { leadFormsForStaff, listLeads, redeliverLead, type LeadDelivery, type LeadFilter, type RedeliverError, type StaffLead } from './staff-leads.ts';
