import { z } from 'zod';
import { normalizeOrigin } from '@probe/domain';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'on');

/** Comma-separated exact origins (scheme://host[:port], no path, no wildcard), each normalised. */
const originList = z
  .string()
  .default('')
  .transform((v, ctx) => v.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
    const origin = normalizeOrigin(s);
    if (!origin) ctx.addIssue({ code: 'custom', message: `${s} is not an origin (scheme://host[:port], no path)` });
    return origin ?? '';
  }));

/** A Host header's value as URLs write it (lower case, IDN in ASCII, no default port), or null when it is not one. */
export function normalizeHost(value: string, protocol = 'http:'): string | null {
  if (!value || /[\s/?#@\\]/.test(value)) return null;
  try {
    const url = new URL(`${protocol}//${value}`);
    return url.host && !url.username && !url.password ? url.host : null;
  } catch {
    return null;
  }
}

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * The demo accounts (users with published passwords, among them the console's owner, their
   * organizations, subscriptions and saved test cards). Default: on for the embedded database (the demo of
   * `npm start`), off with DATABASE_URL: a real deployment starts with none (create its first owner with
   * `npm run staff:create-owner`). Turned off on a database that has them, their published passwords stop
   * working and they lose their console roles.
   */
  DEMO_DATA: flag.optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GEO_COUNTRY_HEADER: z.string().toLowerCase().default('x-country-code'),
  GEOIP_DATABASE: z.enum(['off', 'geoip-lite']).default('off'),
  TRUST_PROXY: flag.default(false),
  MAINTENANCE_ALLOW_IPS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  SSR: flag.default(true),
  AUTH_JWT_PUBLIC_KEY: z.string().optional(),
  AUTH_JWT_ISSUER: z.string().default('probe-store'),
  AUTH_JWT_AUDIENCE: z.string().default('probe-store'),
  /** The audience of the operator console's tokens (its API refuses any other, the shop's included). */
  AUTH_ADMIN_AUDIENCE: z.string().default('probe-admin'),
  /** The store's public origin (no trailing slash); the built-in identity provider's issuer is `${PUBLIC_URL}/oidc`. */
  PUBLIC_URL: z.string().url().optional(),
  /** An external OpenID Connect provider (Auth0, Keycloak, Entra ID): tokens are checked against its JWKS and the built-in one is not mounted. */
  AUTH_ISSUER_URL: z.string().url().optional(),
  /** Comma-separated exact redirect URIs of the storefront's sign-in client (default `${PUBLIC_URL}/auth/callback`). */
  AUTH_REDIRECT_URIS: z.string().optional(),
  /** How often the built-in provider's signing keys are re-read from the database (a rotation shows within this time). */
  AUTH_KEYS_TTL_MS: z.coerce.number().int().min(0).default(5000),
  /** redis://… — shared rate-limit counters across instances; unset, counters live in memory. */
  REDIS_URL: z.string().url().optional(),
  CATALOGUE_CACHE: flag.default(true),
  /** How long an anonymous catalogue answer may be served from memory (0 turns the response cache off). */
  RESPONSE_CACHE_MAX_AGE_S: z.coerce.number().int().min(0).default(60),
  /** The response cache's budget: every answer it keeps, together, in bytes (least recently used out first). */
  RESPONSE_CACHE_MAX_BYTES: z.coerce.number().int().min(0).default(16 * 1024 * 1024),
  /** The largest answer the response cache keeps, in bytes (a larger one is answered afresh each time). */
  RESPONSE_CACHE_MAX_ANSWER_BYTES: z.coerce.number().int().min(0).default(256 * 1024),
  CATALOGUE_VERSION_TTL_MS: z.coerce.number().int().min(0).default(1000),
  /**
   * How long a request refused for its size (413) or its GraphQL document's limits waits for its answer:
   * no client of ours ever sends one, and a client that keeps sending them gets at most a few answers a
   * second per connection, the wait costing the server a timer, not CPU (reliability W2b).
   */
  REFUSAL_DELAY_MS: z.coerce.number().int().min(0).default(250),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * On SIGTERM, how long /readyz answers 503 while requests are still served, before the server closes:
   * the load balancer's health checks see it and send new requests elsewhere (at least its check interval
   * × failures to mark down). Skipped when nothing ever asked /readyz, and on SIGINT (Ctrl-C).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(3000),
  /** Which payment service: the built-in offline test gateway, or Stripe (needs the three STRIPE_ keys). */
  PAYMENT_GATEWAY: z.enum(['test', 'stripe']).default('test'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** The test gateway's webhook signing secret (random per process when unset). */
  TEST_GATEWAY_WEBHOOK_SECRET: z.string().optional(),
  /** The financing partner's script (the same variable the storefront build reads): allowed by the page's CSP. */
  VITE_FINANCING_SCRIPT_URL: z.string().optional(),
  /** A file where the test gateway keeps its charges and refunds (JSON lines), beyond the process and shared with the worker; unset, `${DATA_DIR}/test-gateway-ledger.jsonl` on the embedded database (its demo orders stay refundable after a restart) and in memory on PostgreSQL. */
  TEST_GATEWAY_LEDGER_FILE: z.string().optional(),
  /** How often the payments.reconcile job compares the gateway's succeeded payments with the orders. */
  RECONCILE_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
  /** A payment younger than this is left alone by reconciliation: its order may still be committing, or its buyer still coming back from the bank page. */
  RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(3_600_000),
  /** How far back reconciliation looks at the gateway's payments. */
  RECONCILE_LOOKBACK_MS: z.coerce.number().int().positive().default(3 * 24 * 3600 * 1000),
  /** Test builds only (NODE_ENV test or development): a fault point where the process kills itself (modules/faults). */
  FAULT_POINT: z.string().optional(),
  /** How long the test gateway takes to settle an authorised asynchronous payment. */
  TEST_GATEWAY_SETTLE_MS: z.coerce.number().int().min(0).default(1500),
  /** Run the job runner (outbox, scheduled jobs) inside the server; false: run `npm run worker` beside it. */
  JOBS_IN_PROCESS: flag.default(true),
  /** Pause between polls when no job is due. */
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(1000),
  /** How long a claimed job belongs to its runner; a runner that dies delays its job this long. */
  JOBS_LEASE_MS: z.coerce.number().int().positive().default(300_000),
  /** Attempts before a failing job is marked dead. */
  JOBS_MAX_ATTEMPTS: z.coerce.number().int().positive().default(10),
  /** `sink`: each e-mail as an .eml file under MAIL_SINK_DIR; `smtp`: sent through SMTP_URL. */
  MAIL_TRANSPORT: z.enum(['sink', 'smtp']).default('sink'),
  /** Folder of the mail sink (default `${DATA_DIR}/mail`). */
  MAIL_SINK_DIR: z.string().optional(),
  /** Serve the sink read-only at /dev/mail/ (default: on with the sink transport on the embedded database, production mode included; never with DATABASE_URL). */
  MAIL_SINK_PAGE: flag.optional(),
  /** smtp://user:pass@host:port (smtps:// for TLS) when MAIL_TRANSPORT=smtp. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Probe Store <no-reply@probe.store>'),
  /** The seller printed on invoices and quotes (unset: the demo seller, a company in the Netherlands). */
  SELLER_NAME: z.string().optional(),
  /** Its postal address, lines separated by `;`. */
  SELLER_ADDRESS: z.string().optional(),
  /** Its VAT number: must be Dutch (NL…), the member state reverse charge is computed for. */
  SELLER_VAT_NUMBER: z.string().optional(),
  SELLER_EMAIL: z.string().email().optional(),
  /** The CRM's webhook: each lead is POSTed there, signed with CRM_WEBHOOK_SECRET; unset, leads go to the local sink. */
  CRM_WEBHOOK_URL: z.string().url().optional(),
  CRM_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** How long one delivery attempt may take before it counts as failed (and is retried). */
  CRM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Folder of the local CRM sink (default `${DATA_DIR}/crm`). */
  CRM_SINK_DIR: z.string().optional(),
  /** Serve the sink at /dev/crm/ (default: on unless NODE_ENV=production). */
  CRM_SINK_PAGE: flag.optional(),
  /** Comma-separated exact origins that may embed the forms (besides the store's own): a beta store, the vet site. */
  FORMS_PARENT_ORIGINS: originList,
  /**
   * Comma-separated exact origins whose pages may call /graphql and /admin/graphql from a browser with
   * the visitor's credentials (CORS), besides PUBLIC_URL's origin, which always may (graphql/cors.ts): any
   * other origin gets no Access-Control-Allow-* header, its preflight included (reliability W11).
   */
  CORS_ALLOWED_ORIGINS: originList,
  /**
   * Comma-separated Host header values (`host` or `host:port`) the server answers besides PUBLIC_URL's
   * host (http/host-check.ts); any other Host is refused with 421 (reliability W10), except at /healthz
   * and /readyz, which a load balancer may ask by address. Outside production, and whenever PUBLIC_URL is
   * itself a loopback address, localhost, 127.0.0.1 and [::1] are answered on any port too. No absolute
   * URL is ever made from the Host header, and X-Forwarded-Host is never read.
   */
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v, ctx) => v.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
      const host = normalizeHost(s);
      if (!host) ctx.addIssue({ code: 'custom', message: `${s} is not a host name or address (host or host:port, no scheme or path)` });
      return host ?? '';
    })),
  /** Signs the tickets that time a form's filling; unset, a key made once and kept in the database. */
  FORMS_TICKET_SECRET: z.string().min(16).optional(),
  /** A form sent sooner than this after it was shown is stored as spam. */
  FORMS_MIN_FILL_MS: z.coerce.number().int().min(0).default(3000),
}).transform((c, ctx) => {
  // A console token is staff rights: were both audiences one, every buyer's store token would be one.
  if (c.AUTH_ADMIN_AUDIENCE === c.AUTH_JWT_AUDIENCE) ctx.addIssue({ code: 'custom', path: ['AUTH_ADMIN_AUDIENCE'], message: 'must differ from AUTH_JWT_AUDIENCE (a store token would open the console)' });
  const publicUrl = (c.PUBLIC_URL ?? `http://127.0.0.1:${c.PORT}`).replace(/\/+$/, '');
  const redirectUris = (c.AUTH_REDIRECT_URIS ?? `${publicUrl}/auth/callback`).split(',').map((s) => s.trim()).filter(Boolean);
  const parents = [...new Set([new URL(publicUrl).origin, ...c.FORMS_PARENT_ORIGINS])];
  return { ...c, PUBLIC_URL: publicUrl, AUTH_REDIRECT_URIS: redirectUris, FORMS_PARENT_ORIGINS: parents, DEMO_DATA: c.DEMO_DATA ?? !c.DATABASE_URL };
});

export type Config = z.infer<typeof ConfigSchema>;

/** Reads the configuration from the environment; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // An empty variable counts as unset (DATABASE_URL= means the embedded database).
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ConfigSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, ...overrides };
}
