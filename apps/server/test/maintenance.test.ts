import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStorefrontBundles } from '../src/http/storefront-bundle.ts';
import { ensureBuilt, ROOT } from './built-server.ts';
import type { TestApp } from './harness.ts';
import { adminGql, startStaffApp } from './admin-support.ts';
import { DEMO_USERS } from '@probe/db';

/**
 * Maintenance mode as the store answers it (the built storefront, rendered by the app as in production): store
 * pages and the API answer 503 with Retry-After to everyone but the addresses let through; the shop's maintenance
 * fields (how a client learns the store is closed), the marketing forms and the console stay open.
 */
let t: TestApp;
let owner: Record<string, string>;
beforeAll(async () => {
  ensureBuilt();
  const app = await startStaffApp([], { storefront: await loadStorefrontBundles(join(ROOT, 'apps/storefront/dist')) });
  t = app.t;
  owner = await app.sign(DEMO_USERS[6]!);
}, 600_000);
afterAll(() => t?.close());

const SET = 'mutation M($i: StaffMaintenanceInput!) { maintenanceSet(input: $i) { errors { field } } }';
const setMaintenance = async (on: boolean, allowIps: string[] = []) =>
  expect((await adminGql<{ maintenanceSet: { errors: unknown[] } }>(t, SET, { i: { on, header: 'Back soon', allowIps } }, owner)).data!.maintenanceSet.errors).toEqual([]);
const post = (query: string, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/graphql', remoteAddress, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query }) });
const page = (url: string, remoteAddress = '203.0.113.7') => t.app.inject({ method: 'GET', url, remoteAddress });

describe('maintenance mode', () => {
  it('open store: pages and the API answer 200 without Retry-After', async () => {
    const home = await page('/de/de/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['retry-after']).toBeUndefined();
    expect((await post('{ shop { countries { code } } }')).statusCode).toBe(200);
  });

  it('closed: a store page is the maintenance page with 503 and Retry-After; the API refuses all but the maintenance fields and the forms', async () => {
    await setMaintenance(true, ['198.51.100.1']);
    try {
      for (const url of ['/de/de/', '/us/en/product/iq3/', '/us/en/pricing/']) {
        const res = await page(url);
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after'], url).toBe('300');
        expect(res.headers['cache-control'], url).toBe('no-store');
        expect(res.body, url).toContain('Back soon');
      }
      const api = await post('{ shop { countries { code } } }');
      expect(api.statusCode).toBe(503);
      expect(api.headers['retry-after']).toBe('300');
      expect(api.json()).toEqual({ errors: [{ message: 'The store is closed for maintenance: try again later', extensions: { exception: { code: 'Maintenance' } } }] });
      // GET, a mutation, a maintenance field beside another field, or text that is no document: refused too.
      expect((await t.app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent('{ shop { countries { code } } }')}`, remoteAddress: '203.0.113.7' })).statusCode).toBe(503);
      expect((await post('mutation { tokenCreate(email: "a@b.c", password: "x") { token } }')).statusCode).toBe(503);
      expect((await post('{ shop { maintenanceMode countries { code } } }')).statusCode).toBe(503);
      expect((await post('{ shop { ...on Shop { countries { code } } } }')).statusCode).toBe(503);
      // What the closed store still answers.
      const shop = await post('query MaintenanceQuery { shop { maintenanceMode maintenanceAccessAllowed maintenancePageHeader } }');
      expect(shop.statusCode).toBe(200);
      expect(shop.json()).toEqual({ data: { shop: { maintenanceMode: true, maintenanceAccessAllowed: false, maintenancePageHeader: 'Back soon' } } });
      expect((await post('{ leadForm(path: "nope", languageCode: EN) { path } }')).json()).toEqual({ data: { leadForm: null } });
      expect((await page('/us/en/form/nope/')).headers['retry-after']).toBeUndefined();
      // An address let through uses the store as usual; so does the console.
      expect((await page('/de/de/', '198.51.100.1')).statusCode).toBe(200);
      expect((await post('{ shop { countries { code } } }', '198.51.100.1')).statusCode).toBe(200);
      expect((await adminGql<{ maintenance: { on: boolean } }>(t, '{ maintenance { on } }', {}, owner)).data!.maintenance.on).toBe(true);
    } finally {
      await setMaintenance(false);
    }
    expect((await page('/de/de/')).statusCode).toBe(200);
    expect((await post('{ shop { countries { code } } }')).statusCode).toBe(200);
  });
});
