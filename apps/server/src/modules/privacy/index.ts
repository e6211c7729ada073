/** Privacy (GDPR art. 15, 17, 20): data requests, and the durable erasure job. */
export { ERASURE_TOPIC, erasureBlocker, listDataRequests, requestErasure, type DataRequest, type DataRequestSource, type PrivacyError } from './requests.ts';
export { ERASURE_STEPS, erasureHandler, runErasure, type ErasureDeps } from './erasure.ts';
