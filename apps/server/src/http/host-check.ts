import type { FastifyInstance } from 'fastify';
import { normalizeHost, type Config } from '../config.ts';

/** Asked by load balancers and orchestrators, often by the instance's address: answered whatever the Host. */
const ANY_HOST_PATHS = new Set(['/healthz', '/readyz']);
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const HOSTS_REMEMBERED = 64;

/**
 * Whether a Host header names this store: PUBLIC_URL's host or one of ALLOWED_HOSTS; loopback names on
 * any port too outside production, or when PUBLIC_URL itself is on a loopback address (the demo's
 * `npm start`, tests and benchmarks reach it as localhost or 127.0.0.1).
 */
export function hostPolicy(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_HOSTS' | 'NODE_ENV'>): (host: string | undefined) => boolean {
  const publicUrl = new URL(config.PUBLIC_URL);
  const hosts = new Set([publicUrl.host, ...config.ALLOWED_HOSTS.map((h) => normalizeHost(h, publicUrl.protocol) ?? h)]);
  const loopback = config.NODE_ENV !== 'production' || LOOPBACK_NAMES.has(publicUrl.hostname);
  const decide = (host: string | undefined) => {
    const normalized = host ? normalizeHost(host, publicUrl.protocol) : null;
    if (!normalized) return false;
    return hosts.has(normalized) || (loopback && LOOPBACK_NAMES.has(new URL(`${publicUrl.protocol}//${normalized}`).hostname));
  };
  // Parsing the Host as a URL twice was a fifth of a cached answer's time: the verdicts on the Host values
  // seen are kept (the first HOSTS_REMEMBERED of them: a caller making up names gets them decided afresh).
  const verdicts = new Map<string, boolean>();
  return (host) => {
    if (host === undefined) return false;
    let verdict = verdicts.get(host);
    if (verdict === undefined) {
      verdict = decide(host);
      if (verdicts.size < HOSTS_REMEMBERED) verdicts.set(host, verdict);
    }
    return verdict;
  };
}

/**
 * The request's target must be ours before anything answers it (reliability W10):
 * - a Host that is not this store's is refused (421 Misdirected Request), so no page, redirect or
 *   provider document is ever made for another name; every absolute URL comes from PUBLIC_URL anyway;
 * - a request target that is not a path (`http://other/x`, absolute form) is refused (400);
 * - a path starting with two slashes (`//evil.example/us/en/`, `/\evil…`), which a URL parser reads as
 *   another host, is sent to the same path with one slash, on this origin (301).
 * Added first, so it runs before every route, the identity provider's and the not-found handler included.
 */
export function registerHostCheck(app: FastifyInstance, config: Config): void {
  const allowed = hostPolicy(config);
  app.addHook('onRequest', (req, reply, done) => {
    const url = req.raw.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    if (ANY_HOST_PATHS.has(path)) return done();
    if (!allowed(req.headers.host)) {
      void reply.status(421).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Misdirected request: this server does not answer for that host name.');
      return;
    }
    if (!url.startsWith('/')) {
      void reply.status(400).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Bad request target');
      return;
    }
    if (/^\/[/\\]/.test(path)) {
      const collapsed = `/${path.replace(/^[/\\]+/, '')}${queryAt === -1 ? '' : url.slice(queryAt)}`;
      void reply.status(301).header('cache-control', 'no-store').header('location', collapsed).send();
      return;
    }
    done();
  });
}
