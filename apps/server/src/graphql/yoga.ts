import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import { createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentNode, ExecutionResult } from 'graphql';
import type { Database } from '@probe/db';
import type { Config } from '../config.ts';
import type { TokenVerifier } from '../auth/tokens.ts';
import type { CatalogueService } from '../modules/catalogue/index.ts';
import type { GeoLookup } from '../modules/shop/index.ts';
import type { PaymentGateway } from '../modules/payments/index.ts';
import type { GraphQLContext, RequestLimits } from './context.ts';
import { createLoaders } from './loaders.ts';
import { AccountsService, type UserRow } from '../modules/accounts/index.ts';
import { SavedMethodsService, SubscriptionChanges, SubscriptionsService } from '../modules/subscriptions/index.ts';
import { LeadsService } from '../modules/leads/index.ts';
import { RecentCheckouts } from '../modules/checkout/index.ts';
import { decorateErrors, maskError } from './errors.ts';
import { refuseUnstorableTextPlugin } from './unstorable-text.ts';
import { documentLimitsPlugin } from './document-limits.ts';
import { DocumentCache } from './document-cache.ts';
import { loadStoreDocuments } from './store-documents.ts';
import { schema } from './schema.ts';
import { corsPolicy } from './cors.ts';
import { operationMetricsPlugin, operationNames } from '../metrics/index.ts';
import { graphqlTracingPlugin } from '../tracing/index.ts';

interface ServerContext {
  req: FastifyRequest;
  reply?: FastifyReply;
}

export interface YogaDeps {
  db: Database;
  catalogue: CatalogueService;
  tokens: TokenVerifier;
  now?: () => Date;
  config: Config;
  log: FastifyBaseLogger;
  geoLookup: GeoLookup | null;
  gateway: PaymentGateway;
  limits: RequestLimits;
}

export type Yoga = YogaServerInstance<ServerContext, GraphQLContext>;

/**
 * A document refused before execution (unparsable, over the token, depth, alias or cost limit, invalid)
 * has errors and no `data`: answered 400 whatever the Accept header. Yoga would answer such errors 200 to
 * `application/json` (the GraphQL-over-HTTP legacy rule), so an attack looked like success to a proxy, a
 * rate limiter or a dashboard counting 4xx. Errors from resolvers keep their 200 (they come with `data`).
 */
function refusedBeforeExecution(result: ExecutionResult): ExecutionResult {
  if ('data' in result || !result.errors?.length) return result;
  const extensions = (result.extensions ?? {}) as Record<string, unknown>;
  const http = (extensions.http ?? {}) as { status?: number };
  return { ...result, extensions: { ...extensions, http: { ...http, status: http.status ?? 400 } } };
}

/** Every error leaving /graphql gets its exception code and errorId here (and is logged once). */
function errorIdPlugin(log: FastifyBaseLogger): Plugin {
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result)) setResult(result.map((r) => refusedBeforeExecution(decorateErrors(r as ExecutionResult, log))));
      else if (!(Symbol.asyncIterator in (result as object))) setResult(refusedBeforeExecution(decorateErrors(result as ExecutionResult, log)));
    },
  };
}

/** The storefront's documents: read once per process (every app built in a test process shares them). */
let storeDocuments: string[] | undefined;

/** The budget of parsed documents other than the storefront's, estimated (about 80 KB of document text). */
const OTHER_DOCUMENTS_BYTES = 8 * 1024 * 1024;

export function createYogaServer({ db, catalogue, tokens, now = () => new Date(), config, log, geoLookup, gateway, limits }: YogaDeps): Yoga {
  const isDev = config.NODE_ENV === 'development';
  const accounts = new AccountsService(db);
  const subscriptions = new SubscriptionsService(db);
  const savedMethods = new SavedMethodsService(db, gateway);
  const subscriptionChanges = new SubscriptionChanges({ db, gateway, now, publicUrl: config.PUBLIC_URL, log });
  const leads = new LeadsService(db, { ticketSecret: config.FORMS_TICKET_SECRET, minFillMs: config.FORMS_MIN_FILL_MS });
  const recentCheckouts = config.CHECKOUT_CACHE_MAX_BYTES > 0 ? new RecentCheckouts(config.CHECKOUT_CACHE_MAX_BYTES) : undefined;
  const documents = new DocumentCache({ storeDocuments: (storeDocuments ??= loadStoreDocuments()), otherBytes: OTHER_DOCUMENTS_BYTES });
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    parserAndValidationCache: { documentCache: documents.documents, errorCache: documents.errors },
    graphqlEndpoint: '/graphql',
    logging: log,
    landingPage: false,
    // Only the store's own origins, with credentials; any other gets no CORS header (graphql/cors.ts).
    cors: corsPolicy(config),
    graphiql: isDev,
    maskedErrors: { maskError: (error) => maskError(error, log, isDev) },
    plugins: [
      // Refused before any resolver runs (ARCHITECTURE §6; at most Saleor's limits).
      // Saleor's default complexity limit: the checkout's full selection (lines, totals, addresses, methods) costs about 30 000.
      documentLimitsPlugin({ tokens: 5000, depth: 12, aliases: 30, cost: 50_000 }),
      // Text PostgreSQL cannot store is a bad request, not an internal error.
      refuseUnstorableTextPlugin(),
      // The schema is not handed out outside development (the storefront is typed from schema.graphql at build time).
      ...(isDev ? [] : [useDisableIntrospection(), blockFieldSuggestionsPlugin()]),
      // Compiles the storefront's own documents, once each: large catalogue answers execute several times
      // faster. Any other document runs on graphql-js: its compiled code (about 1 MB) would outlive it.
      {
        // Server rendering hands over new document objects each page: the kept one of the same text runs.
        onExecute({ args }: { args: { document: DocumentNode } }) {
          const kept = documents.storeDocument(args.document);
          if (kept) args.document = kept;
        },
      },
      useGraphQlJit({}, { enableIf: (args) => documents.isStoreDocument(args.document) }),
      // @defer and @stream, answered as multipart/mixed (the client reads the 2022-08-24 format).
      useDeferStream(),
      errorIdPlugin(log),
      // Each operation's name (the storefront's, else "other"), outcome and latency, when metrics are served.
      ...(config.METRICS_PORT !== undefined ? [operationMetricsPlugin(operationNames(storeDocuments))] : []),
      // A span per execution, around whichever execute function runs (after graphql-jit's), when tracing.
      ...(config.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined ? [graphqlTracingPlugin(operationNames(storeDocuments))] : []),
    ],
    context: async ({ req, request }): Promise<GraphQLContext> => {
      const identity = await tokens.identityFrom(request.headers.get('authorization'));
      const requester = { headers: request.headers, clientIp: req.ip, userId: identity?.id ?? null };
      let viewer: Promise<UserRow | null> | undefined;
      return {
        db,
        config,
        log: req.log,
        geoLookup,
        catalogue: catalogue.forRequest(req.shopState),
        gateway,
        now,
        requester: () => {
          if (req.cacheHint) req.cacheHint.shared = false;
          return requester;
        },
        accounts,
        subscriptions,
        savedMethods,
        subscriptionChanges,
        recentCheckouts,
        leads,
        loaders: createLoaders({ db, accounts, subscriptions, savedMethods }),
        limits,
        viewer: () => {
          if (req.cacheHint) req.cacheHint.shared = false;
          return (viewer ??= identity ? accounts.userFor(identity) : Promise.resolve(null));
        },
      };
    },
  });
}
