import { DEMO_USERS, schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OK, mutate, PLACE, readyCheckout, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';

const [, , , vet] = DEMO_USERS;
const NORDVET = '5e0c2b9a-3f4d-4c1e-8b6a-000000000003';
const REFERRER = 'referrer { name organizationName }';
const UPDATE_ARGS = '$token: String!, $referrerToken: String';

let t: TestApp;
let vetHeaders: Record<string, string>;
let token: string;
let membershipId: string;

beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  t = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) } });
  const jwt = await new SignJWT({ email: vet!.email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store').setSubject(vet!.id).setIssuedAt().setExpirationTime('5m').sign(pair.privateKey);
  vetHeaders = { authorization: `JWT ${jwt}` };
  const [membership] = await t.database.db.select().from(schema.organizationMemberships).where(eq(schema.organizationMemberships.userId, vet!.id));
  token = membership!.referrerToken;
  membershipId = membership!.id;
});
afterAll(() => t?.close());

const lookup = (value: string) => t.gql<{ referrer: { name: string | null; organizationName: string } | null }>('query R($token: String!) { referrer(token: $token) { name organizationName } }', { token: value });
const nordvet = async () => (await t.database.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.organizationId, NORDVET)))[0]!;
const creditMonths = async () => (await nordvet()).referralCreditMonths;

describe('referrals (referrer portal, issue 14)', () => {
  it('a member\'s link names them and their organization; a token nobody holds, a malformed one, are null alike', async () => {
    const found = (await lookup(token)).body.data!.referrer!;
    expect(found.organizationName).toMatch(/Nordvet/);
    expect(found.name).toBeTruthy();
    expect((await lookup('0'.repeat(32))).body.data!.referrer).toBeNull();
    expect((await lookup('../../etc/passwd')).body.data!.referrer).toBeNull();
  });

  it('a referred purchase carries the referral to the order and credits the referrer once; refusals change nothing', async () => {
    const before = await creditMonths();
    const periodEnd = (await nordvet()).periodEnd!;
    const ready = await readyCheckout(t, { country: 'DE', language: 'DE', lines: [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }] });
    const unknown = await mutate(t, 'checkoutReferrerUpdate', UPDATE_ARGS, { token: ready.token, referrerToken: 'f'.repeat(32) }, `${REFERRER} token`);
    expect(unknown.errors.map((e) => [e.code, e.field])).toEqual([['NOT_FOUND', 'referrerToken']]);
    expect((unknown.checkout as unknown as { referrer: unknown }).referrer).toBeNull();
    const carried = await mutate(t, 'checkoutReferrerUpdate', UPDATE_ARGS, { token: ready.token, referrerToken: token }, REFERRER);
    expect(carried.errors).toEqual([]);
    expect((carried.checkout as unknown as { referrer: { organizationName: string } }).referrer.organizationName).toMatch(/Nordvet/);

    const placed = (await t.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `referred-${ready.token}`, total: ready.total, card: CARD_OK })).body.data!.checkoutPlaceOrder;
    expect(placed.errors).toEqual([]);
    const [order] = await t.database.db.select().from(schema.orders).where(eq(schema.orders.token, placed.order!.token));
    expect(order!.referrerMembershipId).toBe(membershipId);
    const credits = await t.database.db.select().from(schema.referralCredits).where(eq(schema.referralCredits.orderId, order!.id));
    expect(credits.map((c) => [c.referrerMembershipId, c.months])).toEqual([[membershipId, 1]]);
    expect(await creditMonths()).toBe(before + 1);
    const days = ((await nordvet()).periodEnd!.getTime() - periodEnd.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28); // the period, and so the renewal charge, a calendar month later
    expect(days).toBeLessThanOrEqual(31);
    // A replay of the placement answers the same order and credits nothing more.
    await t.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `referred-${ready.token}`, total: ready.total, card: CARD_OK });
    expect(await creditMonths()).toBe(before + 1);
  });

  it('the referrer cannot refer themselves', async () => {
    const own = await mutate(t, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], country: 'DE' } }, 'token', vetHeaders);
    const refused = await mutate(t, 'checkoutReferrerUpdate', UPDATE_ARGS, { token: own.checkout!.token, referrerToken: token }, REFERRER, vetHeaders);
    expect(refused.errors.map((e) => [e.code, e.field])).toEqual([['OPERATION_NOT_ALLOWED', 'referrerToken']]);
  });

  it('tokens cannot be enumerated: past 30 lookups a minute an address gets 429 with Retry-After, found or not', async () => {
    const Q = 'query R($token: String!) { referrer(token: $token) { name organizationName } }';
    const raw = (value: string) => t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query: Q, variables: { token: value } }) });
    const answers = [];
    for (let i = 0; i < 32; i++) answers.push(await raw(i % 2 ? token : i.toString(16).padStart(32, '0')));
    const limited = answers.filter((a) => a.statusCode === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(answers.findIndex((a) => a.statusCode === 429)).toBeLessThanOrEqual(30);
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.every((a) => a.json().data?.referrer == null)).toBe(true);
  });
});
