import { hash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { stripIgnoredCharacters } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip, compression, fittedCompressors } from './compression.ts';

/**
 * Answers to anonymous GraphQL queries that depend only on the catalogue (the Shop query, countries,
 * address rules), kept in memory and served without running GraphQL again. An entry is valid while
 * the catalogue version it was made under is current and for at most `maxAgeSeconds` (time-bound
 * rules such as voucher expiry are at most that late in a cached catalogue view; the checkout always
 * decides afresh). Whether an answer may be cached is decided while it is made: a resolver that reads
 * the request (geolocation, maintenance access, the user) marks it private.
 *
 * What it may hold is bounded in bytes (reliability W8): the answers together within `maxBytes`, least
 * recently used first out, none over `maxAnswerBytes`, expired and outdated ones swept every
 * `maxAgeSeconds`. An answer is kept once per normalised request (the operation without ignored
 * characters, its name, its variables): a request's raw text only points at it.
 *
 * An answer over the compression threshold is kept gzipped, as every browser asks for it: compressed once when
 * kept rather than on every hit (compressed per hit, a server answered 16,400 hits a second to clients asking
 * for gzip; kept compressed, 39,500-44,500), and several times smaller within the budget. A client that does
 * not accept gzip is sent a plain copy, made once and counted in the budget.
 */
export interface CacheHint {
  /** Cleared by any resolver whose answer depends on who asks. */
  shared: boolean;
}

interface Entry {
  version: number;
  storedAt: number;
  etag: string;
  /** Encoded once: a string would be encoded to UTF-8 on every write (a quarter of the cached path's time). */
  body: Buffer;
  /** `body` is the answer gzipped. */
  gzipped: boolean;
  /** A gzipped answer inflated, once a client that does not take gzip asked for it (inflating per hit cost three quarters of such a hit's throughput). */
  plain?: Buffer;
  contentType: string;
}

export interface ResponseCacheOptions {
  maxAgeSeconds: number;
  /** The budget of every answer kept, in bytes. */
  maxBytes: number;
  /** The largest answer kept (before compression). */
  maxAnswerBytes: number;
  version: () => Promise<number>;
}

/** A GraphQL request's parameters, as parsed from its JSON body or its query string. */
export interface RequestParams {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
}

/** The largest POST body looked up in the cache. */
const CACHEABLE_BODY_MAX_BYTES = 16 * 1024;

/** How many raw request texts are remembered as pointing at a kept answer (each a pair of short keys). */
const ALIASES_MAX = 20_000;

/** Per entry beside its body: the keys, the ETag, the map's bookkeeping. */
const ENTRY_OVERHEAD_BYTES = 400;

