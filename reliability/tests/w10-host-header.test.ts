import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStorefrontBundles } from '../../apps/server/src/http/storefront-bundle.ts';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { recordScenario } from '../support/report.ts';

const DIST = fileURLToPath(new URL('../../apps/storefront/dist', import.meta.url));
const built = existsSync(`${DIST}/client/index.html`) && existsSync(`${DIST}/client/forms.html`);

const PUBLIC_URL = 'https://shop.probe.test';
const HOST = 'shop.probe.test';
const EVIL = 'evil.example';

/** Every absolute http(s) URL in a text (a page, a JSON document, a header). */
const absoluteUrls = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>\\]+/g)].map((m) => m[0]);

/** One request as written on the wire (inject normalises some targets): status line, headers and the start of the body. */
function raw(port: number, requestLine: string, headers: Record<string, string>): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), head, body });
    });
    const lines = [requestLine, ...Object.entries({ ...headers, connection: 'close' }).map(([k, v]) => `${k}: ${v}`)];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    setTimeout(() => socket.destroy(), 10_000).unref();
  });
}

/**
 * W10: the Host header is not trusted (issue 32 item 8). Every absolute URL the store writes (the pages'
 * canonical and language links, the identity provider's discovery document and redirects) is on
 * PUBLIC_URL's origin whatever Host, X-Forwarded-Host or X-Forwarded-Proto came in (TRUST_PROXY on, as
 * behind a load balancer); a Host that is not the store's is refused (421) except at /healthz and
 * /readyz, which load balancers ask by address; `//evil.example/us/en/` and an absolute-form target
 * are not pages. Page checks need the storefront build (CI builds first).
 */
