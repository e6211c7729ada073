import { Counter } from 'prom-client';
import { registry } from './registry.ts';
import { FastHistogram, LATENCY_BUCKETS } from './fast-histogram.ts';

/**
 * The store's own series (docs/monitoring.md lists them with their alerts). Counters of business events
 * are counted where the event happens, in whichever process it happens in (the server, or the worker
 * that runs the jobs): Prometheus sums them over instances. Every label takes values from a fixed set.
 */
const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) => new Counter<L>({ name, help, labelNames, registers: [registry] });

/** Requests by route pattern (never the path as sent), method and status; latency until the answer's last byte was handed over. */
export const httpRequests = new FastHistogram('store_http_request_duration_seconds', 'HTTP requests by route pattern, method and status, with their latency', ['route', 'method', 'status'], LATENCY_BUCKETS, registry);

/** GraphQL operations executed (a cached answer is a response-cache hit instead), by operation name (the storefront's, else "other") and outcome. */
export const graphqlOperations = new FastHistogram('store_graphql_operation_duration_seconds', 'GraphQL operations of /graphql by operation name (the storefront\'s, else other) and outcome (ok, error, refused), with their latency', ['operation', 'outcome'], LATENCY_BUCKETS, registry);

export const ssrRenders = new FastHistogram('store_ssr_render_duration_seconds', 'Server-rendered pages by application (store, forms) and outcome (page, redirect, failed), with the render time', ['app', 'outcome'], LATENCY_BUCKETS, registry);

export const responseCacheLookups = counter('store_response_cache_requests_total', 'Anonymous GraphQL requests looked up in the response cache, by result (hit, miss)', ['result'] as const);

export const databaseStatements = new FastHistogram('store_db_statement_duration_seconds', 'SQL statements sent to PostgreSQL, with their time until the answer', [], [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5], registry).child();

export const jobsRun = counter('store_jobs_total', 'Jobs run by the job runner, by topic and outcome (done, retry: failed and scheduled again, dead: failed for the last time)', ['topic', 'outcome'] as const);

export const renewals = counter('store_renewals_total', 'Subscription renewal charges by outcome (succeeded, processing, declined, past_due: declined for the last time)', ['outcome'] as const);

export const refunds = counter('store_refunds_total', 'Refunds sent to the payment gateway, by source (operator, reconciliation: a payment no order holds)', ['source'] as const);

export const webhooks = counter('store_payment_webhooks_total', 'Payment webhooks received, by outcome (accepted, refused: bad signature or body)', ['outcome'] as const);

export const emails = counter('store_emails_total', 'E-mails delivered to the mail transport, by outcome (sent, failed)', ['outcome'] as const);

export const leads = counter('store_leads_total', 'Leads delivered to the CRM, by outcome (delivered, failed)', ['outcome'] as const);

/** The outcomes, zeroed at start so that a rate over them exists before the first event (an alert on "declined" sees 0, not nothing). */
for (const outcome of ['succeeded', 'processing', 'declined', 'past_due']) renewals.inc({ outcome }, 0);
for (const source of ['operator', 'reconciliation']) refunds.inc({ source }, 0);
for (const outcome of ['accepted', 'refused']) webhooks.inc({ outcome }, 0);
for (const outcome of ['sent', 'failed']) emails.inc({ outcome }, 0);
for (const outcome of ['delivered', 'failed']) leads.inc({ outcome }, 0);
for (const result of ['hit', 'miss']) responseCacheLookups.inc({ result }, 0);

/** A job handler that counts its runs in `counter`: `ok` when it resolves, `failed` when it throws (then rethrown: the runner retries). */
export function countedHandler<J>(handler: (job: J) => Promise<void>, counter: Counter<'outcome'>, ok: string, failed: string): (job: J) => Promise<void> {
  const succeeded = counter.labels(ok);
  const threw = counter.labels(failed);
  return async (job) => {
    try {
      await handler(job);
    } catch (err) {
      threw.inc();
      throw err;
    }
    succeeded.inc();
  };
}
