import { schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../apps/server/test/admin-support.ts';
import { CARD_OK, readyCheckout } from '../../apps/server/test/checkout-support.ts';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { recordScenario } from '../support/report.ts';
import { place, testGateway } from '../support/store.ts';

const CREATE = 'mutation AnalyticsEventCreate($input: AnalyticsEventInput!) { analyticsEventCreate(input: $input) { recorded errors { code } } }';
const BURST = 240;
/** Small events from one address: more than the 600 per 10 minutes an address may send. */
const SMALL_BURST = 650;
const SMALL_LIMIT = 600;

/** An event as the storefront's data layer sends its server copy. */
const event = (name: string, body: object, page = '/us/en/cart/', userId: string | null = null) => ({
  anonymousId: '2f1c7d3e-9a41-4f0e-8d52-6a1b0c9e7f31', userId,
  eventData: { name, body: JSON.stringify(body), timestamp: new Date().toISOString(), context: { page: { path: page, url: `http://store.test${page}` } } },
});
/** A purchase; a forger's says it was worth 1, the store's own pages the order's value. */
const purchase = (number: string, page?: string, userId?: string | null, value = 1) => event('order_completed', { ecommerce: { transaction_id: number, currency: 'USD', value, items: [] } }, page, userId ?? null);
const confirmation = (token: string) => `/us/en/confirmation/${token}/`;

/**
 * W12: the analytics mutation is anyone's to call. A purchase event is stored only for a real order and
 * only from its buyer (the order's token in the confirmation page it was sent from, or the signed-in
 * buyer), so a forged event for the next order number cannot pre-empt the real one (a purchase is stored
 * once per order), and a refused one is a miss on the address's token counter; the user is the token's,
 * never the input's; an event is at most 4 KB (a purchase 16 KB) and an address sends 600 other events
 * per 10 minutes.
 */
describe('W12 analytics events: forged purchases, claimed users, floods (PostgreSQL)', () => {
  let app: TestApp;
  let key: CryptoKey;
  beforeAll(async () => {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    key = pair.privateKey;
    app = await startTestApp({ gateway: testGateway(), config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) } });
  });
  afterAll(() => app?.close());

  const send = async (input: object, remoteAddress: string, headers: Record<string, string> = {}) => {
    const res = await app.app.inject({ method: 'POST', url: '/graphql', remoteAddress, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify({ query: CREATE, variables: { input } }) });
    return { status: res.statusCode, retryAfter: Number(res.headers['retry-after'] ?? 0), recorded: res.json().data?.analyticsEventCreate?.recorded === true };
  };
  const stored = () => app.database.db.select().from(schema.analyticsEvents);
  const buy = async (headers?: Record<string, string>) => {
    const ready = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], ...(headers ? { signedIn: { headers, organizationMembershipId: '' } } : {}) });
    return (await place(app, { token: ready.token, key: `w12-${ready.token}`, total: ready.total, card: CARD_OK }, headers)).order!;
  };

  it('forged purchases are refused and the real one counts; the user is the token\'s; 240 events from one address are bounded', async () => {
    const victim = { id: `w12-victim-${Date.now()}`, email: 'victim@w12.example' };
    const victimAuth = await tokenFor(key, victim);
    const first = await buy();

    // Forgeries from one address: the next order's number (sequential), an existing order without its token,
    // with a made-up token, and one claiming the victim as its user.
    const forger = '203.0.113.80';
    const next = String(Number(first.number) + 1);
    const forgeries = [
      purchase(next), purchase(next, confirmation('7d1f0b52-0c1a-4b7e-9a51-00000000abcd')), purchase(first.number), purchase(first.number, '/us/en/', victim.id),
      purchase(String(Number(first.number) + 2), confirmation(first.token)),
    ];
    let forgedStored = 0;
    for (const input of forgeries) if ((await send(input, forger)).recorded) forgedStored++;
    const claimed = await send(event('login', { method: 'oidc' }, '/us/en/', victim.id), forger);

    // The real buyers: the next order is placed and its confirmation page sends its purchase; a signed-in buyer's too.
    const second = await buy();
    expect(second.number).toBe(next);
    const realAnonymous = await send(purchase(second.number, confirmation(second.token), null, 39), '198.51.100.80');
    const mine = await buy(victimAuth);
    const realSignedIn = await send(purchase(mine.number, '/us/en/account/orders/', null, 39), '198.51.100.81', victimAuth);
    const purchases = (await stored()).filter((r) => r.name === 'order_completed');
    const nextStored = purchases.filter((r) => (r.body.ecommerce as { transaction_id: string }).transaction_id === next);
    const nextIsReal = nextStored.length === 1 && (nextStored[0]!.body.ecommerce as { value: number }).value === 39 && realAnonymous.recorded;
    const victimRows = (await stored()).filter((r) => r.userId === victim.id);

    // Floods from one address each: 240 events of 8 KB, then 650 small ones.
    const big = '203.0.113.81';
    const before = (await stored()).length;
    let bigStored = 0;
    for (let i = 0; i < BURST; i++) if ((await send(event('begin_checkout', { i, padding: 'x'.repeat(7600) }), big)).recorded) bigStored++;
    const small = '203.0.113.82';
    let smallStored = 0;
    let refused = 0;
    let retryAfterOk = 0;
    for (let i = 0; i < SMALL_BURST; i++) {
      const answer = await send(event('begin_checkout', { i }), small);
      if (answer.recorded) smallStored++;
      if (answer.status === 429) {
        refused++;
        if (answer.retryAfter > 0 && answer.retryAfter <= 600) retryAfterOk++;
      }
    }
    // A burst of forged purchases for the order numbers to come: each a miss on the address's token counter.
    const guesser = '203.0.113.83';
    let guessedStored = 0;
    let guessesRefused = 0;
    for (let i = 0; i < 25; i++) {
      const answer = await send(purchase(String(Number(mine.number) + 1 + i)), guesser);
      if (answer.recorded) guessedStored++;
      if (answer.status === 429) guessesRefused++;
    }
    const flood = (await app.database.db.select().from(schema.analyticsEvents).where(eq(schema.analyticsEvents.name, 'begin_checkout'))).length;
    const floodBytes = (await stored()).slice(before).reduce((sum, r) => sum + JSON.stringify(r.body).length, 0);

    const pass = forgedStored === 0 && nextIsReal && realSignedIn.recorded && victimRows.length === 1 && victimRows[0]!.name === 'order_completed'
      && bigStored === 0 && smallStored <= SMALL_LIMIT && refused === SMALL_BURST - smallStored && retryAfterOk === refused && guessedStored === 0 && guessesRefused === 5;
    recordScenario({
      id: 'W12',
      done: `${forgeries.length} forged purchase events (the next order's number, an existing order's without its token or with a made-up one, one claiming another user) and a login claiming that user, then the real purchases; ${BURST} events of 7.5 KB (under the old 8 KB cap), ${SMALL_BURST} small ones and 25 forged purchases of the next order numbers, each burst from one address`,
      figure: `${forgedStored}/${forgeries.length} forged purchases stored; the next order's real purchase ${nextIsReal ? 'stored (not pre-empted)' : 'lost'}; ${victimRows.length} row under the claimed user (their own signed-in purchase); 7.5 KB burst: ${bigStored}/${BURST} stored; small burst: ${smallStored}/${SMALL_BURST} stored, ${refused} → 429 with Retry-After; forged purchase burst: ${guessedStored}/25 stored, ${guessesRefused} → 429 after 20 misses; ${flood} begin_checkout rows, ${(floodBytes / 1024).toFixed(1)} KB stored from the bursts`,
      pass,
    });
    expect(forgedStored).toBe(0);
    expect(claimed.recorded).toBe(true);
    expect(nextIsReal).toBe(true);
    expect(realSignedIn.recorded).toBe(true);
    expect(victimRows.map((r) => r.name)).toEqual(['order_completed']);
    expect(bigStored).toBe(0);
    expect(smallStored).toBeLessThanOrEqual(SMALL_LIMIT);
    expect(refused).toBe(SMALL_BURST - smallStored);
    expect(retryAfterOk).toBe(refused);
    expect(guessedStored).toBe(0);
    expect(guessesRefused).toBe(5);
  });
});
