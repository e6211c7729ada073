import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Yoga } from '../graphql/yoga.ts';
import type { CacheHint, RequestParams, ResponseCache } from './response-cache.ts';
import { PROOF_MAX_BYTES } from '../modules/learners/index.ts';
import { responseCacheLookups } from '../metrics/index.ts';
import { openDuringMaintenance, sendMaintenance } from './maintenance.ts';
import type { ShopStateRow } from '../modules/catalogue/index.ts';
import { TurnsFull, type Turns } from './turns.ts';
import { apiCompression } from './compression.ts';

const cacheHit = responseCacheLookups.labels('hit');
const cacheMiss = responseCacheLookups.labels('miss');

/** The largest multipart body: one file at its limit and the operation around it. */
const MULTIPART_MAX_BYTES = PROOF_MAX_BYTES + 64 * 1024;

/**
 * The largest JSON body: the storefront's largest document is under 3 KB and its variables a few more;
 * a body over 64 KB is refused (413) before it is read, so an attack cannot make the server read and
 * parse 1 MB of JSON (200 KB of it took 3 ms; reliability W2b). The console's API keeps the app's 1 MB.
 */
const GRAPHQL_JSON_MAX_BYTES = 64 * 1024;

/** A JSON body as it was sent, parsed only when GraphQL runs: the response cache finds an answer by its text. */
class JsonText {
  constructor(readonly text: string) {}
}

/**
 * Who may send a multipart body (a learner's proof of enrollment): asked from the headers alone, before
 * a byte of the body is read. Null lets it through; otherwise the status and message to refuse it with.
 */
export type UploadGate = (authorization: string | null) => Promise<{ status: 401 | 429; message: string; retryAfterS?: number } | null>;

declare module 'fastify' {
  interface FastifyRequest {
    cacheHint?: CacheHint;
    /** The shop's settings row as read for this request (by the maintenance check), shared by its operations' reads. */
    shopState?: Promise<ShopStateRow>;
  }
}

/**
 * CSRF: a POST another site's page can send without asking first (a form, text/plain, a multipart form)
 * never reaches an operation. JSON needs a CORS preflight cross-site; a multipart upload (a learner's
 * proof) is accepted only with an Authorization header, which needs one too.
 */
function preflighted(type: string, headers: FastifyRequest['headers']): boolean {
  if (type === 'application/json' || type === 'application/graphql-response+json') return true;
  return type === 'multipart/form-data' && typeof headers.authorization === 'string' && headers.authorization.length > 0;
}

/** The document a GET or a JSON POST asks for (a batch, a multipart body or bad JSON: none). */
function requestedQuery(method: string, query: unknown, body: unknown): unknown {
  if (method === 'GET') return (query as { query?: unknown } | null)?.query;
  if (!(body instanceof JsonText)) return undefined;
  try {
    return (JSON.parse(body.text) as { query?: unknown } | null)?.query;
  } catch {
    return undefined;
  }
}

