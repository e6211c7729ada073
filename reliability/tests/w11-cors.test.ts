import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { recordScenario } from '../support/report.ts';

const PUBLIC_URL = 'https://shop.probe.test';
const BETA = 'https://beta.shop.probe.test';
const APIS = ['/graphql', '/admin/graphql'];
/** Another site, and spellings near ours: a subdomain of another, a downgraded scheme, another port, an opaque origin. */
const FOREIGN = ['https://evil.example', `https://shop.probe.test.evil.example`, 'http://shop.probe.test', 'https://shop.probe.test:8443', 'null'];
const QUERY = JSON.stringify({ query: '{ __typename }' });

const corsHeaders = (headers: Record<string, unknown>) => Object.keys(headers).filter((h) => h.startsWith('access-control-allow-'));

/**
 * W11: CORS on the GraphQL APIs grants the store's own origins only (issue 32 item 9). A preflight and a
 * request from any other origin get no Access-Control-Allow-* header, so a browser never sends another
 * site's JSON operation and never shows it an answer: the CSRF argument of http/graphql-route.ts
 * (an operation comes only as JSON, which needs a preflight cross-site) holds. PUBLIC_URL's origin and
 * the configured CORS_ALLOWED_ORIGINS get them, with credentials.
 */
describe('W11 CORS on /graphql and /admin/graphql (PostgreSQL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { PUBLIC_URL, AUTH_REDIRECT_URIS: [`${PUBLIC_URL}/auth/callback`], CORS_ALLOWED_ORIGINS: [BETA] } });
  });
  afterAll(() => app?.close());

  const preflight = (url: string, origin: string) =>
    app.app.inject({ method: 'OPTIONS', url, headers: { host: 'shop.probe.test', origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' } });
  const post = (url: string, origin: string) =>
    app.app.inject({ method: 'POST', url, headers: { host: 'shop.probe.test', origin, 'content-type': 'application/json', accept: 'application/json' }, payload: QUERY });

  it('no Access-Control-Allow-* header for another origin, preflight or request; the store\'s own origins get them with credentials', async () => {
    let foreign = 0;
    const granted: string[] = [];
    for (const url of APIS) {
      for (const origin of FOREIGN) {
        for (const res of [await preflight(url, origin), await post(url, origin)]) {
          foreign++;
          if (corsHeaders(res.headers).length) granted.push(`${res.raw.req.method} ${url} from ${origin}: ${JSON.stringify(res.headers)}`);
        }
      }
    }
    let own = 0;
    const ownRefused: string[] = [];
    for (const url of APIS) {
      for (const origin of [PUBLIC_URL, BETA]) {
        const before = await preflight(url, origin);
        const actual = await post(url, origin);
        own += 2;
        const ok =
          before.statusCode < 300 && before.headers['access-control-allow-origin'] === origin && before.headers['access-control-allow-credentials'] === 'true' &&
          /POST/.test(String(before.headers['access-control-allow-methods'])) && /content-type/i.test(String(before.headers['access-control-allow-headers'])) &&
          actual.headers['access-control-allow-origin'] === origin && actual.headers['access-control-allow-credentials'] === 'true';
        if (!ok) ownRefused.push(`${url} from ${origin}: ${JSON.stringify(before.headers)} / ${JSON.stringify(actual.headers)}`);
      }
    }
    // What another site's page can send without a preflight (a form, text/plain, multipart) never reaches an operation.
    const simple: string[] = [];
    let simpleSent = 0;
    for (const url of APIS) {
      for (const [type, payload] of [
        ['text/plain', QUERY],
        ['application/x-www-form-urlencoded', 'query=%7B__typename%7D'],
        ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${QUERY}\r\n--x--\r\n`],
      ] as const) {
        const res = await app.app.inject({ method: 'POST', url, headers: { host: 'shop.probe.test', origin: 'https://evil.example', 'content-type': type }, payload });
        simpleSent++;
        if (res.statusCode < 400 || res.body.includes('__typename') || res.body.includes('"Query"')) simple.push(`${url} ${type}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    // The store's own page (no Origin header on a same-origin request) is answered as before, without CORS headers.
    const plain = await app.app.inject({ method: 'POST', url: '/graphql', headers: { host: 'shop.probe.test', 'content-type': 'application/json' }, payload: QUERY });

    recordScenario({
      id: 'W11',
      done: `${APIS.length} APIs × ${FOREIGN.length} foreign origins (another site, a look-alike subdomain, http, another port, null) × preflight and POST; PUBLIC_URL's origin and one CORS_ALLOWED_ORIGINS entry; ${simpleSent} posts needing no preflight (text/plain, form, multipart) from another site`,
      figure: `${granted.length}/${foreign} foreign preflights and requests with an Access-Control-Allow-* header; ${own - ownRefused.length}/${own} own-origin preflights and requests granted with credentials; ${simple.length}/${simpleSent} posts without a preflight reached an operation`,
      pass: granted.length === 0 && ownRefused.length === 0 && simple.length === 0 && plain.statusCode === 200,
    });
    expect(granted).toEqual([]);
    expect(ownRefused).toEqual([]);
    expect(simple).toEqual([]);
    expect(plain.statusCode).toBe(200);
    expect(corsHeaders(plain.headers)).toEqual([]);
  });
});
