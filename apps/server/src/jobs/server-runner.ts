import type { Database } from '@probe/db';
import type { Config } from '../config.ts';
import { createMailer, MAIL_TOPIC, mailSinkDir } from '../mail/index.ts';
import { sellerFrom } from '../modules/documents/index.ts';
import { orderMailFor, ORDER_MAIL_TOPICS, reconcileHandler, RECONCILE_TOPIC, scheduleReconcile } from '../modules/orders/index.ts';
import { createGateway, type PaymentGateway } from '../modules/payments/index.ts';
import { createCrm, LEAD_TOPIC, leadDeliveryHandler, type Crm } from '../modules/leads/index.ts';
import { ERASURE_TOPIC, erasureHandler, EXPORT_TOPIC, exportHandler, RETENTION_TOPIC, retentionHandler, scheduleRetention } from '../modules/privacy/index.ts';
import { periodEndHandler, SubscriptionChanges, SUBSCRIPTION_TOPICS, type ChargeResumeJob } from '../modules/subscriptions/index.ts';
import { JobRunner } from './runner.ts';
import { countedHandler, emails, leads } from '../metrics/index.ts';
import { GATEWAY_CALLS, tracedMethods } from '../tracing/index.ts';
import type { JobHandler, JobHandlers, JobLogger } from './types.ts';

export interface ServerRunner {
  runner: JobRunner;
  /** Finishes the job in hand, then stops polling and closes the handlers' connections. */
  stop(): Promise<void>;
}

/**
 * The store's handlers by topic: e-mail always; with the database and the gateway to charge, the
 * order e-mails (placed, quote, paid, payment failed, invoice paid: rendered from the order, with the
 * invoice or quote PDF attached where it belongs, delivered like any e-mail, once per outbox row) and
 * subscription renewals.
 */
export function storeHandlers(config: Config, log: JobLogger, now?: () => Date, billing?: { db: Database; gateway: PaymentGateway; crm?: Crm }): { handlers: JobHandlers; close(): void } {
  const mailer = createMailer(config, { log, ...(now ? { now } : {}) });
  // E-mails sent and failed, leads delivered and failed (docs/monitoring.md): counted per attempt.
  const send = countedHandler(mailer.handler, emails, 'sent', 'failed');
  const handlers: Record<string, JobHandler> = { [MAIL_TOPIC]: send };
  if (billing) {
    const deps = { ...billing, now: now ?? (() => new Date()), publicUrl: config.PUBLIC_URL };
    handlers[SUBSCRIPTION_TOPICS.periodEnd] = periodEndHandler(deps);
    const changes = new SubscriptionChanges(deps);
    // Leads from the marketing forms to the CRM (the webhook, or the local sink), once per lead id.
    // The CRM's calls are spans when tracing (OTEL_EXPORTER_OTLP_ENDPOINT).
    const crm = billing.crm ?? createCrm(config);
    const tracedCrm = config.OTEL_EXPORTER_OTLP_ENDPOINT ? tracedMethods(crm, 'crm', ['deliver']) : crm;
    handlers[LEAD_TOPIC] = countedHandler(leadDeliveryHandler({ db: billing.db, crm: tracedCrm, ...(now ? { now } : {}) }), leads, 'delivered', 'failed');
    handlers[SUBSCRIPTION_TOPICS.chargeResume] = (job) => changes.resume((job.payload as ChargeResumeJob).chargeId);
    // Succeeded gateway payments no order holds (a crash between the charge and the commit) are refunded.
    handlers[RECONCILE_TOPIC] = reconcileHandler(
      { db: billing.db, gateway: billing.gateway, now: deps.now, log },
      { afterMs: config.RECONCILE_AFTER_MS, lookbackMs: config.RECONCILE_LOOKBACK_MS, intervalMs: config.RECONCILE_INTERVAL_MS },
    );
    // A data subject's erasure (issue 38): resumed after its last recorded step when a runner dies.
    handlers[ERASURE_TOPIC] = erasureHandler({ db: billing.db, mailSinkDir: mailSinkDir(config), now: deps.now });
    const seller = sellerFrom(config);
    handlers[EXPORT_TOPIC] = exportHandler({ db: billing.db, seller, publicUrl: config.PUBLIC_URL, now: deps.now });
    // What has no more reason to be kept is deleted on a schedule (docs/privacy.md).
    handlers[RETENTION_TOPIC] = retentionHandler({ db: billing.db, now: deps.now, log }, {
      checkoutDays: config.RETENTION_CHECKOUT_DAYS, unverifiedAccountDays: config.RETENTION_UNVERIFIED_ACCOUNT_DAYS, invitationDays: config.RETENTION_INVITATION_DAYS,
      spamLeadDays: config.RETENTION_SPAM_LEAD_DAYS, analyticsDays: config.RETENTION_ANALYTICS_DAYS, outboxDays: config.RETENTION_OUTBOX_DAYS, learnerProofDays: config.RETENTION_LEARNER_PROOF_DAYS, consentDays: config.RETENTION_CONSENT_DAYS,
    }, config.RETENTION_INTERVAL_MS);
    for (const topic of Object.keys(ORDER_MAIL_TOPICS)) {
      handlers[topic] = async (job) => {
        const mail = await orderMailFor(billing.db, job.topic, job.payload, config.PUBLIC_URL, seller);
        if (mail) await send({ ...job, payload: mail });
      };
    }
  }
  return { handlers, close: () => mailer.close() };
}

