import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '@probe/db';
import type { Config } from '../config.ts';
import { createYogaServer, type Yoga } from '../graphql/yoga.ts';
import { refusedByLimits } from '../graphql/document-limits.ts';
import { createTokenVerifier } from '../auth/tokens.ts';
import { CatalogueService } from '../modules/catalogue/index.ts';
import { maintenanceClosedTo, noteMaintenanceState, type GeoLookup } from '../modules/shop/index.ts';
import { registerClientErrors } from './client-errors.ts';
import { compression } from './compression.ts';
import { registerGraphqlRoute } from './graphql-route.ts';
import { Turns } from './turns.ts';
import { ResponseCache } from './response-cache.ts';
import { registerHealthRoutes, type Lifecycle } from './health.ts';
import { registerHostCheck } from './host-check.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerStorefront, type StorefrontBundles } from './storefront.ts';
import { registerCrmSinkPage } from './crm-sink.ts';
import { registerPaymentRoutes } from './payments.ts';
import { createRateLimiterFactory } from './rate-limit.ts';
import { createGateway, TestGateway, type PaymentGateway } from '../modules/payments/index.ts';
import { registerMailSinkPage } from '../mail/index.ts';
import { registerIdentity, type Identity } from '../identity/index.ts';
import { Handoffs } from '../auth/handoffs.ts';
import { registerAuthHandoff } from './auth-handoff.ts';
import { registerLearnerProofs } from './learner-proofs.ts';
import { registerAdmin } from './admin.ts';
import { createAdminYoga } from '../admin-graphql/yoga.ts';
import { registerDocumentRoutes } from './documents.ts';
import { registerPrivacyExportRoute } from './privacy-export.ts';
import { registerSeoRoutes } from './seo.ts';
import { observeDatabase, observeResponseCache, registerHttpMetrics } from '../metrics/index.ts';
import { GATEWAY_CALLS, registerHttpTracing, traceIdMixin, tracedMethods } from '../tracing/index.ts';
import { privateLoggerOptions } from '../logging/private-logs.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  geoLookup?: GeoLookup | null;
  /** The built storefront (the store and the forms applications); omitted in API-only tests. */
  storefront?: StorefrontBundles | null;
  /** Where log lines go (default stdout); tests read them to match error ids. */
  logStream?: NodeJS.WritableStream;
  /** The clock (tests move it to check expiry rules). */
  now?: () => Date;
  /** The payment gateway; by default the one the configuration names. */
  gateway?: PaymentGateway;
}

export interface App {
  app: FastifyInstance;
  yoga: Yoga;
  lifecycle: Lifecycle;
  /** The built-in identity provider (its signing keys), when mounted. */
  identity: Identity;
  catalogue: CatalogueService;
  gateway: PaymentGateway;
  /** The anonymous answers kept in memory (its size is what operators and tests watch). */
  responseCache: ResponseCache;
}

