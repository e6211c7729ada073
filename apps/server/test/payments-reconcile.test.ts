import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileHandler, reconcilePayments, RECONCILE_TOPIC, scheduleReconcile } from '../src/modules/orders/index.ts';
import { TestGateway } from '../src/modules/payments/index.ts';
import { CARD_OK, PLACE, readyCheckout, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';

const log = { warn: () => {}, info: () => {} };

/**
 * Reconciliation (P6's job): a succeeded gateway payment no order holds — the process died between the
 * charge and the order's commit — is refunded once; a payment with its order, or too young to judge, is
 * left alone. The test gateway's ledger file keeps charges and refunds beyond the process.
 */
describe('payments.reconcile: every succeeded payment has one order or one refund', () => {
  const dir = mkdtempSync(join(tmpdir(), 'probe-reconcile-'));
  const ledger = join(dir, 'ledger.jsonl');
  const gateway = new TestGateway('whsec_test_reconcile', undefined, 0, ledger);
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ gateway });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refunds the orphan payment once, keeps the one with its order, waits for a young one', async () => {
    const placed = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    const answer = await app.gql<PlaceAnswer>(PLACE, { token: placed.token, key: `reconcile-${placed.token}`, total: placed.total, card: CARD_OK });
    expect(answer.body.data!.checkoutPlaceOrder.order).not.toBeNull();
    // A charge whose order never committed (as after a crash): the gateway has it, the database does not.
    const orphan = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    const charge = await gateway.charge({ checkoutToken: orphan.token, amount: orphan.total, currency: 'USD', method: 'CREDIT_CARD', intentId: null, card: CARD_OK });
    expect(charge.status).toBe('SUCCEEDED');
    const reference = charge.status === 'SUCCEEDED' ? charge.reference : '';
    const deps = { db: app.database.db, gateway, now: () => new Date(), log };

    expect((await reconcilePayments(deps, { afterMs: 60_000, lookbackMs: 3_600_000 })).refunded).toEqual([]);
    expect((await reconcilePayments(deps, { afterMs: 0, lookbackMs: 3_600_000 })).refunded).toEqual([reference]);
    expect((await reconcilePayments(deps, { afterMs: 0, lookbackMs: 3_600_000 })).refunded).toEqual([]);

    // Another process reading the same ledger (the worker, the server after a restart) sees the same truth.
    const other = new TestGateway('whsec_test_reconcile', undefined, 0, ledger);
    const payments = await other.succeededPayments(new Date(Date.now() - 3_600_000));
    expect(payments).toHaveLength(2);
    expect(payments.find((p) => p.reference === reference)).toMatchObject({ refundedAmount: orphan.total, checkoutToken: orphan.token });
    expect(payments.find((p) => p.reference !== reference)).toMatchObject({ refundedAmount: 0, checkoutToken: placed.token });
    const [held] = await app.database.db.select().from(schema.payments).where(eq(schema.payments.checkoutToken, placed.token));
    expect(held?.orderId).not.toBeNull();
  });

  it("a paid intent whose placement failed: refunded, its row says so, and the checkout's later placement is refused", async () => {
    const deps = { db: app.database.db, gateway, now: () => new Date(), log };
    await reconcilePayments(deps, { afterMs: 0, lookbackMs: 3_600_000 });
    const { token, total, redirectUrl } = await readyCheckout(app, { country: 'DE', language: 'DE', lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], method: 'KLARNA' });
    const intentId = redirectUrl!.split('/')[2]!;
    gateway.authorize(intentId, 'succeeded');
    await gateway.settle(intentId);
    // The placement that read the payment then failed (an item sold out): the gateway has the charge, no order holds it.
    expect((await gateway.intentOutcome(intentId, token)).status).toBe('SUCCEEDED');
    expect((await reconcilePayments(deps, { afterMs: 0, lookbackMs: 3_600_000 })).refunded).toEqual([intentId]);
    const [row] = await app.database.db.select().from(schema.payments).where(eq(schema.payments.id, intentId));
    expect(row!.status).toBe('REFUNDED');
    const again = await app.gql<PlaceAnswer>(PLACE, { token, key: `reconcile-again-${token}`, total, card: null });
    expect(again.body.data!.checkoutPlaceOrder).toMatchObject({ order: null, errors: [{ code: 'PAYMENT_ERROR', field: 'payment' }] });
  });

  it("refunds a saved card's checkout charge no order holds, and leaves a subscription's charges to their own rows", async () => {
    const deps = { db: app.database.db, gateway, now: () => new Date(), log };
    await reconcilePayments(deps, { afterMs: 0, lookbackMs: 3_600_000 });
    const orphan = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    // What the placement asks of the gateway for an organization's one-step purchase, its order then lost.
    const saved = { paymentToken: 'pm_test_card_4242_reconcile', customerId: null, amount: orphan.total, currency: 'USD', description: 'Order' };
    const forCheckout = await gateway.chargeSaved({ ...saved, idempotencyKey: `order:${orphan.token}:k1`, checkoutToken: orphan.token });
    const renewal = await gateway.chargeSaved({ ...saved, idempotencyKey: 'renewal:sub-1:2026-11-01T00:00:00.000Z:1' });
    expect([forCheckout.status, renewal.status]).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    const reference = forCheckout.status === 'SUCCEEDED' ? forCheckout.reference : '';
    expect((await reconcilePayments(deps, { afterMs: 0, lookbackMs: 3_600_000 })).refunded).toEqual([reference]);
    expect(gateway.charges.find((c) => c.reference === reference)).toMatchObject({ refunded: true, checkoutToken: orphan.token });
    expect(gateway.charges.filter((c) => c.refunded && c.kind === 'saved')).toEqual([]);
  });

  it('keeps one scheduled run: brought forward at a runner start, the next one written by the run', async () => {
    const { db } = app.database;
    const pending = () => db.select().from(schema.outbox).where(eq(schema.outbox.topic, RECONCILE_TOPIC));
    const later = new Date(Date.now() + 3_600_000);
    await db.insert(schema.outbox).values({ topic: RECONCILE_TOPIC, payload: {}, runAt: later });
    const now = new Date();
    await scheduleReconcile(db, now);
    await scheduleReconcile(db, now);
    const rows = await pending();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.runAt.getTime()).toBe(now.getTime());
    await reconcileHandler({ db, gateway, now: () => now, log }, { afterMs: 0, lookbackMs: 3_600_000, intervalMs: 60_000 })({ id: rows[0]!.id });
    const after = await pending();
    expect(after).toHaveLength(2);
    expect(after.find((r) => r.id !== rows[0]!.id)!.runAt.getTime()).toBe(now.getTime() + 60_000);
  });
});
