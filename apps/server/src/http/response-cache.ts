import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers to anonymous GraphQL queries that depend only on the catalogue (the Shop query, countries,
 * address rules), kept in memory and served without running GraphQL again. An entry is valid while
 * the catalogue version it was made under is current and for at most `maxAgeSeconds` (time-bound
 * rules such as voucher expiry are at most that late in a cached catalogue view; the checkout always
 * decides afresh). Whether an answer may be cached is decided while it is made: a resolver that reads
 * the request (geolocation, maintenance access, the user) marks it private.
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
  contentType: string;
}

export interface ResponseCacheOptions {
  maxAgeSeconds: number;
  maxEntries: number;
  version: () => Promise<number>;
}

/** The largest POST body looked up in the cache. */
const CACHEABLE_BODY_MAX_BYTES = 16 * 1024;

export class ResponseCache {
  private entries = new Map<string, Entry>();

  constructor(private readonly options: ResponseCacheOptions) {}

  get enabled(): boolean {
    return this.options.maxAgeSeconds > 0;
  }

  /**
   * The cache key of a request, or null when it must not be served from the cache. A POST is looked up by
   * its body's text as sent (`bodyText`), before it is parsed: a cached answer costs no JSON parse.
   */
  keyOf(req: FastifyRequest, bodyText?: string): string | null {
    if (!this.enabled || req.headers.authorization) return null;
    if (req.method === 'GET') return `GET ${req.url}`;
    // The storefront's documents are under 3 KB: a larger body is not worth hashing to look up (a 200 KB
    // one, an attack's, took 2 ms).
    if (req.method !== 'POST' || bodyText === undefined || bodyText.length > CACHEABLE_BODY_MAX_BYTES) return null;
    // A mutation runs every time it is sent, whatever its resolvers report (defence in depth); a query
    // whose variables say "mutation" is only answered afresh.
    if (/\bmutation\b/.test(bodyText)) return null;
    return `POST ${hash('sha1', bodyText, 'base64')}`;
  }

  /** Serves a fresh entry (304 when the client already has it); false when there is none. */
  async serve(key: string, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const entry = this.entries.get(key);
    if (!entry) return false;
    if (Date.now() - entry.storedAt > this.options.maxAgeSeconds * 1000 || entry.version !== (await this.options.version())) {
      this.entries.delete(key);
      return false;
    }
    this.headers(reply, entry);
    reply.header('x-cache', 'HIT');
    if (req.headers['if-none-match'] === entry.etag) {
      reply.status(304).send();
    } else {
      reply.status(200).type(entry.contentType).send(entry.body);
    }
    return true;
  }

  /** Keeps an answer made under `version` and sets its caching headers. */
  store(key: string, version: number, body: string, contentType: string, reply: FastifyReply): void {
    const entry: Entry = {
      version,
      storedAt: Date.now(),
      etag: `"${version}-${hash('sha1', body, 'base64url').slice(0, 22)}"`,
      body: Buffer.from(body),
      contentType,
    };
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    this.headers(reply, entry);
    reply.header('x-cache', 'MISS');
  }

  private headers(reply: FastifyReply, entry: Entry): void {
    const remaining = Math.max(0, this.options.maxAgeSeconds - Math.floor((Date.now() - entry.storedAt) / 1000));
    reply.header('etag', entry.etag).header('cache-control', `public, max-age=${remaining}`).header('vary', 'accept, accept-encoding, authorization');
  }
}
