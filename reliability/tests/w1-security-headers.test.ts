import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStorefrontBundles } from '../../apps/server/src/http/storefront-bundle.ts';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { recordScenario } from '../support/report.ts';

const DIST = fileURLToPath(new URL('../../apps/storefront/dist', import.meta.url));
const built = existsSync(`${DIST}/client/index.html`) && existsSync(`${DIST}/client/forms.html`);

/** Page routes of the store and the forms (rendered by the server), and the API's own routes. */
const PAGES = ['/', '/us/en/', '/de/de/', '/gb/en/', '/us/en/cart/', '/us/en/checkout/', '/us/en/account/', '/us/en/pricing/', '/us/en/no-such-page/', '/de/de/form/contact/', '/us/en/form/demo/'];
const API = ['/graphql', '/healthz', '/admin/graphql', '/webhooks/payments', '/no-such-route'];

/**
 * W1: every response carries nosniff, Referrer-Policy and HSTS, and every page a Content-Security-Policy
 * without unsafe-inline or unsafe-eval that says who may frame it. Page routes need the storefront build
 * (CI builds first; `npm run build -w @probe/storefront` locally). The browser crawl for CSP violations
 * is W1b (w1-csp-crawl.test.ts), in the long suite only.
 */
describe.runIf(built)('W1 security headers on every page (PostgreSQL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ storefront: await loadStorefrontBundles(DIST) });
  });
  afterAll(() => app?.close());

  it('CSP without unsafe-inline/unsafe-eval, frame-ancestors, HSTS, nosniff, Referrer-Policy on every page; baseline headers on every API route', async () => {
    let pages = 0;
    for (const url of PAGES) {
      const res = await app.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp, url).toMatch(/default-src 'self'/);
      expect(csp, url).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(csp, url).toMatch(/frame-ancestors /);
      expect(csp, url).toMatch(/object-src 'none'/);
      expect(csp, url).toMatch(/base-uri 'self'/);
      if (!url.includes('/form/')) {
        expect(csp, url).toMatch(/frame-ancestors 'none'/);
        expect(res.headers['x-frame-options'], url).toBe('DENY');
      }
      pages++;
    }
    let routes = 0;
    for (const url of [...PAGES, ...API]) {
      const res = await app.app.inject({ method: url === '/webhooks/payments' ? 'POST' : 'GET', url });
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d{8,}/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      routes++;
    }
    recordScenario({
      id: 'W1', done: `${pages} page routes of the store and the forms, and ${API.length} API routes, through inject`,
      figure: `${pages}/${pages} pages: CSP without unsafe-inline/unsafe-eval/*, frame-ancestors set; ${routes}/${routes} responses with HSTS, nosniff, Referrer-Policy; the browser crawl for violations: W1b, in the long suite`, pass: true,
    });
  });
});
