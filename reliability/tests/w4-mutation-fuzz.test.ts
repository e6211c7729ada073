import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { DEMO_USERS } from '@probe/db';
import { sql } from 'drizzle-orm';
import {
  buildSchema, getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isObjectType, isScalarType,
  type GraphQLArgument, type GraphQLField, type GraphQLInputType, type GraphQLSchema,
} from 'graphql';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStorefrontBundles } from '../../apps/server/src/http/storefront-bundle.ts';
import { CARD_OK, PLACE, readyCheckout, type PlaceAnswer } from '../../apps/server/test/checkout-support.ts';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { recordScenario } from '../support/report.ts';
import { allTables } from '../support/store.ts';

const SCHEMA = fileURLToPath(new URL('../../apps/server/schema.graphql', import.meta.url));
const DIST = fileURLToPath(new URL('../../apps/storefront/dist', import.meta.url));
const LONG = Boolean(process.env.RELIABILITY_LONG);
const TOTAL = LONG ? 10_000 : 500;
/** The fast run draws the same inputs every time (npm test stays reproducible); the long run new ones each time. W4_SEED replays a run. */
const SEED = Number(process.env.W4_SEED ?? (LONG ? Date.now() % 1_000_000_007 : 20_261_125));

const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');
const LAKESIDE = gid('Organization', '5e0c2b9a-3f4d-4c1e-8b6a-000000000002');

/** What attackers and unlucky users type: markup, SQL, NUL bytes, right-to-left marks, template syntax, numbers as text. */
const NASTY = [
  '<script>alert("w4")</script>', '"><img src=x onerror=alert(1)>', "' OR 1=1 --", "'; drop table orders; --", '\u0000', 'a\u0000b', '\uD800',
  '𝕏🙂\u202Eevil', 'Ωμέγα Straße 東京', '../../etc/passwd', '${jndi:ldap://127.0.0.1/x}', '%s%n%x', '{{7*7}}', '', ' ', 'null', 'NaN', '-1',
  '1e309', 'true', '[]', '{}', '\\', '"', '\r\n\r\nX-Injected: 1', 'javascript:alert(1)', 'ZZ', 'xx-XX',
];
const HTML_PAYLOAD = '<script>alert("w4")</script>';
const IMG_PAYLOAD = '"><img src=x onerror=alert(1)>';

/** Values of the wrong shape for any argument. */
const wrongShape = fc.oneof(
  fc.constant(null), fc.string({ maxLength: 20 }), fc.integer(), fc.double(), fc.boolean(), fc.constant({}), fc.constant([]), fc.constant({ $gt: '' }), fc.constant([null]),
);

function stringArb(pool: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...pool) },
    { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.integer({ min: 256, max: 20_000 }).map((n) => 'Ä'.repeat(n)) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...pool), fc.constantFrom(...NASTY)).map(([a, b]) => a + b) },
  );
}

const intArb = fc.oneof(
  fc.integer({ min: -3, max: 12 }), fc.integer(), fc.constantFrom(-2_147_483_648, 2_147_483_647, 2_147_483_648, -2_147_483_649, 2 ** 53, 1e21, 0.5, -0),
);

/** Real values to reach past the first check: a checkout token, the demo organization, SKUs, ids. */
interface Pools { token: string[]; id: string[]; sku: string[]; plain: string[] }

function valueArb(type: GraphQLInputType, name: string, pools: Pools, depth: number): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return fc.oneof({ weight: 20, arbitrary: valueArb(type.ofType, name, pools, depth) }, { weight: 1, arbitrary: wrongShape });
  const inner = ((): fc.Arbitrary<unknown> => {
    if (isListType(type)) return fc.array(valueArb(type.ofType, name, pools, depth + 1), { maxLength: depth > 1 ? 1 : 4 });
    if (isEnumType(type)) {
      const values = type.getValues().map((v) => v.name);
      return fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: fc.constantFrom('NOT_A_VALUE', values[0]!.toLowerCase(), `${values[0]} `) });
    }
    if (isInputObjectType(type)) {
      const fields = Object.values(type.getFields());
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const f of fields) record[f.name] = depth > 3 ? fc.constant(null) : valueArb(f.type, f.name, pools, depth + 1);
      const required = fields.filter((f) => isNonNullType(f.type)).map((f) => f.name);
      return fc.oneof(
        { weight: 8, arbitrary: fc.record(record, { requiredKeys: required }) },
        { weight: 1, arbitrary: fc.record(record, { requiredKeys: [] }) },
        { weight: 1, arbitrary: fc.record(record, { requiredKeys: required }).map((v) => ({ ...v, extraField: '<b>x</b>' })) },
      );
    }
    if (isScalarType(type)) {
      const lower = name.toLowerCase();
      switch (type.name) {
        case 'Int': return intArb;
        case 'Float': return fc.oneof(intArb, fc.double());
        case 'Boolean': return fc.boolean();
        case 'ID': return stringArb(pools.id);
        case 'File': return wrongShape;
        default:
          return stringArb(lower.includes('token') ? pools.token : lower.includes('sku') ? pools.sku : lower.endsWith('id') ? pools.id : pools.plain);
      }
    }
    return wrongShape;
  })();
  return fc.oneof({ weight: 20, arbitrary: inner }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: wrongShape });
}