/** The runner the server (JOBS_IN_PROCESS) and the worker command start, configured from the environment. */
/**
 * A lead is retried for about a day (backoff capped at an hour) before it is marked dead: a CRM outage
 * of hours loses nothing, and a dead row keeps the lead undelivered in `leads` for an operator.
 */
export const LEAD_MAX_ATTEMPTS = 36;

export function startJobRunner(options: { config: Config; db: Database; log: JobLogger; now?: () => Date; gateway?: PaymentGateway; crm?: Crm; busy?: () => boolean; yieldMs?: number }): ServerRunner {
  const { config, db, log, now } = options;
  const created = options.gateway ?? createGateway(config, now);
  // The server hands over its gateway, traced already; the worker's own is traced here.
  const gateway = config.OTEL_EXPORTER_OTLP_ENDPOINT && !options.gateway ? tracedMethods(created, 'gateway', GATEWAY_CALLS, { 'payment.gateway': created.name }) : created;
  const { handlers, close } = storeHandlers(config, log, now, { db, gateway, ...(options.crm ? { crm: options.crm } : {}) });
  const runner = new JobRunner({
    db,
    handlers,
    log,
    ...(now ? { now } : {}),
    leaseMs: config.JOBS_LEASE_MS,
    pollIntervalMs: config.JOBS_POLL_INTERVAL_MS,
    maxAttempts: config.JOBS_MAX_ATTEMPTS,
    maxAttemptsByTopic: { [LEAD_TOPIC]: LEAD_MAX_ATTEMPTS },
    ...(options.busy ? { busy: options.busy } : {}),
    ...(options.yieldMs ? { yieldMs: options.yieldMs } : {}),
  });
  runner.start();
  scheduleReconcile(db, (now ?? (() => new Date()))()).then(() => runner.poke(), (err: unknown) => log.error({ err: String(err) }, 'could not schedule payment reconciliation'));
  // Tests move their clocks by months and read the rows they made: they run retention themselves (privacy-retention.test.ts).
  if (config.NODE_ENV !== 'test') {
    scheduleRetention(db, (now ?? (() => new Date()))()).then(() => runner.poke(), (err: unknown) => log.error({ err: String(err) }, 'could not schedule the retention job'));
  }
  return {
    runner,
    stop: async () => {
      await runner.stop();
      close();
    },
  };
}
