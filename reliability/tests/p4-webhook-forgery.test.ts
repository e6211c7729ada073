import Stripe from 'stripe';
import { schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyCheckout } from '../../apps/server/test/checkout-support.ts';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { tableFingerprint } from '../../apps/server/test/table-fingerprint.ts';
import { recordScenario } from '../support/report.ts';
import { allTables, place, postWebhook, testGateway } from '../support/store.ts';

/**
 * P4: forged, altered and stale webhooks are refused with 400 and write nothing (every table's rows
 * hashed before and after); the genuine event is then applied once. (One event delivered 50 times at
 * once is in apps/server/test/place-order-concurrency.test.ts.)
 */
describe('P4 webhook forgery and staleness (PostgreSQL)', () => {
  let app: TestApp;
  const secret = 'whsec_reliability_p4';
  const gateway = testGateway(undefined, secret);
  beforeAll(async () => {
    app = await startTestApp({ gateway });
  });
  afterAll(() => app?.close());

  it('unsigned, wrong secret, altered body, t ±302 s, malformed headers → 400 and zero writes', async () => {
    const ready = await readyCheckout(app, { country: 'DE', language: 'DE', lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], method: 'SEPA' });
    const intentId = ready.redirectUrl!.split('/')[2]!;
    gateway.authorize(intentId, 'succeeded');
    const placed = await place(app, { token: ready.token, key: `p4-${ready.token}`, total: ready.total });
    expect(placed.order!.paymentStatus).toBe('ASYNC_PROCESSING');

    const genuine = gateway.signedEvent('payment_intent.succeeded', intentId);
    const now = Math.floor(Date.now() / 1000);
    const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? secret, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
    const altered = genuine.rawBody.replace('payment_intent.succeeded', 'payment_intent.succeedeD');
    const v1 = /v1=([0-9a-f]+)/.exec(genuine.signature)![1]!;
    // Timestamps beyond the 300 s tolerance are signed when sent (a second can tick between signing and checking).
    const at = (offset: number) => () => sign(genuine.rawBody, { timestamp: Math.floor(Date.now() / 1000) + offset });
    const forgeries: Array<[string, string, string | undefined | (() => string)]> = [
      ['no signature header', genuine.rawBody, undefined],
      ['empty signature header', genuine.rawBody, ''],
      ['signed with another secret', genuine.rawBody, sign(genuine.rawBody, { secret: 'whsec_attacker' })],
      ['one byte of the body changed', altered, genuine.signature],
      ['one hex digit of the signature changed', genuine.rawBody, genuine.signature.replace(v1, `${v1.slice(0, -1)}${v1.endsWith('0') ? '1' : '0'}`)],
      ['timestamp 302 s old', genuine.rawBody, at(-302)],
      ['timestamp 302 s ahead', genuine.rawBody, at(302)],
      ['timestamp replaced, old v1 kept', genuine.rawBody, genuine.signature.replace(/t=\d+/, `t=${now + 5}`)],
      ['v0 scheme only', genuine.rawBody, genuine.signature.replace('v1=', 'v0=')],
      ['garbage header', genuine.rawBody, 'garbage'],
      ['empty body with a valid signature of it', '', sign('')],
      ['not JSON, validly signed with another secret', 'not json', sign('not json', { secret: 'whsec_attacker' })],
    ];
    const tables = await allTables(app);
    let zeroWrites = 0;
    for (const [what, body, signature] of forgeries) {
      const before = await tableFingerprint(app.database.db, tables);
      const res = await postWebhook(app, body, typeof signature === 'function' ? signature() : signature);
      expect(res.statusCode, what).toBe(400);
      expect(res.body, what).not.toMatch(/stack|Error:|whsec/);
      expect(await tableFingerprint(app.database.db, tables), what).toBe(before);
      zeroWrites++;
    }
    const [order] = await app.database.db.select().from(schema.orders).where(eq(schema.orders.token, placed.order!.token));
    expect(order!.chargeStatus).toBe('ASYNC_PROCESSING');

    // The genuine event, once, then replayed 20 times in a row: one change.
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push((await postWebhook(app, genuine.rawBody, genuine.signature)).json().outcome as string);
    expect(answers.filter((a) => a === 'applied')).toHaveLength(1);
    expect(answers.filter((a) => a === 'duplicate')).toHaveLength(20);
    const [paid] = await app.database.db.select().from(schema.orders).where(eq(schema.orders.token, placed.order!.token));
    expect(paid!.chargeStatus).toBe('FULLY_CHARGED');
    recordScenario({
      id: 'P4', done: `${forgeries.length} forged/altered/stale deliveries (no or empty signature, other secret, 1 byte changed, t −302 s and +302 s, swapped t, v0 only, garbage), then the genuine event 21×`,
      figure: `${zeroWrites}/${forgeries.length} → 400 with every table's fingerprint unchanged; genuine: 1 applied, 20 duplicate`, pass: true,
    });
  });
});