/** `mutation F($a: T!, …) { name(a: $a, …) { __typename errors { code } } }` for one mutation of the schema. */
function documentFor(field: GraphQLField<unknown, unknown>): string {
  const vars = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const payload = getNamedType(field.type);
  const errors = isObjectType(payload) ? payload.getFields().errors : undefined;
  const errorType = errors ? getNamedType(errors.type) : undefined;
  const selection = errors ? `__typename errors { __typename${isObjectType(errorType) && errorType.getFields().code ? ' code' : ''} }` : '__typename';
  return `mutation F${vars ? `(${vars})` : ''} { ${field.name}${args ? `(${args})` : ''} { ${selection} } }`;
}

/**
 * Every table's row count and newest row version (max xmin: an insert or update makes a row version
 * with a newer transaction id, a delete lowers the count), for all tables in one round trip. Equal
 * before and after a rejected call means nothing was written.
 */
async function fingerprint(app: TestApp, tables: string[]): Promise<string> {
  const parts = tables.map((t) => `(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from ${t})`);
  const result = await app.database.db.execute(sql.raw(`select concat_ws(',', ${parts.join(', ')}) as f`));
  return ((result as unknown as { rows: Array<{ f: string }> }).rows ?? (result as unknown as Array<{ f: string }>))[0]!.f;
}

/**
 * W4: a property-based fuzz over every mutation of the schema (the list and each argument's type read
 * from apps/server/schema.graphql), values of the right and the wrong shape (long strings, unicode,
 * markup, SQL, NUL bytes, huge and negative numbers, wrong enums, nulls, extra fields), half of the
 * calls signed in as an organization admin. Zero 500s or "Internal server error"; after every rejected
 * call every table's rows are unchanged; markup a buyer typed comes back escaped in the pages the
 * server renders. 500 inputs in the fast suite, 10,000 with RELIABILITY_LONG.
 */
