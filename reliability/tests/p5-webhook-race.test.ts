import fc from 'fast-check';
import { schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyCheckout } from '../../apps/server/test/checkout-support.ts';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { recordScenario } from '../support/report.ts';
import { place, postWebhook, testGateway } from '../support/store.ts';

type Step = 'place' | 'processing' | 'final' | 'finalAgain';
const STEPS: Step[] = ['place', 'processing', 'final', 'finalAgain'];

/**
 * P5: the settlement webhook racing CheckoutPlaceOrder, and events arriving out of order or twice. For
 * every order of [place, "processing", the final event, the final event again] (fast-check permutes
 * them, fixed seed) and the moment the bank settles: one order at most per payment, exactly one when the
 * payment succeeded, and the final state is the gateway's.
 */
describe('P5 webhook vs placement, events out of order (PostgreSQL)', () => {
  let app: TestApp;
  const gateway = testGateway();
  beforeAll(async () => {
    app = await startTestApp({ gateway });
  });
  afterAll(() => app?.close());

  async function bankDebit() {
    const ready = await readyCheckout(app, { country: 'DE', language: 'DE', lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], method: 'SEPA' });
    const intentId = ready.redirectUrl!.split('/')[2]!;
    // The buyer authorised on the bank's page; the bank's answer comes when the test says.
    const intent = gateway.intents.get(intentId)!;
    intent.status = 'processing';
    return { ...ready, intentId, intent };
  }

  async function outcome(token: string, intentId: string) {
    const orders = await app.database.db.select().from(schema.orders).where(eq(schema.orders.checkoutToken, token));
    const [payment] = await app.database.db.select().from(schema.payments).where(eq(schema.payments.id, intentId));
    const live = gateway.charges.filter((c) => c.checkoutToken === token && !c.refunded);
    return { orders, payment: payment!, live };
  }

  function expectGatewayTruth(truth: 'succeeded' | 'failed', o: Awaited<ReturnType<typeof outcome>>) {
    if (truth === 'succeeded') {
      expect(o.orders).toHaveLength(1);
      expect(o.orders[0]!.chargeStatus).toBe('FULLY_CHARGED');
      expect(o.payment.status).toBe('SUCCEEDED');
      expect(o.payment.orderId).toBe(o.orders[0]!.id);
    } else {
      expect(o.orders.length).toBeLessThanOrEqual(1);
      if (o.orders[0]) expect(o.orders[0].chargeStatus).toBe('NOT_CHARGED');
      expect(o.payment.status).toBe('FAILED');
    }
  }

  it('every permutation of placement and events (fast-check, fixed seed) ends in the gateway\'s truth', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('succeeded' as const, 'failed' as const),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 0, max: 3 }),
        async (truth, keys, settleAt) => {
          runs++;
          const order = STEPS.map((s, i) => [s, keys[i]!] as const).sort((a, b) => a[1] - b[1]).map(([s]) => s);
          // The bank settles before the first final event is delivered, at the latest.
          const settle = Math.min(settleAt, order.indexOf('final'), order.indexOf('finalAgain'));
          const d = await bankDebit();
          const finalType = truth === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed';
          const finalEvent = gateway.signedEvent(finalType, d.intentId);
          for (const [i, step] of order.entries()) {
            if (i === settle) d.intent.status = truth;
            if (step === 'place') {
              const placed = await place(app, { token: d.token, key: `p5-${d.token}`, total: d.total });
              if (truth === 'succeeded') expect(placed.errors).toEqual([]);
            } else {
              const event = step === 'processing' ? gateway.signedEvent('payment_intent.processing', d.intentId) : finalEvent;
              const res = await postWebhook(app, event.rawBody, event.signature);
              expect(res.statusCode).toBe(200);
            }
          }
          expectGatewayTruth(truth, await outcome(d.token, d.intentId));
        },
      ),
      { seed: 17, numRuns: 40, endOnFailure: true },
    );
    recordScenario({ id: 'P5a', done: `${runs} fast-check runs (seed 17): placement, "processing", final event and its duplicate in every order, the bank settling at any point, success or failure`, figure: `${runs}/${runs} runs: ≤ 1 order per payment (1 when paid), final state = gateway's`, pass: true });
  });

  it('the settlement webhook and the placement at the same moment, 12 times: one order each, paid', async () => {
    let orders = 0;
    for (let i = 0; i < 12; i++) {
      const d = await bankDebit();
      d.intent.status = 'succeeded';
      const event = gateway.signedEvent('payment_intent.succeeded', d.intentId);
      const [placed, hook, again] = await Promise.all([
        place(app, { token: d.token, key: `p5-race-${d.token}`, total: d.total }),
        postWebhook(app, event.rawBody, event.signature),
        place(app, { token: d.token, key: `p5-race-${d.token}`, total: d.total }),
      ]);
      expect(placed.errors).toEqual([]);
      expect(again.order!.token).toBe(placed.order!.token);
      expect(hook.statusCode).toBe(200);
      const o = await outcome(d.token, d.intentId);
      expectGatewayTruth('succeeded', o);
      expect(o.live).toHaveLength(1);
      orders += o.orders.length;
    }
    recordScenario({ id: 'P5b', done: '12 × (succeeded webhook ‖ two placements with one key) at once', figure: `${orders} orders for 12 payments, each FULLY_CHARGED with 1 charge`, pass: true });
  });
});