const mediaType = (headers: FastifyRequest['headers']) => (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * Mounts Yoga on Fastify: GET and POST /graphql (a mutation over GET is refused with 405 by Yoga).
 * Anonymous answers that depend only on the catalogue come from the response cache when it has them.
 */
/**
 * While maintenance is on (closedTo says so for the client's address) only the shop's maintenance fields and
 * the marketing forms are answered; every other request gets 503 with Retry-After, before any cache or parse.
 */
export function registerGraphqlRoute(app: FastifyInstance, yoga: Yoga, cache: ResponseCache, version: () => Promise<number>, mayUpload: UploadGate, closedTo: (req: FastifyRequest) => Promise<boolean> = async () => false, turns?: Turns): void {
  // Multipart bodies (file uploads) are parsed by Yoga itself, so Fastify's body limit does not bound them:
  // they must declare their length, at most one proof of enrollment and its form fields.
  app.addContentTypeParser('multipart/form-data', {}, (req, _payload, done) => {
    const length = Number(req.headers['content-length']);
    if (!length) return done(Object.assign(new Error('A multipart request must declare its length'), { statusCode: 411 }));
    if (length > MULTIPART_MAX_BYTES) return done(Object.assign(new Error('Request body is too large'), { statusCode: 413 }));
    done(null);
  });
  void app.register(async (scope) => {
    // In this scope only: the other JSON routes keep Fastify's parser. Parsed below with the same parser
    // (same limits, same 400 for malformed JSON, prototype poisoning refused).
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => done(null, new JsonText(text as string)));
    scope.route({
      url: yoga.graphqlEndpoint,
      method: ['GET', 'POST', 'OPTIONS'],
      bodyLimit: GRAPHQL_JSON_MAX_BYTES,
      compress: apiCompression,
      handler: async (req, reply) => {
        const type = mediaType(req.headers);
        if (req.method !== 'OPTIONS' && (await closedTo(req)) && !openDuringMaintenance(requestedQuery(req.method, req.query, req.body))) return sendMaintenance(reply);
        if (req.method === 'POST' && !preflighted(type, req.headers)) {
          return reply.status(415).header('cache-control', 'no-store').send({ errors: [{ message: 'Send GraphQL as application/json', extensions: { exception: { code: 'UnsupportedMediaType' } } }] });
        }
        if (req.method === 'POST' && type === 'multipart/form-data') {
          // Refused from its headers: the body is never read (closing the connection keeps Node from draining it).
          const refusal = await mayUpload(req.headers.authorization ?? null);
          if (refusal) {
            if (refusal.retryAfterS) reply.header('retry-after', String(refusal.retryAfterS));
            const code = refusal.status === 401 ? 'PermissionDenied' : 'TooManyRequests';
            return reply.status(refusal.status).header('connection', 'close').header('cache-control', 'no-store').send({ errors: [{ message: refusal.message, extensions: { exception: { code } } }] });
          }
        }
        const text = req.body instanceof JsonText ? req.body.text : undefined;
        const rawKey = cache.keyOf(req, text);
        if (rawKey && (await cache.serve(rawKey, req, reply))) return (cacheHit.inc(), reply);
        if (text !== undefined) {
          req.body = await new Promise((resolve, reject) => parseJson(req, text, (error, body) => (error ? reject(error) : resolve(body))));
        }
        // A request written differently from one already answered (spacing, key order) is served its answer.
        const key = rawKey && cache.normalise(rawKey, (req.method === 'GET' ? req.query : req.body) as RequestParams);
        if (key && (await cache.serve(key, req, reply))) return (cacheHit.inc(), reply);
        if (rawKey) cacheMiss.inc();
        const versionBefore = key ? await version() : 0;
        req.cacheHint = { shared: true };
        let response: Response;
        try {
          // An answer from the cache above took no turn; an operation waits for one (turns.ts).
          const answer = async () => yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
          response = turns ? await turns.run(answer) : await answer();
        } catch (error) {
          if (!(error instanceof TurnsFull)) throw error;
          return reply.status(503).header('retry-after', '1').header('cache-control', 'no-store').send({ errors: [{ message: 'The store is busy: try again in a moment', extensions: { exception: { code: 'ServiceUnavailable' } } }] });
        }
        response.headers.forEach((value, name) => void reply.header(name, value));
        reply.status(response.status);
        const contentType = response.headers.get('content-type') ?? '';
        if (key && response.status === 200 && req.cacheHint.shared && contentType.startsWith('application/')) {
          const body = await response.text();
          // Kept only when it answered without errors and the catalogue did not change meanwhile.
          if (!body.includes('"errors"') && (await version()) === versionBefore) return cache.storeAndSend(key, versionBefore, body, contentType, req, reply);
          return reply.header('cache-control', 'no-store').send(body);
        }
        reply.header('cache-control', 'no-store');
        // A JSON answer is sent whole, as a string: Fastify and the compression then take the short, synchronous
        // path (a stream made a brotli stream per answer: a sixth of the server's time in a purchase).
        // Incremental answers (@defer, multipart/mixed) stream.
        if (contentType.startsWith('application/')) return reply.send(await response.text());
        return reply.send(response.body);
      },
    });
  });
}