/** Variables in one order whatever order they came in (objects' keys sorted, at every depth). */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export class ResponseCache {
  private readonly entries: LRUCache<string, Entry>;
  /** A request's raw key (its body's hash, its URL) → the normalised key of its answer. */
  private readonly aliases = new LRUCache<string, string>({ max: ALIASES_MAX });
  private readonly sweeper: NodeJS.Timeout | null;

  constructor(private readonly options: ResponseCacheOptions) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: Math.max(1, options.maxBytes),
      sizeCalculation: (entry, key) => entry.body.length + (entry.plain?.length ?? 0) + key.length + ENTRY_OVERHEAD_BYTES,
    });
    this.sweeper = this.enabled ? setInterval(() => void this.sweep(), options.maxAgeSeconds * 1000).unref() : null;
  }

  get enabled(): boolean {
    return this.options.maxAgeSeconds > 0;
  }

  /** What it holds now: answers, their bytes (bodies and overhead), raw keys pointing at them. */
  get stats(): { entries: number; bytes: number; aliases: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize, aliases: this.aliases.size };
  }

  /**
   * The raw cache key of a request, or null when it must not be served from the cache. A POST is looked up
   * by its body's text as sent (`bodyText`), before it is parsed: a cached answer costs no JSON parse.
   */
  keyOf(req: FastifyRequest, bodyText?: string): string | null {
    if (!this.enabled || req.headers.authorization) return null;
    if (req.method === 'GET') return req.url.length <= CACHEABLE_BODY_MAX_BYTES ? `GET ${req.url}` : null;
    // The storefront's documents are under 3 KB: a larger body is not worth hashing to look up (a 200 KB
    // one, an attack's, took 2 ms).
    if (req.method !== 'POST' || bodyText === undefined || bodyText.length > CACHEABLE_BODY_MAX_BYTES) return null;
    // A mutation runs every time it is sent, whatever its resolvers report (defence in depth); a query
    // whose variables say "mutation" is only answered afresh.
    if (/\bmutation\b/.test(bodyText)) return null;
    return `POST ${hash('sha1', bodyText, 'base64')}`;
  }

  /**
   * The normalised key of a request whose raw key found nothing: its document without ignored characters,
   * its operation's name and its variables in a stable order. The raw key points at it from now on, so
   * requests that differ only in spacing, key order or fields GraphQL ignores share one answer. Null when
   * the request cannot be normalised (no document, or one that does not parse: GraphQL answers it).
   */
  normalise(rawKey: string, params: RequestParams): string | null {
    // A request sent before whose answer is not kept (private, over the cap, expired) is normalised once.
    const known = this.aliases.get(rawKey);
    if (known !== undefined) return known;
    if (typeof params.query !== 'string') return null;
    let document: string;
    try {
      document = stripIgnoredCharacters(params.query);
    } catch {
      return null;
    }
    let variables: unknown = params.variables ?? {};
    if (typeof variables === 'string') {
      try {
        variables = JSON.parse(variables) as unknown;
      } catch {
        return null;
      }
    }
    const operationName = typeof params.operationName === 'string' ? params.operationName : '';
    const key = hash('sha1', `${document}\u0000${operationName}\u0000${stableJson(variables)}`, 'base64');
    this.aliases.set(rawKey, key);
    return key;
  }

  /** Serves a fresh entry (304 when the client already has it); false when there is none. */
  async serve(key: string, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const normalised = this.aliases.get(key) ?? key;
    let entry = this.entries.get(normalised);
    if (!entry) return false;
    if (Date.now() - entry.storedAt > this.options.maxAgeSeconds * 1000 || entry.version !== (await this.options.version())) {
      this.entries.delete(normalised);
      return false;
    }
    const gzip = acceptsGzip(req);
    if (entry.gzipped && !entry.plain && !gzip) {
      // Kept anew with its plain copy, so the budget counts it (a new object: the cache sizes an entry when set).
      entry = { ...entry, plain: gunzipSync(entry.body) };
      this.entries.set(normalised, entry);
    }
    reply.header('x-cache', 'HIT');
    this.send(entry, gzip, req, reply);
    return true;
  }

  /**
   * Keeps an answer made under `version` and sends it (as a hit would be sent), or sends `body` as it is, not
   * to be stored, when it is over the per-answer cap.
   */
  storeAndSend(key: string, version: number, body: string, contentType: string, req: FastifyRequest, reply: FastifyReply): FastifyReply {
    const bytes = Buffer.from(body);
    if (bytes.length > this.options.maxAnswerBytes) return reply.header('cache-control', 'no-store').send(body);
    const gzipped = bytes.length >= compression.threshold;
    const gzip = acceptsGzip(req);
    const entry: Entry = {
      version, storedAt: Date.now(), etag: `"${version}-${hash('sha1', bytes, 'base64url').slice(0, 22)}"`,
      body: gzipped ? fittedCompressors.gzipSync(bytes) : bytes, gzipped, contentType,
      ...(gzipped && !gzip ? { plain: bytes } : {}),
    };
    this.entries.set(key, entry);
    reply.header('x-cache', 'MISS');
    return this.send(entry, gzip, req, reply);
  }

  /** Drops expired answers and those of an older catalogue (also done when one is asked for). */
  async sweep(): Promise<void> {
    const current = await this.options.version().catch(() => null);
    const oldest = Date.now() - this.options.maxAgeSeconds * 1000;
    const gone = [...this.entries.entries()].filter(([, e]) => e.storedAt < oldest || (current !== null && e.version !== current)).map(([k]) => k);
    for (const key of gone) this.entries.delete(key);
  }

  close(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.entries.clear();
    this.aliases.clear();
  }

  /**
   * An entry with its caching headers: 304 when the client has it, gzipped to a client that accepts that (`gzip`),
   * else plain (serve and storeAndSend keep a gzipped entry's plain copy before such a client is sent it).
   */
  private send(entry: Entry, gzip: boolean, req: FastifyRequest, reply: FastifyReply): FastifyReply {
    const remaining = Math.max(0, this.options.maxAgeSeconds - Math.floor((Date.now() - entry.storedAt) / 1000));
    reply.header('etag', entry.etag).header('cache-control', `public, max-age=${remaining}`).header('vary', 'accept, accept-encoding, authorization');
    if (req.headers['if-none-match'] === entry.etag) return reply.status(304).send();
    reply.status(200).type(entry.contentType);
    if (!entry.gzipped) return reply.send(entry.body);
    if (gzip) return reply.header('content-encoding', 'gzip').send(entry.body);
    return reply.send(entry.plain!);
  }
}