describe('W10 Host header (PostgreSQL)', () => {
  let app: TestApp;
  let port: number;
  beforeAll(async () => {
    app = await startTestApp({
      config: { PUBLIC_URL, AUTH_REDIRECT_URIS: [`${PUBLIC_URL}/auth/callback`], TRUST_PROXY: true },
      ...(built ? { storefront: await loadStorefrontBundles(DIST) } : {}),
    });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.app.server.address() as { port: number }).port;
  });
  afterAll(() => app?.close());

  it('no answer names another host; a foreign Host is refused, health checks by address still answer', async () => {
    let requests = 0;
    const naming: string[] = [];
    /** Every absolute URL in the answer (headers and body) must be on PUBLIC_URL's origin; a relative Location must resolve there. */
    const check = (what: string, res: { headers: Record<string, unknown>; body: string }) => {
      requests++;
      const location = res.headers.location;
      if (typeof location === 'string' && new URL(location, PUBLIC_URL).origin !== PUBLIC_URL) naming.push(`${what}: Location ${location}`);
      for (const url of absoluteUrls(`${Object.values(res.headers).join(' ')} ${res.body}`)) {
        if (new URL(url).hostname === EVIL || (url.startsWith(`http://${HOST}`))) naming.push(`${what}: ${url}`);
      }
    };
    const get = async (url: string, headers: Record<string, string>): Promise<LightMyRequestResponse> => {
      const res = await app.app.inject({ method: 'GET', url, headers });
      check(`GET ${url} ${JSON.stringify(headers)}`, res);
      return res;
    };

    // A foreign Host: refused, on every kind of route.
    const foreign = [{ host: EVIL }, { host: `${EVIL}:443` }, { host: `${HOST}.${EVIL}` }, { host: `${HOST}@${EVIL}` }];
    let refused = 0;
    for (const headers of foreign) {
      for (const url of ['/oidc/.well-known/openid-configuration', '/us/en/', '/', '/graphql?query=%7B__typename%7D', '/admin/', '/no-such-route']) {
        const res = await get(url, headers);
        expect(res.statusCode, `${url} ${headers.host}`).toBe(421);
        refused++;
      }
    }

    // Our Host with forged forwarding headers: answered, and every URL is still on PUBLIC_URL.
    const forged = { host: HOST, 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'http' };
    const discovery = await get('/oidc/.well-known/openid-configuration', forged);
    expect(discovery.statusCode).toBe(200);
    const metadata = discovery.json() as Record<string, unknown>;
    expect(metadata.issuer).toBe(`${PUBLIC_URL}/oidc`);
    const endpoints = Object.entries(metadata).filter(([, v]) => typeof v === 'string' && /^https?:/.test(v));
    expect(endpoints.length).toBeGreaterThanOrEqual(5);
    for (const [key, value] of endpoints) expect(value as string, key).toMatch(new RegExp(`^${PUBLIC_URL}/oidc(/|$)`));
    const authorize = await get(`/oidc/auth?${new URLSearchParams({ client_id: 'probe-store', response_type: 'code', redirect_uri: `${PUBLIC_URL}/auth/callback`, scope: 'openid', state: 's', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' })}`, forged);
    expect(authorize.statusCode).toBe(303);

    // A path a URL parser reads as another host: sent to the same path with one slash, on this origin.
    for (const url of [`//${EVIL}/us/en/`, `///${EVIL}/us/en/?q=1`]) {
      const res = await get(url, { host: HOST });
      expect(res.statusCode, url).toBe(301);
      expect(new URL(res.headers.location as string, PUBLIC_URL).origin).toBe(PUBLIC_URL);
    }
    // The same on the wire (inject may rewrite a target), with a backslash, and the absolute form.
    const wire: Array<[string, number]> = [[`GET //${EVIL}/us/en/ HTTP/1.1`, 301], [`GET /\\${EVIL}/us/en/ HTTP/1.1`, 301], [`GET http://${EVIL}/us/en/ HTTP/1.1`, 400], [`GET /us/en/ HTTP/1.1`, built ? 200 : 404]];
    for (const [line, status] of wire) {
      const res = await raw(port, line, { host: HOST });
      const headers = Object.fromEntries(res.head.split('\r\n').slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      check(line, { headers, body: res.body });
      expect(res.status, line).toBe(status);
    }
    const foreignWire = await raw(port, 'GET /us/en/ HTTP/1.1', { host: EVIL });
    requests++;
    expect(foreignWire.status).toBe(421);

    // robots.txt and the sitemap (issue 36): answered with every URL on PUBLIC_URL (check() flags any other).
    for (const url of ['/robots.txt', '/sitemap.xml', '/sitemaps/us-en-1.xml']) {
      const res = await get(url, forged);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`${PUBLIC_URL}/`);
    }

    // Pages: canonical and language links on PUBLIC_URL only.
    let pageLinks = 0;
    if (built) {
      // The product page's og:url, og:image and schema.org Product too (check() reads the whole page).
      for (const url of ['/us/en/', '/de/de/', '/de/de/product/iq3/']) {
        const res = await get(url, forged);
        expect(res.statusCode, url).toBe(200);
        const links = [...res.body.matchAll(/<link rel="(?:canonical|alternate)"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
        expect(links.length, url).toBeGreaterThan(5);
        for (const href of links) expect(href, url).toMatch(new RegExp(`^${PUBLIC_URL}/`));
        pageLinks += links.length;
      }
    }

    // Health checks from a load balancer that asks by address, with any Host or none.
    let health = 0;
    for (const headers of [{ host: '10.0.0.5:3000' }, { host: EVIL }]) {
      for (const url of ['/healthz', '/readyz']) {
        const res = await app.app.inject({ method: 'GET', url, headers });
        requests++;
        expect(res.statusCode, `${url} ${headers.host}`).toBe(200);
        health++;
      }
    }
    const noHost = await raw(port, 'GET /healthz HTTP/1.0', {});
    requests++;
    expect(noHost.status).toBe(200);
    health++;

    expect(naming).toEqual([]);
    recordScenario({
      id: 'W10',
      done: `${requests} requests with a foreign Host (${foreign.length} spellings × 6 routes), forged X-Forwarded-Host/Proto, \`//${EVIL}/us/en/\`, a backslash and an absolute-form target (inject and raw HTTP), health checks by address; PUBLIC_URL ${PUBLIC_URL}, TRUST_PROXY on`,
      figure: `${refused}/${refused} foreign-Host requests refused with 421; 0 answers naming ${EVIL} (discovery: ${endpoints.length} endpoint URLs, all on PUBLIC_URL${built ? `; ${pageLinks} canonical and hreflang links, all on PUBLIC_URL` : '; pages not checked: no storefront build'}); \`//${EVIL}/…\` → 301 to the one-slash path here; ${health}/${health} health checks by address answered`,
      pass: true,
    });
  });
});
