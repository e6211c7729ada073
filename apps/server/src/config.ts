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

declare module 'zod' {
  interface GlobalMeta {
    /**
     * What an optional variable amounts to when it is not set, where that is not simply "unset": a default
     * computed from other variables (PUBLIC_URL from PORT, MAIL_SINK_DIR from DATA_DIR …). It is the
     * variable's "default" in docs/configuration.md.
     */
    unset?: string;
  }
}

/**
 * The server's environment variables. Each one's description (its `.describe()` or `.meta()`, called last,
 * outside `.default()`, `.optional()` and `.transform()`: zod keeps metadata on the one schema instance it was
 * given, and a wrapper made afterwards has none) becomes its row of docs/configuration.md, which
 * `npm run docs:config` writes (apps/server/scripts/config-reference.ts); a test fails when the two differ.
 */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production')
    .describe('`production`, `development` or `test`; `development` shows error details and GraphiQL'),
  HOST: z.string().default('127.0.0.1').describe('the address the server listens on'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('the port the server listens on'),
  DATA_DIR: z.string().default('./.data')
    .describe('files of the embedded database (and, unless set elsewhere, the mail sink, the CRM sink and the test gateway\'s ledger)'),
  DATABASE_URL: z.string().url().optional()
    .describe('`postgres://…`: use that PostgreSQL server instead of the embedded database (same migrations)'),
  DEMO_DATA: flag.optional().meta({
    description: 'the demo accounts: users with published passwords (`demo-password-1`), among them the console\'s owner, their organizations, subscriptions and saved test cards. A real deployment starts with none: `npm run staff:create-owner -- --email you@company.com` prints a one-use link to the first owner\'s password. Turned off on a database that has them, their published passwords stop working and they lose their console roles',
    unset: 'on without `DATABASE_URL` (the demo of `npm start`), off with it',
  }),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(10).describe('PostgreSQL connections'),
  GRAPHQL_AT_ONCE: z.coerce.number().int().min(0).optional()
    .describe('store API operations run at once, the others wait their turn in order (unset: 4 on the embedded database, 12 on PostgreSQL; `0`: none held back; decision 0051)'),
  GRAPHQL_MAX_WAITING: z.coerce.number().int().min(1).default(2000)
    .describe('store API operations that may wait for their turn; one more is answered 503 with Retry-After'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')
    .describe('`fatal` … `trace`, `silent`'),
  GEO_COUNTRY_HEADER: z.string().toLowerCase().default('x-country-code')
    .describe('the trusted CDN header that carries the visitor\'s country (e.g. `cf-ipcountry`)'),
  GEOIP_DATABASE: z.enum(['off', 'geoip-lite']).default('off')
    .describe('`geoip-lite` to look up addresses when the header is absent (install `geoip-lite@1.4.10` first; ~200 MB of memory)'),
  TRUST_PROXY: flag.default(false).describe('honour `X-Forwarded-For` (set behind a load balancer or CDN)'),
  MAINTENANCE_ALLOW_IPS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .describe('comma-separated client addresses that may use the store during maintenance (besides the `shop_settings` row\'s `maintenance_allow_ips`)'),
  SSR: flag.default(true).describe('`false` serves the same app rendered in the browser only'),
  AUTH_JWT_PUBLIC_KEY: z.string().optional()
    .describe('PEM (SPKI) Ed25519 or P-256 public key that signs users\' tokens (issuer `AUTH_JWT_ISSUER`); set, the built-in identity provider is not mounted'),
  AUTH_JWT_ISSUER: z.string().default('probe-store').describe('the issuer a token checked with `AUTH_JWT_PUBLIC_KEY` must carry'),
  AUTH_JWT_AUDIENCE: z.string().default('probe-store').describe('the audience a store token must carry'),
  AUTH_ADMIN_AUDIENCE: z.string().default('probe-admin')
    .describe('the audience of the operator console\'s tokens; its API (`/admin/graphql`) refuses any other token, the store\'s included (must differ from `AUTH_JWT_AUDIENCE`)'),
  PUBLIC_URL: z.string().url().optional().meta({
    description: 'the store\'s public origin (no trailing slash); the built-in identity provider\'s issuer is `${PUBLIC_URL}/oidc`',
    unset: '`http://127.0.0.1:${PORT}`',
  }),
  AUTH_ISSUER_URL: z.string().url().optional()
    .describe('an external OpenID Connect provider (Auth0, Keycloak, Entra ID): tokens are checked against its discovered JWKS and the built-in provider is not mounted. With neither this nor `AUTH_JWT_PUBLIC_KEY`, the built-in provider at `/oidc` signs and checks the tokens (issuer `${PUBLIC_URL}/oidc`, audience `AUTH_JWT_AUDIENCE`)'),
  AUTH_REDIRECT_URIS: z.string().optional().meta({
    description: 'comma-separated exact redirect URIs of the `probe-store` sign-in client',
    unset: '`${PUBLIC_URL}/auth/callback`',
  }),
  AUTH_KEYS_TTL_MS: z.coerce.number().int().min(0).default(5000)
    .describe('how often the built-in provider re-reads its signing keys from the database (a rotation shows within this time)'),
  REDIS_URL: z.string().url().optional()
    .describe('`redis://…`: sign-in and sign-up rate limits shared by every instance; unset, counted in memory'),
  CATALOGUE_CACHE: flag.default(true).describe('keep each country\'s catalogue in memory between requests, per catalogue version'),
  RESPONSE_CACHE_MAX_AGE_S: z.coerce.number().int().min(0).default(60)
    .describe('how long an anonymous catalogue answer is served from memory (`0` turns the response cache off)'),
  RESPONSE_CACHE_MAX_BYTES: z.coerce.number().int().min(0).default(4 * 1024 * 1024)
    .describe('the response cache\'s budget: every answer it keeps, together, in bytes as kept (gzipped when over 1 KB; least recently used out first)'),
  RESPONSE_CACHE_MAX_ANSWER_BYTES: z.coerce.number().int().min(0).default(256 * 1024)
    .describe('the largest answer the response cache keeps, in bytes (a larger one is answered afresh each time)'),
  CHECKOUT_CACHE_MAX_BYTES: z.coerce.number().int().min(0).default(4 * 1024 * 1024)
    .describe('the budget of the checkouts an instance keeps as the basis of their next change, in bytes (`0` reads each before changing it)'),
  CATALOGUE_VERSION_TTL_MS: z.coerce.number().int().min(0).default(1000)
    .describe('how often an instance re-reads the catalogue version (how soon it sees another instance\'s edits)'),
  /** The wait costs the server a timer, not CPU (reliability W2b). */
  REFUSAL_DELAY_MS: z.coerce.number().int().min(0).default(250)
    .describe('how long a request refused for its size (413) or its GraphQL document\'s depth, aliases, tokens or cost (400) waits for its answer: no client of ours ever sends one, and a client repeating such requests gets a few answers a second per connection, not the server\'s CPU'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000)
    .describe('longest graceful shutdown before the process exits'),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(3000)
    .describe('on SIGTERM, how long `/readyz` answers 503 (and every answer closes its connection) while requests are still served, before the server closes: the load balancer\'s health checks see it and send new requests elsewhere, so at least its check interval × failures to mark a server down. Skipped when nothing ever asked `/readyz`, and on SIGINT (Ctrl-C)'),
  PAYMENT_GATEWAY: z.enum(['test', 'stripe']).default('test')
    .describe('`test`: the built-in offline test gateway; `stripe`: Stripe (needs `STRIPE_SECRET_KEY`, `STRIPE_PUBLISHABLE_KEY` and `STRIPE_WEBHOOK_SECRET`)'),
  VIES: z.enum(['live', 'fake']).optional()
    .describe('how EU VAT numbers are checked before a reverse charge: `live`, the EU\'s VIES service; `fake`, the in-repo stand-in (numbers ending in 000 are not registered, in 999 find VIES down). Unset: `live` in production, `fake` otherwise'),
  VIES_URL: z.string().url().optional().describe('the VIES REST API\'s base address (unset: the EU\'s, https://ec.europa.eu/taxation_customs/vies/rest-api)'),
  STRIPE_SECRET_KEY: z.string().optional().describe('Stripe\'s secret key'),
  STRIPE_PUBLISHABLE_KEY: z.string().optional().describe('Stripe\'s publishable key'),
  STRIPE_WEBHOOK_SECRET: z.string().optional().describe('the secret Stripe signs its webhooks with; webhooks go to `POST /webhooks/payments`'),
  TEST_GATEWAY_WEBHOOK_SECRET: z.string().optional().meta({
    description: 'the test gateway\'s webhook signing secret',
    unset: 'random per process',
  }),
  VITE_FINANCING_SCRIPT_URL: z.string().optional()
    .describe('the financing partner\'s script (the same variable the storefront build reads, see below): allowed by the page\'s Content-Security-Policy'),
  TEST_GATEWAY_LEDGER_FILE: z.string().optional().meta({
    description: 'a file where the test gateway appends its charges and refunds (JSON lines), so they outlive the process (the demo\'s orders stay refundable after a restart) and are shared with the worker, as a real provider\'s ledger is',
    unset: '`${DATA_DIR}/test-gateway-ledger.jsonl` on the embedded database, in memory on PostgreSQL',
  }),
  RECONCILE_INTERVAL_MS: z.coerce.number().int().positive().default(60_000)
    .describe('how often the `payments.reconcile` job runs (and once at every job runner\'s start): it compares the gateway\'s succeeded payments with the orders, and refunds, once, a payment no order holds (the process died between the charge and the order\'s commit)'),
  RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(3_600_000)
    .describe('how old a succeeded gateway payment must be before reconciliation judges it: a younger one\'s order may still be committing, or its buyer still coming back from the bank page'),
  RECONCILE_LOOKBACK_MS: z.coerce.number().int().positive().default(3 * 24 * 3600 * 1000)
    .describe('how far back reconciliation looks at the gateway\'s payments'),
  RETENTION_INTERVAL_MS: z.coerce.number().int().positive().default(24 * 3600 * 1000)
    .describe('how often the `privacy.retention` job runs (and once at every job runner\'s start): it deletes what the store has no more reason to keep, by the periods below (docs/privacy.md)'),
  RETENTION_CHECKOUT_DAYS: z.coerce.number().int().positive().default(30)
    .describe('days after its last change an abandoned checkout (never placed) is deleted, with the contact and addresses typed in it'),
  RETENTION_UNVERIFIED_ACCOUNT_DAYS: z.coerce.number().int().positive().default(30)
    .describe('days after sign-up a sign-in account whose e-mail was never confirmed, and that never used the store, is deleted'),
  RETENTION_INVITATION_DAYS: z.coerce.number().int().positive().default(30)
    .describe('days after it expired or was answered that an organization invitation (an e-mail address) is deleted'),
  RETENTION_SPAM_LEAD_DAYS: z.coerce.number().int().positive().default(30)
    .describe('days a marketing-form submission judged spam is kept (to check the spam rules) before it is deleted'),
  RETENTION_ANALYTICS_DAYS: z.coerce.number().int().positive().default(395)
    .describe('days an analytics event is kept (13 months, the common limit for audience measurement in the EU)'),
  RETENTION_OUTBOX_DAYS: z.coerce.number().int().positive().default(30)
    .describe('days a processed outbox row (a sent e-mail, a delivered lead, a finished job) is kept for operators before it is deleted; dead rows stay until an operator deals with them'),
  RETENTION_LEARNER_PROOF_DAYS: z.coerce.number().int().positive().default(90)
    .describe('days after the decision that a learner\'s uploaded proof of enrollment is wiped (the decision, school and dates stay)'),
  RETENTION_CONSENT_DAYS: z.coerce.number().int().positive().default(1826)
    .describe('days after a newer decision superseded it that a consent decision (analytics, marketing e-mail) is deleted: 5 years, the limitation period for claims about the processing it allowed (art. 3:310 BW); the decision in force is kept while it is in force'),
  /** The points are in modules/faults. */
  FAULT_POINT: z.string().optional()
    .describe('tests only, honoured only with `NODE_ENV=test` or `development`: `after-payment-confirmed` kills the process (SIGKILL) after the gateway confirmed a charge, before the order commits'),
  TEST_GATEWAY_SETTLE_MS: z.coerce.number().int().min(0).default(1500)
    .describe('how long the test gateway takes to settle an authorised asynchronous payment (by webhook)'),
  JOBS_IN_PROCESS: flag.default(true)
    .describe('run the job runner (outbox, scheduled jobs) in the server; `false`: run `npm run worker` (PostgreSQL only) beside the servers'),
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(1000).describe('pause between polls when no job is due'),
  JOBS_LEASE_MS: z.coerce.number().int().positive().default(300_000)
    .describe('how long a claimed job belongs to its runner (a killed runner\'s job is retried after it)'),
  JOBS_MAX_ATTEMPTS: z.coerce.number().int().positive().default(10).describe('attempts before a failing job is marked dead'),
  MAIL_TRANSPORT: z.enum(['sink', 'smtp']).default('sink')
    .describe('`sink`: each e-mail as an `.eml` file under `MAIL_SINK_DIR`; `smtp`: sent through `SMTP_URL`'),
  MAIL_SINK_DIR: z.string().optional().meta({
    description: 'where the sink writes (`{outbox id}.eml`; open with any mail client)',
    unset: '`${DATA_DIR}/mail`',
  }),
  MAIL_SINK_PAGE: flag.optional().meta({
    description: 'serve the sink read-only at `/dev/mail/` (sink transport on the embedded database only, `npm start` included; never with `DATABASE_URL`)',
    unset: '`true` on the embedded database',
  }),
  SMTP_URL: z.string().url().optional()
    .describe('`smtp://user:pass@host:port` (`smtps://` for TLS) when `MAIL_TRANSPORT=smtp`'),
  MAIL_FROM: z.string().default('Probe Store <no-reply@probe.store>').describe('the sender of every e-mail'),
  SELLER_NAME: z.string().optional().meta({
    description: 'the seller printed on invoices and quotes',
    unset: '`Probe Store B.V.` (the demo seller)',
  }),
  SELLER_ADDRESS: z.string().optional().meta({
    description: 'its postal address, lines separated by `;`',
    unset: '`Herengracht 500; 1017 CB Amsterdam; Netherlands`',
  }),
  SELLER_VAT_NUMBER: z.string().optional().meta({
    description: 'its VAT number; must be Dutch (`NL…`): reverse charge is computed for a seller in NL, and the start stops on another',
    unset: '`NL859345678B01` (a demo number)',
  }),
  SELLER_EMAIL: z.string().email().optional().meta({
    description: 'the address printed for questions about a document',
    unset: '`billing@probe.store`',
  }),
  CRM_WEBHOOK_URL: z.string().url().optional()
    .describe('the CRM endpoint each lead is POSTed to, signed with `CRM_WEBHOOK_SECRET`; unset, leads go to the local CRM sink'),
  CRM_WEBHOOK_SECRET: z.string().min(16).optional()
    .describe('the secret the leads sent to `CRM_WEBHOOK_URL` are signed with (≥ 16 characters, required with the URL)'),
  CRM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000)
    .describe('longest delivery attempt before it counts as failed and is retried'),
  CRM_SINK_DIR: z.string().optional().meta({
    description: 'where the local CRM sink writes (`{lead id}.json`)',
    unset: '`${DATA_DIR}/crm`',
  }),
  CRM_SINK_PAGE: flag.optional().meta({
    description: 'serve the CRM sink read-only at `/dev/crm/` (sink only: never with `CRM_WEBHOOK_URL`)',
    unset: '`true` unless `NODE_ENV=production`',
  }),
  FORMS_PARENT_ORIGINS: originList
    .describe('comma-separated exact origins (scheme, host, port; no path, no wildcard) that may embed the marketing forms, e.g. a beta store and the vet site; the store\'s own origin is always allowed'),
  /** graphql/cors.ts (reliability W11). */
  CORS_ALLOWED_ORIGINS: originList
    .describe('comma-separated exact origins whose pages may call `/graphql` and `/admin/graphql` from a browser with the visitor\'s credentials (CORS), besides `PUBLIC_URL`\'s, which always may; any other origin gets no `Access-Control-Allow-*` header, its preflight included'),
  /** http/host-check.ts (reliability W10). */
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v, ctx) => v.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
      const host = normalizeHost(s);
      if (!host) ctx.addIssue({ code: 'custom', message: `${s} is not a host name or address (host or host:port, no scheme or path)` });
      return host ?? '';
    }))
    .describe('comma-separated Host header values (`host` or `host:port`) answered besides `PUBLIC_URL`\'s host; any other Host gets 421, except at `/healthz` and `/readyz`, which a load balancer may ask by address. Outside production, and whenever `PUBLIC_URL` is itself a loopback address, `localhost`, `127.0.0.1` and `[::1]` are answered on any port too. No absolute URL is ever made from the Host header, and `X-Forwarded-Host` is never read'),
  /** metrics/ (issue 39). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional()
    .describe('serve Prometheus metrics at `/metrics` on this port, a listener of its own apart from the store\'s (`0`: any free port, logged); unset, no metrics are served or recorded per request. The server and the worker (`npm run worker`) each read it: give each process on one host its own port. Metrics, alerts and the dashboard: docs/monitoring.md'),
  METRICS_HOST: z.string().default('127.0.0.1')
    .describe('the address the metrics listener binds to (keep it off the public network: `0.0.0.0` only behind a firewall that lets just Prometheus in)'),
  METRICS_TOKEN: z.string().min(16).optional()
    .describe('when set, `/metrics` answers only requests carrying `Authorization: Bearer <token>` (≥ 16 characters; Prometheus\' `authorization` setting), others 401'),
  /** tracing/ (issue 39). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional()
    .describe('an OpenTelemetry collector\'s OTLP/HTTP endpoint (e.g. `http://127.0.0.1:4318`): each request, GraphQL execution, SQL statement, payment-gateway and CRM call and job becomes a span sent to `${endpoint}/v1/traces`, and the trace id goes into the log lines and beside the `errorId` of an error answer. Unset, no span is made'),
  OTEL_SERVICE_NAME: z.string().optional().meta({
    description: 'the `service.name` the spans carry',
    unset: '`probe-store` (the server), `probe-store-worker` (the worker)',
  }),
  FORMS_TICKET_SECRET: z.string().min(16).optional().meta({
    description: 'signs the tickets that time a form\'s filling (set it to share one key across databases)',
    unset: 'a key made once and kept in the database',
  }),
  FORMS_MIN_FILL_MS: z.coerce.number().int().min(0).default(3000)
    .describe('a form sent sooner than this after it was shown is stored as spam'),
}).transform((c, ctx) => {
  // A console token is staff rights: were both audiences one, every buyer's store token would be one.
  if (c.AUTH_ADMIN_AUDIENCE === c.AUTH_JWT_AUDIENCE) ctx.addIssue({ code: 'custom', path: ['AUTH_ADMIN_AUDIENCE'], message: 'must differ from AUTH_JWT_AUDIENCE (a store token would open the console)' });
  const publicUrl = (c.PUBLIC_URL ?? `http://127.0.0.1:${c.PORT}`).replace(/\/+$/, '');
  const redirectUris = (c.AUTH_REDIRECT_URIS ?? `${publicUrl}/auth/callback`).split(',').map((s) => s.trim()).filter(Boolean);
  const parents = [...new Set([new URL(publicUrl).origin, ...c.FORMS_PARENT_ORIGINS])];
  return { ...c, PUBLIC_URL: publicUrl, AUTH_REDIRECT_URIS: redirectUris, FORMS_PARENT_ORIGINS: parents, DEMO_DATA: c.DEMO_DATA ?? !c.DATABASE_URL };
});

export type Config = z.infer<typeof ConfigSchema>;

/** The schema, for the configuration reference (docs/configuration.md); read the configuration with loadConfig. */
export { ConfigSchema };

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
