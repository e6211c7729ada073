import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { acceptsGzip } from './compression.ts';
import { localeSitemapXml, planSitemap, sitemapIndexXml, type CatalogueService, type SitemapPlan } from '../modules/catalogue/index.ts';

/**
 * The sitemap files kept at once (the index and the locales' files), gzipped, in bytes: a ~320 KB locale
 * file keeps a tenth or less of its size gzipped (its URLs repeat), so every market's fits where the 53 files
 * as text (17 MB) did not fit in 16 MB.
 */
export const SITEMAP_CACHE_BYTES = 4 * 1024 * 1024;

/**
 * The sitemap's plan and files made at one catalogue version, kept gzipped (crawlers ask for gzip: sent as
 * kept; anyone else gets it unzipped) until the catalogue changes (its version moves: everything is dropped)
 * and within a byte budget (the least recently read file goes first; a file larger than the budget is sent
 * and not kept). Requests arriving while a file is made share its work.
 */
export class SitemapCache {
  private version = -1;
  private plan: Promise<SitemapPlan> | null = null;
  private files = new Map<string, Buffer>();
  private making = new Map<string, Promise<Buffer | null>>();
  private bytes = 0;

  constructor(private readonly catalogue: Pick<CatalogueService, 'version' | 'snapshot'>, private readonly maxBytes = SITEMAP_CACHE_BYTES) {}

  /** Bytes held now (for tests and operators). */
  get size(): number {
    return this.bytes;
  }

  /** A file, gzipped (`xml()` unzips it), or null when there is no such file. */
  async file(name: string, make: (plan: SitemapPlan) => string | null): Promise<Buffer | null> {
    const version = await this.catalogue.version();
    if (version !== this.version) {
      this.version = version;
      this.plan = null;
      this.files.clear();
      this.making.clear();
      this.bytes = 0;
    }
    const kept = this.files.get(name);
    if (kept !== undefined) {
      this.files.delete(name);
      this.files.set(name, kept);
      return kept;
    }
    let pending = this.making.get(name);
    if (!pending) {
      const plan = (this.plan ??= planSitemap(this.catalogue).catch((error: unknown) => {
        this.plan = null;
        throw error;
      }));
      pending = plan.then((made) => {
        const text = make(made);
        return text === null ? null : gzipSync(text);
      }).finally(() => this.making.delete(name));
      this.making.set(name, pending);
      void pending.then((gzipped) => gzipped !== null && this.version === version && this.keep(name, gzipped), () => undefined);
    }
    return pending;
  }

  private keep(name: string, gzipped: Buffer): void {
    const size = gzipped.length;
    if (size > this.maxBytes || this.files.has(name)) return;
    for (const [oldest, value] of this.files) {
      if (this.bytes + size <= this.maxBytes) break;
      this.files.delete(oldest);
      this.bytes -= value.length;
    }
    this.files.set(name, gzipped);
    this.bytes += size;
  }
}

/** A kept file as text. */
export const xml = (gzipped: Buffer): string => gunzipSync(gzipped).toString('utf8');

/** A sitemap file as kept when the client takes gzip (every crawler does), else unzipped. */
function sendXml(req: FastifyRequest, reply: FastifyReply, gzipped: Buffer): FastifyReply {
  reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').header('vary', 'accept-encoding');
  if (acceptsGzip(req)) return reply.header('content-encoding', 'gzip').send(gzipped);
  return reply.send(xml(gzipped));
}

/** Paths search engines are asked not to crawl: the API, the console, sign-in, and every buyer's own pages. */
const DISALLOWED = [
  '/graphql', '/admin/', '/oidc/', '/auth/', '/documents/', '/privacy/', '/learner-proofs/', '/test-gateway/', '/dev/',
  '/*/*/cart/', '/*/*/checkout/', '/*/*/confirmation/', '/*/*/order-payment', '/*/*/invoice-payment',
  '/*/*/account/', '/*/*/subscription/', '/*/*/upgrade/', '/*/*/refer/', '/*/*/learner', '/*/*/pay/',
];

/** robots.txt and sitemap.xml, with absolute URLs on PUBLIC_URL's origin (never the request's Host). */
export function registerSeoRoutes(app: FastifyInstance, { config, catalogue }: { config: Pick<Config, 'PUBLIC_URL'>; catalogue: Pick<CatalogueService, 'version' | 'snapshot'> }): SitemapCache {
  const origin = new URL(config.PUBLIC_URL).origin;
  const cache = new SitemapCache(catalogue);
  const robots = ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');

  app.get('/robots.txt', (_req, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots));
  app.get('/sitemap.xml', async (req, reply) => sendXml(req, reply, (await cache.file('index', (plan) => sitemapIndexXml(plan, origin)))!));
  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (req, reply) => {
    const match = /^([a-z]{2})-([a-z]{2})-([1-9][0-9]{0,4})\.xml$/.exec(req.params.file);
    const gzipped = match ? await cache.file(req.params.file, (plan) => localeSitemapXml(plan, origin, match[1]!, match[2]!, Number(match[3]))) : null;
    if (gzipped === null) return reply.status(404).type('text/plain').send('Not Found');
    return sendXml(req, reply, gzipped);
  });
  return cache;
}
