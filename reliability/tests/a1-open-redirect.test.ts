import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { safeLocalPath } from '@probe/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleReturnPath } from '../../apps/admin/src/return-path.ts';
import { loadStorefrontBundles } from '../../apps/server/src/http/storefront-bundle.ts';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { mobileHandoff } from '../../apps/storefront/src/features/account/handoff.ts';
import { recordScenario } from '../support/report.ts';

const DIST = fileURLToPath(new URL('../../apps/storefront/dist', import.meta.url));
const built = existsSync(`${DIST}/client/index.html`) && existsSync(`${DIST}/client/forms.html`);

const PUBLIC_URL = 'https://shop.probe.test';
const HOST = 'shop.probe.test';
const EVIL = 'evil.example';

/**
 * Every way a redirect target may name another site: protocol-relative (`//x`, `/\x`), dot segments
 * that normalise into one (`/.//x`, `/%2e//x`, `/a/..//x`), percent-encoded slashes and backslashes,
 * schemes (`javascript:`, `https:`), tabs and newlines inside (which the URL parser drops), leading spaces.
 */
const ATTACKS = [
  `//${EVIL}/phish`, `///${EVIL}/phish`, `/\\${EVIL}/phish`, `\\\\${EVIL}/phish`, `/\\/${EVIL}/phish`,
  `/.//${EVIL}/phish`, `/%2e//${EVIL}/phish`, `/%2E%2E//${EVIL}/phish`, `/a/..//${EVIL}/phish`, `/a/%2e%2e//${EVIL}/phish`, `/././/${EVIL}`, `/./\\${EVIL}`,
  `%2F%2F${EVIL}/phish`, `/%2F%2F${EVIL}/phish`, `/%2f/${EVIL}`, `/%5C${EVIL}`, `/%5c%5c${EVIL}`, `/%252F%252F${EVIL}`,
  `https://${EVIL}/phish`, `HTTPS://${EVIL}`, `javascript:alert(document.domain)`, `JaVaScRiPt:alert(1)`, `java\tscript:alert(1)`, `data:text/html,<script>alert(1)</script>`,
  `/\t/${EVIL}/phish`, `/.\t//${EVIL}`, `/\n/${EVIL}`, `/.\n//${EVIL}`, `/%09/${EVIL}`, `/%0a/${EVIL}`, ` //${EVIL}`, `\t//${EVIL}`,
];

/** The targets of a page's links and forms, unescaped. */
const links = (html: string) =>
  [...html.matchAll(/\b(?:href|action)="([^"]*)"/g)].map((m) => m[1]!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&'));

/** Where a browser on the store ends after following `target`: null when it stays on the store's origin. */
function offSite(target: string | null | undefined): string | null {
  if (target === null || target === undefined) return null;
  let url: URL;
  try {
    url = new URL(target, PUBLIC_URL);
  } catch {
    return null;
  }
  return url.origin === PUBLIC_URL ? null : url.href;
}

/**
 * A1: no open redirect (issue 32 item 5). `/auth/callback?source=mobile&handoff=C&next=/.//evil.example/phish`
 * ended on http://evil.example/phish: safeLocalPath checked the raw string and returned the URL parser's
 * normalised one, `//evil.example/phish`. Each redirect parameter, with every encoding of another site:
 * - the store's, followed in the browser: the mobile handoff's `next` and the last location restored
 *   after sign-in (both safeLocalPath), the console's return path after sign-in (consoleReturnPath);
 * - the provider's, through the real routes: `redirect_uri` of the authorization request,
 *   `post_logout_redirect_uri` of the end-session request, `ui_locales`, the e-mail links' `lang`, and
 *   every link and form action on the pages it answers with (back to the store, sign in, sign out);
 * - the server's own redirects: page paths (base-path redirects, `//` paths), `/admin`.
 * Page paths need the storefront build for the base-path redirects (CI builds first).
 */
