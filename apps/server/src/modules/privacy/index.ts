/** Privacy (GDPR art. 15, 17, 20): data requests, the durable erasure job and the data export. */
export { ERASURE_TOPIC, erasureBlocker, listDataRequests, requestErasure, signInPasswordHash, userDataRequests, type DataRequest, type DataRequestSource, type PrivacyError } from './requests.ts';
export { ERASURE_STEPS, erasureHandler, runErasure, type ErasureDeps } from './erasure.ts';
export { buildArchive, EXPORT_FORMAT, EXPORT_LINK_HOURS, EXPORT_TOPIC, exportByToken, exportHandler, requestExport, runExport, type ExportDeps } from './export.ts';
export { applyRetention, RETENTION_TOPIC, retentionHandler, scheduleRetention, type RetentionCounts, type RetentionPeriods } from './retention.ts';
export { analyticsWithdrawn, consentHistory, CONSENT_PURPOSES, currentConsents, recordConsent, validateConsent, type ConsentError, type ConsentInput, type ConsentPurpose, type ConsentRow } from './consents.ts';