export async function buildApp({ config, database, geoLookup = null, storefront = null, logStream, now, gateway = createGateway(config, now, database) }: AppDeps): Promise<App> {
  // Traces (OTEL_EXPORTER_OTLP_ENDPOINT; tracing/): the active span's trace id in every log line.
  const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined;
  const mixin = tracing ? { mixin: traceIdMixin } : {};
  const app = Fastify({
    // Personal data is cut from every line (logging/private-logs.ts, docs/privacy.md).
    logger: logStream ? { level: config.LOG_LEVEL, stream: logStream, ...mixin, ...privateLoggerOptions } : { level: config.LOG_LEVEL, ...mixin, ...privateLoggerOptions },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // In-flight requests finish on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  // First: a request for another host name, or for a path a URL parser reads as another host, is answered before any route (reliability W10).
  registerHostCheck(app, config);
  // Every answer's route, status and latency, when metrics are served (METRICS_PORT; docs/monitoring.md).
  const metrics = config.METRICS_PORT !== undefined;
  if (metrics) registerHttpMetrics(app);
  if (tracing) {
    registerHttpTracing(app);
    gateway = tracedMethods(gateway, 'gateway', GATEWAY_CALLS, { 'payment.gateway': gateway.name });
  }
  // A body over the limit is refused from its Content-Length without being read; closing the connection
  // then keeps Node from reading (and discarding) the rest of it to reuse the socket: a 5 MB attack costs
  // the server a header, not 5 MB of reads (reliability W2b). Such a refusal, and a GraphQL document's over
  // its limits, is answered after REFUSAL_DELAY_MS: a client repeating them over its connections gets a
  // few answers a second on each, and the server's CPU stays with the other requests (docs/decisions/0023).
  app.addHook('onSend', (req, reply, payload, done) => {
    const tooLarge = reply.statusCode === 413;
    if (tooLarge) reply.header('connection', 'close');
    if ((tooLarge || refusedByLimits(req)) && config.REFUSAL_DELAY_MS > 0) setTimeout(() => done(null, payload), config.REFUSAL_DELAY_MS);
    else done(null, payload);
  });
  const lifecycle: Lifecycle = { accepting: true };
  const catalogue = new CatalogueService(database.db, { cache: config.CATALOGUE_CACHE, versionTtlMs: config.CATALOGUE_VERSION_TTL_MS, onState: (row) => noteMaintenanceState(database.db, row) });
  // One set of rate-limit counters for the whole app (one Redis connection when REDIS_URL is set).
  const rateLimits = createRateLimiterFactory({ redisUrl: config.REDIS_URL, keyPrefix: 'probe' });
  const identity = await registerIdentity(app, { config, db: database.db, rateLimits, ...(now ? { now } : {}) });
  const tokenSource = { publicKeyPem: config.AUTH_JWT_PUBLIC_KEY, issuer: config.AUTH_JWT_ISSUER, issuerUrl: config.AUTH_ISSUER_URL, builtIn: identity.builtIn };
  const tokens = await createTokenVerifier({ ...tokenSource, audience: config.AUTH_JWT_AUDIENCE });
  // The console's tokens carry their own audience: the shop's tokens are not accepted by its API.
  const adminTokens = await createTokenVerifier({ ...tokenSource, audience: config.AUTH_ADMIN_AUDIENCE });
  // CheckUserExistence answers whether an e-mail has an account: 20 questions a minute per address.
  const userExistence = rateLimits.create('user-existence', { points: 20, durationS: 60 });
  // Referral links are looked up (portal, cart) 30 times a minute per address: tokens cannot be enumerated.
  const referrerLookup = rateLimits.create('referrer-lookup', { points: 30, durationS: 60 });
  // Marketing forms: 20 submissions per 10 minutes per address (a trade-show booth's tablet sends many, a script more).
  const leadSubmit = rateLimits.create('lead-submit', { points: 20, durationS: 600 });
  // Analytics events: a buyer's visit sends a few (begin checkout, sign-in, purchase); a clinic or a campus
  // behind one address sends many (30 per 10 minutes refused the browser tests' own visits): 600 per 10
  // minutes per address, each event at most 4 KB, bounds a flood to 2.4 MB in 10 minutes.
  const analyticsEvent = rateLimits.create('analytics-event', { points: 600, durationS: 600 });
  // Tokens (checkouts', orders' and invoices' 122 random bits, referral links, the test gateway's payments; over
  // GraphQL and HTTP alike: one counter) and voucher codes (short: REFER-7Q2K) cannot be guessed either:
  // 20 misses per 10 minutes per address, then every attempt is refused until the window ends.
  const tokenMisses = rateLimits.create('token-miss', { points: 20, durationS: 600 });
  const voucherMisses = rateLimits.create('voucher-miss', { points: 20, durationS: 600 });
  const limits = {
    userExistence: (clientIp: string) => userExistence.hit(clientIp),
    referrerLookup: (clientIp: string) => referrerLookup.hit(clientIp),
    leadSubmit: (clientIp: string) => leadSubmit.hit(clientIp),
    analyticsEvent: (clientIp: string) => analyticsEvent.hit(clientIp),
    tokenMisses: {
      attempt: (clientIp: string) => tokenMisses.hit(clientIp), notMissed: (clientIp: string) => tokenMisses.giveBack(clientIp),
      blockedFor: (clientIp: string) => tokenMisses.blockedFor(clientIp), missed: async (clientIp: string) => void (await tokenMisses.hit(clientIp)),
    },
    voucherMisses: { attempt: (clientIp: string) => voucherMisses.hit(clientIp), notMissed: (clientIp: string) => voucherMisses.giveBack(clientIp) },
  };
  const yoga = createYogaServer({ db: database.db, catalogue, tokens, now, config, log: app.log, geoLookup, gateway, limits });

  // Brotli or gzip for anything over 1 KB; the GraphQL routes prefer gzip (compression.ts).
  await app.register(fastifyCompress, compression);
  registerSecurityHeaders(app);
  registerHealthRoutes(app, lifecycle, database.ping);
  // Error reports from browsers: 20 logged per 10 minutes per address (a page failing in a loop sends a few; a script, more).
  registerClientErrors(app, rateLimits.create('client-error', { points: 20, durationS: 600 }));
  const responseCache = new ResponseCache({
    maxAgeSeconds: config.RESPONSE_CACHE_MAX_AGE_S,
    maxBytes: config.RESPONSE_CACHE_MAX_BYTES,
    maxAnswerBytes: config.RESPONSE_CACHE_MAX_ANSWER_BYTES,
    version: () => catalogue.version(),
  });
  app.addHook('onClose', async () => responseCache.close());
  if (metrics) {
    observeResponseCache(responseCache);
    observeDatabase(database);
  }
  // Maintenance (the console's switch): the store's pages and API answer 503 to everyone but the addresses let through.
  // The switch as the database has it at the start (before any request is counted); then as requests read it.
  await catalogue.settings().then((row) => noteMaintenanceState(database.db, row), () => undefined);
  // When the switch must be read again, it is the request's own read of the settings row (the catalogue's), kept on
  // the request for its operations: no request sends a statement more for it.
  const closedTo = (req: FastifyRequest) => maintenanceClosedTo(database.db, req.ip, config.MAINTENANCE_ALLOW_IPS, () => (req.shopState ??= catalogue.requestSettings()));
  // A proof of enrollment (up to 5 MB) only from a signed-in user, 10 an hour each: anyone else's upload is refused unread.
  const uploads = rateLimits.create('upload', { points: 10, durationS: 3600 });
  registerGraphqlRoute(app, yoga, responseCache, () => catalogue.version(), async (authorization) => {
    const identity = await tokens.identityFrom(authorization);
    if (!identity) return { status: 401, message: 'Sign in to send a file' };
    const wait = await uploads.hit(identity.id);
    return wait === null ? null : { status: 429, message: 'Too many files sent: try again later', retryAfterS: wait };
  }, closedTo, operationTurns(config, database.kind));
  // The test gateway's ledger lists every charge and refund: in production only staff see it, with a console token.
  registerPaymentRoutes(app, database.db, gateway, { publicUrl: config.PUBLIC_URL, ledger: config.NODE_ENV === 'production' ? { consoleTokens: adminTokens } : 'open', tokenMisses });
  if (config.NODE_ENV === 'production' && gateway instanceof TestGateway && !config.DEMO_DATA) {
    app.log.warn('PAYMENT_GATEWAY=test in production without the demo: orders are "paid" with test cards and no money moves; set PAYMENT_GATEWAY=stripe to take payments');
  }
  const clock = now ?? (() => new Date());
  registerAuthHandoff(app, { tokens, handoffs: new Handoffs(database.db, clock), rateLimits, now: clock });
  registerLearnerProofs(app, database.db, { store: tokens, console: adminTokens });
  await registerAdmin(app, { yoga: createAdminYoga({ db: database.db, gateway, catalogue, tokens: adminTokens, config, log: app.log, ...(now ? { now } : {}) }), db: database.db, tokens: adminTokens });
  registerDocumentRoutes(app, database.db, config, tokenMisses);
  registerPrivacyExportRoute(app, database.db, tokenMisses, clock);
  registerMailSinkPage(app, config);
  registerCrmSinkPage(app, config);
  app.addHook('onClose', () => rateLimits.close());
  // robots.txt and the sitemap, built from the catalogue's snapshots (API-only tests read them too).
  registerSeoRoutes(app, { config, catalogue });
  if (storefront) await registerStorefront(app, { yoga, config, bundles: storefront, closedTo });
  return { app, yoga, lifecycle, catalogue, gateway, identity, responseCache };
}

/**
 * How store API operations take turns (turns.ts, decision 0051): on the embedded database 4 at once, one
 * starting per turn of the loop; on PostgreSQL 12 at once, two per turn.
 */
export function operationTurns(config: Config, database: 'postgres' | 'pglite'): Turns | undefined {
  const atOnce = config.GRAPHQL_AT_ONCE ?? (database === 'pglite' ? 4 : 12);
  return atOnce > 0 ? new Turns(atOnce, config.GRAPHQL_MAX_WAITING, database === 'pglite' ? 1 : 2) : undefined;
}
