import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { tableFingerprint } from '../../apps/server/test/table-fingerprint.ts';
import { recordScenario } from '../support/report.ts';
import { allTables } from '../support/store.ts';

const CREATE = 'mutation { checkoutCreate(input: { lines: [{ sku: "ACC-USBC-1M", quantity: 1 }], country: US }) { checkout { token } errors { code } } }';

/**
 * W3: with NODE_ENV=production the store's and the console's GraphQL hand out no schema (introspection,
 * field suggestions), and a mutation cannot be sent the ways a cross-site page could send one without a
 * preflight (GET, text/plain, form bodies).
 */
describe('W3 production GraphQL: introspection, suggestions, CSRF (PostgreSQL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { NODE_ENV: 'production' } });
  });
  afterAll(() => app?.close());

  it('introspection and suggestions off; GET, text/plain and form-encoded mutations refused with nothing written', async () => {
    const refusals: string[] = [];
    for (const url of ['/graphql', '/admin/graphql']) {
      for (const query of ['{ __schema { types { name } } }', '{ __type(name: "Checkout") { fields { name } } }']) {
        const res = await app.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query }) });
        expect(res.body, `${url} ${query}`).not.toMatch(/"fields"|"types"/);
        expect(res.json().errors?.length).toBeGreaterThan(0);
        refusals.push(`${url} introspection`);
      }
    }
    const typo = await app.gql('{ shop { maintenanceMod } }');
    expect(JSON.stringify(typo.body)).not.toMatch(/Did you mean/i);
    expect(typo.body.errors?.length).toBeGreaterThan(0);
    refusals.push('suggestion');

    const tables = await allTables(app);
    const before = await tableFingerprint(app.database.db, tables);
    const get = await app.app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent(CREATE)}` });
    expect(get.statusCode).toBe(405);
    refusals.push('GET mutation');
    for (const [type, payload] of [
      ['text/plain', JSON.stringify({ query: CREATE })],
      ['text/plain;charset=UTF-8', JSON.stringify({ query: CREATE })],
      ['application/x-www-form-urlencoded', `query=${encodeURIComponent(CREATE)}`],
      ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${JSON.stringify({ query: CREATE })}\r\n--x--\r\n`],
    ] as const) {
      const res = await app.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': type }, payload });
      expect(res.statusCode, type).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, type).toBeLessThan(500);
      refusals.push(type);
    }
    expect(await tableFingerprint(app.database.db, tables)).toBe(before);
    recordScenario({
      id: 'W3', done: 'NODE_ENV=production: __schema and __type on /graphql and /admin/graphql, a mistyped field, a mutation by GET, text/plain, form-encoded and multipart without preflight headers',
      figure: `${refusals.length}/${refusals.length} refused (4 introspection, 0 suggestions, GET 405, 4 content types 4xx); every table unchanged`, pass: true,
    });
  });
});