describe('A1 open redirects (PostgreSQL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      config: { PUBLIC_URL, AUTH_REDIRECT_URIS: [`${PUBLIC_URL}/auth/callback`] },
      ...(built ? { storefront: await loadStorefrontBundles(DIST) } : {}),
    });
  });
  afterAll(() => app?.close());

  it('every redirect parameter, in every encoding, keeps the browser on the store', async () => {
    const escapes: string[] = [];
    let tried = 0;
    const expectOnSite = (what: string, target: string | null | undefined) => {
      tried++;
      const away = offSite(target);
      if (away) escapes.push(`${what} → ${away}`);
    };

    // The store, in the browser: the handoff's next (encoded, and as typed), the last location, the console's return path.
    for (const attack of ATTACKS) {
      expectOnSite(`handoff next=${JSON.stringify(attack)}`, mobileHandoff(`?source=mobile&handoff=C&next=${encodeURIComponent(attack)}`)?.target);
      expectOnSite(`handoff raw next=${JSON.stringify(attack)}`, mobileHandoff(`?source=mobile&handoff=C&next=${attack.replaceAll('&', '%26').replaceAll('#', '%23')}`)?.target);
      expectOnSite(`last location ${JSON.stringify(attack)}`, safeLocalPath(attack));
      expectOnSite(`console returnTo ${JSON.stringify(attack)}`, consoleReturnPath(attack));
    }
    // The reported case, exactly.
    const reported = mobileHandoff(`?source=mobile&handoff=C&next=/.//${EVIL}/phish`);
    expectOnSite('reported handoff', reported?.target);
    // Paths on the site still work.
    expect(mobileHandoff('?source=mobile&handoff=C&next=%2Fde%2Fde%2Faccount%2F%3Ftab%3D1')?.target).toBe('/de/de/account/?tab=1');
    expect(safeLocalPath('/us/en/checkout/?step=payment#card')).toBe('/us/en/checkout/?step=payment#card');
    expect(consoleReturnPath('/orders?country=DE')).toBe('/orders?country=DE');

    // The provider: redirect_uri and post_logout_redirect_uri are matched exactly; ui_locales and lang only pick a
    // language. Its pages' links and forms (back to the store, sign in, sign out) stay on the store too.
    const get = async (url: string) => {
      const res = await app.app.inject({ method: 'GET', url, headers: { host: HOST } });
      expect(res.statusCode, url).toBeLessThan(500);
      for (const link of links(res.body)) expectOnSite(`${url}: link ${link}`, link);
      return res;
    };
    const authorize = (params: Record<string, string>) =>
      `/oidc/auth?${new URLSearchParams({ client_id: 'probe-store', response_type: 'code', scope: 'openid', state: 's', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', redirect_uri: `${PUBLIC_URL}/auth/callback`, ...params })}`;
    let provider = 0;
    for (const attack of ATTACKS) {
      for (const redirectUri of [attack, `${PUBLIC_URL}${attack.startsWith('/') ? '' : '/'}${attack}`, `${PUBLIC_URL}/auth/callback${attack}`, `${PUBLIC_URL}/auth/callback/..${attack.startsWith('/') ? '' : '/'}${attack}`]) {
        const res = await get(authorize({ redirect_uri: redirectUri }));
        expectOnSite(`authorize redirect_uri=${JSON.stringify(redirectUri)} (${res.statusCode})`, res.headers.location as string | undefined);
        provider++;
      }
      const end = await get(`/oidc/session/end?${new URLSearchParams({ client_id: 'probe-store', post_logout_redirect_uri: attack.startsWith('/') ? `${PUBLIC_URL}${attack}` : attack })}`);
      expectOnSite(`end session post_logout_redirect_uri=${JSON.stringify(attack)} (${end.statusCode})`, end.headers.location as string | undefined);
      const locales = await get(authorize({ ui_locales: attack }));
      expectOnSite(`authorize ui_locales=${JSON.stringify(attack)} (${locales.statusCode})`, locales.headers.location as string | undefined);
      expect(locales.body, attack).not.toContain(EVIL);
      for (const page of ['verify', 'reset']) await get(`/oidc/account/${page}?${new URLSearchParams({ token: 'x', lang: attack })}`);
      provider += 4;
    }

    // The server's own redirects: page paths (the base-path rules), paths a parser reads as another host, /admin.
    let server = 0;
    for (const attack of ATTACKS.filter((a) => a.startsWith('/'))) {
      for (const path of [attack, `/US/en${attack}`, `/xx${attack}`, `/auth/callback?source=mobile&handoff=C&next=${encodeURIComponent(attack)}`]) {
        const url = path.replace(/[\t\n ]/g, (c) => encodeURIComponent(c));
        const res = await app.app.inject({ method: 'GET', url, headers: { host: HOST } });
        expectOnSite(`GET ${JSON.stringify(url)} (${res.statusCode})`, res.headers.location as string | undefined);
        server++;
      }
    }
    for (const url of ['/admin', `/admin?next=//${EVIL}`]) {
      const res = await app.app.inject({ method: 'GET', url, headers: { host: HOST } });
      expectOnSite(`GET ${url}`, res.headers.location as string | undefined);
      server++;
    }

    recordScenario({
      id: 'A1',
      done: `${ATTACKS.length} encodings of another site (//, /\\, /.//, /%2e//, /a/..//, %2F%2F, javascript:, tabs and newlines inside, backslashes…) in the store's handoff next and last location, the console's return path (${ATTACKS.length * 4 + 1} targets), the provider's redirect_uri, post_logout_redirect_uri, ui_locales and its e-mail links' lang, with every link and form on its pages (${provider} requests) and the server's page paths and /admin (${server} requests${built ? '' : ', no storefront build: base-path redirects not rendered'})`,
      figure: `${escapes.length}/${tried} targets left the store's origin (before: next=/.//${EVIL}/phish → http://${EVIL}/phish)`,
      pass: escapes.length === 0,
    });
    expect(escapes).toEqual([]);
  });
});
