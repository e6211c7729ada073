export { registry } from './registry.ts';
export { startMetricsListener, type MetricsListener } from './listener.ts';
export { registerHttpMetrics } from './http.ts';
export { operationMetricsPlugin, operationNames } from './graphql.ts';
export { observeDatabase, observeStatement } from './database.ts';
export { observeResponseCache } from './response-cache.ts';
export { countedHandler, emails, jobsRun, leads, refunds, renewals, responseCacheLookups, ssrRenders, webhooks } from './store.ts';