describe('W4 mutation fuzz (PostgreSQL)', () => {
  let app: TestApp;
  let schema: GraphQLSchema;
  let auth: Record<string, string>;
  let tables: string[];
  const pools: Pools = { token: [], id: [LAKESIDE, gid('Organization', '00000000-0000-0000-0000-000000000000'), gid('CheckoutLine', '1'), 'not-base64', gid('Order', "1' or '1'='1")], sku: ['ACC-USBC-1M', 'IQ-PROBE', 'NOPE'], plain: ['US', 'DE', 'EN', 'buyer@example.com', 'Ada', '94105', 'CREDIT_CARD', 'TERMS_AND_CONDITIONS', 'LICENSED', 'page_view'] };

  beforeAll(async () => {
    schema = buildSchema(readFileSync(SCHEMA, 'utf8'));
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    app = await startTestApp({
      config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey), LOG_LEVEL: 'warn' },
      ...(existsSync(`${DIST}/client/index.html`) ? { storefront: await loadStorefrontBundles(DIST) } : {}),
    });
    const admin = DEMO_USERS[1];
    const jwt = await new SignJWT({ email: admin.email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store').setSubject(admin.id).setIssuedAt().setExpirationTime('30m').sign(pair.privateKey);
    auth = { authorization: `JWT ${jwt}` };
    const ready = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    pools.token.push(ready.token, ready.token.replace(/.$/, '0'), 'a'.repeat(64));
    pools.id.push(...ready.checkout.lines.map((l) => l.id));
    tables = await allTables(app);
  });
  afterAll(() => app?.close());

  it(`${TOTAL} generated inputs over every mutation: no 500, nothing written on rejection, markup escaped`, async () => {
    const mutations = Object.values(schema.getMutationType()!.getFields());
    expect(mutations.length).toBeGreaterThan(30);
    // TOTAL inputs in all, spread evenly (the first few mutations get one more).
    const runsOf = (i: number) => Math.floor(TOTAL / mutations.length) + (i < TOTAL % mutations.length ? 1 : 0);
    const failures: string[] = [];
    const tally = { calls: 0, rejected: 0, accepted: 0, unchangedOnReject: 0, http4xx: 0 };
    let current = await fingerprint(app, tables);
    let ip = 0;
    for (const [index, field] of mutations.entries()) {
      const document = documentFor(field);
      const record = Object.fromEntries(field.args.map((a: GraphQLArgument) => [a.name, valueArb(a.type, a.name, pools, 0)]));
      const required = field.args.filter((a) => isNonNullType(a.type)).map((a) => a.name);
      // Now and then a required variable is left out altogether.
      const args = fc.oneof({ weight: 20, arbitrary: fc.record(record, { requiredKeys: required }) }, { weight: 1, arbitrary: fc.record(record, { requiredKeys: [] }) });
      await fc.assert(
        fc.asyncProperty(args, fc.boolean(), async (variables, signedIn) => {
          tally.calls++;
          ip++;
          const res = await app.app.inject({
            method: 'POST', url: '/graphql', remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
            headers: { 'content-type': 'application/json', accept: 'application/json', ...(signedIn ? auth : {}) },
            payload: JSON.stringify({ query: document, variables }),
          });
          const what = `${field.name} (W4_SEED=${SEED}) ${JSON.stringify(variables).slice(0, 300)}`;
          if (res.statusCode >= 500 || res.body.includes('Internal server error')) failures.push(`${res.statusCode} ${what} → ${res.body.slice(0, 300)}`);
          if (res.statusCode >= 400) tally.http4xx++;
          let body: { data?: Record<string, { errors?: unknown[] } | null> | null; errors?: unknown[] } = {};
          try {
            body = JSON.parse(res.body);
          } catch {
            // A non-JSON answer (413 from the body limit) is a rejection too.
          }
          const payload = body.data?.[field.name];
          const rejected = res.statusCode >= 400 || Boolean(body.errors?.length) || !payload || Boolean(payload.errors?.length);
          const after = await fingerprint(app, tables);
          if (rejected) {
            tally.rejected++;
            if (after !== current) failures.push(`rejected but wrote: ${what} → ${res.body.slice(0, 300)}`);
            else tally.unchangedOnReject++;
          } else tally.accepted++;
          current = after;
        }),
        { numRuns: runsOf(index), seed: SEED + index },
      );
    }

    // Markup a buyer typed, on the pages the server renders: the order's confirmation page and URLs.
    let pages = 0;
    let escapedEchoes = 0;
    if (existsSync(`${DIST}/client/index.html`)) {
      const ready = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], address: { firstName: HTML_PAYLOAD, lastName: IMG_PAYLOAD, streetAddress1: HTML_PAYLOAD, city: 'San Francisco', postalCode: '94105', country: 'US', countryArea: 'CA', phone: '+1 415 555 0100' } });
      const placed = await app.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `w4-${ready.token}`, total: ready.total, card: CARD_OK });
      const order = placed.body.data!.checkoutPlaceOrder.order!;
      for (const url of [
        `/us/en/confirmation/${order.token}/`, `/us/en/order-payment/${order.token}/`, `/us/en/payment-details/${order.token}/`,
        `/us/en/product/${encodeURIComponent(HTML_PAYLOAD)}/`, `/us/en/refer/${encodeURIComponent(IMG_PAYLOAD)}/`, `/us/en/?q=${encodeURIComponent(HTML_PAYLOAD)}&voucher=${encodeURIComponent(IMG_PAYLOAD)}`,
        `/us/en/checkout/payment/${encodeURIComponent(HTML_PAYLOAD)}/`, `/${encodeURIComponent(HTML_PAYLOAD)}/en/`, `/de/de/form/contact/?email=${encodeURIComponent(IMG_PAYLOAD)}`,
      ]) {
        const res = await app.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBeLessThan(500);
        const html = res.body;
        expect(html, url).not.toContain(HTML_PAYLOAD);
        expect(html, url).not.toContain('<img src=x onerror');
        if (html.includes('\\u003cscript>alert') || html.includes('&lt;script&gt;alert')) escapedEchoes++;
        pages++;
      }
    }

    expect(failures).toEqual([]);
    expect(tally.calls).toBe(TOTAL);
    recordScenario({
      id: 'W4',
      done: `fast-check over all ${mutations.length} mutations of the schema (argument types read from it): ${tally.calls} inputs — markup, SQL, NUL, long/unicode strings, huge/negative numbers, wrong enums, nulls, extra fields — half signed in; ${pages} server-rendered pages with a buyer's markup in the order or the URL`,
      figure: `seed ${SEED}: 0 500s / "Internal server error" in ${tally.calls}; ${tally.rejected} rejected (${tally.http4xx} as HTTP 4xx), ${tally.unchangedOnReject}/${tally.rejected} with every table unchanged; ${tally.accepted} accepted; markup unescaped in 0/${pages} pages (${escapedEchoes} echo it escaped)`,
      pass: true,
    });
  }, LONG ? 900_000 : 120_000);
});
