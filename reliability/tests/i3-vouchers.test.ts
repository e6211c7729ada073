import { schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OK, mutate, readyCheckout } from '../../apps/server/test/checkout-support.ts';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { recordScenario } from '../support/report.ts';
import { place, testGateway } from '../support/store.ts';

const LIMIT = 7;

/**
 * I3: a voucher's usage limit under 20 concurrent placements (Vendure #4660), its expiry at ±1 s of the
 * app's clock, and the stacking rules (an affiliate's code stays, applyNTimesPerOrder, discount within
 * the eligible subtotal). (A limit of 5 under 12 placements is in place-order-concurrency.test.ts.)
 */
describe('I3 voucher limits, expiry and stacking (PostgreSQL)', () => {
  let app: TestApp;
  let clock = new Date();
  const now = () => clock;
  const gateway = testGateway(now);
  beforeAll(async () => {
    app = await startTestApp({ gateway, now });
  });
  afterAll(() => app?.close());

  const promo = async (code: string) => (await app.database.db.select().from(schema.promos).where(eq(schema.promos.code, code)))[0]!;

  it(`a code limited to ${LIMIT} uses, 20 concurrent placements: exactly ${LIMIT} orders use it, the rest refused uncharged`, async () => {
    await app.database.db.insert(schema.promos).values({ code: 'RELIABILITY-LIMIT7', name: 'Limited', discountKind: 'PERCENT', discountPercent: 10_000, usageLimit: LIMIT });
    const buyers = [];
    for (let i = 0; i < 20; i++) buyers.push(await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], voucherCode: 'RELIABILITY-LIMIT7' }));
    const results = await Promise.all(buyers.map((b, i) => place(app, { token: b.token, key: `i3-limit-${i}-${b.token}`, total: b.total, card: CARD_OK })));
    const used = results.filter((r) => r.order?.voucher?.code === 'RELIABILITY-LIMIT7');
    expect(used).toHaveLength(LIMIT);
    expect(new Set(results.filter((r) => !r.order).flatMap((r) => r.errors.map((e) => e.code)))).toEqual(new Set(['VOUCHER_NOT_APPLICABLE']));
    expect((await promo('RELIABILITY-LIMIT7')).usedCount).toBe(LIMIT);
    const charged = new Set(gateway.charges.filter((c) => !c.refunded).map((c) => c.checkoutToken));
    expect(buyers.filter((b) => charged.has(b.token))).toHaveLength(LIMIT);
    recordScenario({ id: 'I3a', done: `20 concurrent placements on a code with usage limit ${LIMIT}`, figure: `${used.length} uses (= limit), ${20 - used.length} refused VOUCHER_NOT_APPLICABLE and uncharged`, pass: true });
  });

  it('expiry at ±1 s: applicable 1 s before, refused 1 s after (at review and at placement), nothing charged', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000);
    await app.database.db.insert(schema.promos).values({ code: 'RELIABILITY-EXPIRY', name: 'Expiring', discountKind: 'PERCENT', discountPercent: 10_000, expiresAt });
    clock = new Date(expiresAt.getTime() - 1000);
    const early = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-3M', quantity: 1 }], voucherCode: 'RELIABILITY-EXPIRY' });
    expect(early.checkout.voucherCode).toBe('RELIABILITY-EXPIRY');
    expect(early.checkout.discountAmount.fractionalAmount).toBeGreaterThan(0);
    // Reviewed 1 s before expiry, placed 1 s after: the code no longer applies, nothing is charged.
    clock = new Date(expiresAt.getTime() + 1000);
    const late = await place(app, { token: early.token, key: `i3-expiry-${early.token}`, total: early.total, card: CARD_OK });
    expect(late.order).toBeNull();
    expect(late.errors.map((e) => e.code)).toEqual(['VOUCHER_NOT_APPLICABLE']);
    expect(gateway.charges.some((c) => c.checkoutToken === early.token)).toBe(false);
    const fresh = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ sku: 'ACC-USBC-3M', quantity: 1 }], country: 'US' } });
    const refused = await mutate(app, 'checkoutVoucherUpdate', '$token: String!, $voucherCode: String', { token: fresh.checkout!.token, voucherCode: 'RELIABILITY-EXPIRY' });
    expect(refused.errors.map((e) => e.code)).toEqual(['VOUCHER_NOT_APPLICABLE']);
    // At exactly the expiry instant it still applies (expired means after expiresAt).
    clock = expiresAt;
    const edge = await mutate(app, 'checkoutVoucherUpdate', '$token: String!, $voucherCode: String', { token: fresh.checkout!.token, voucherCode: 'RELIABILITY-EXPIRY' });
    expect(edge.errors).toEqual([]);
    clock = new Date();
    recordScenario({ id: 'I3b', done: 'code applied at expiresAt − 1 s, placed at + 1 s; applied again at + 1 s and at expiresAt', figure: 'applies at −1 s and at 0 s; at +1 s placement and applying both VOUCHER_NOT_APPLICABLE, 0 charges', pass: true });
  });

  it('stacking: an affiliate code stays, applyNTimesPerOrder holds with many units, the discount never exceeds the eligible subtotal', async () => {
    const created = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ sku: 'ACC-USBC-1M', quantity: 3 }, { sku: 'ACC-USBC-3M', quantity: 1 }], country: 'US' } });
    const token = created.checkout!.token;
    const VOUCHER = '$token: String!, $voucherCode: String';
    expect((await mutate(app, 'checkoutVoucherUpdate', VOUCHER, { token, voucherCode: 'DRSMITH' })).errors).toEqual([]);
    const second = await mutate(app, 'checkoutVoucherUpdate', VOUCHER, { token, voucherCode: 'SPRING10' });
    expect(second.errors.map((e) => e.code)).toEqual(['VOUCHER_NOT_APPLICABLE_AFFILIATE']);
    expect(second.checkout!.voucherCode).toBe('DRSMITH');

    // SAMPLE100: 100 % off one ACC-USBC-1M per order, however many are in the cart.
    const sample = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ sku: 'ACC-USBC-1M', quantity: 3 }, { sku: 'ACC-USBC-3M', quantity: 1 }], country: 'US' } });
    const applied = await mutate(app, 'checkoutVoucherUpdate', VOUCHER, { token: sample.checkout!.token, voucherCode: 'SAMPLE100' });
    expect(applied.errors).toEqual([]);
    const c = applied.checkout!;
    const cable = c.lines.find((l) => l.variant.sku === 'ACC-USBC-1M')!;
    const unit = (await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], country: 'US' } })).checkout!.subtotalPrice.gross.fractionalAmount;
    expect(c.discountAmount.fractionalAmount).toBe(unit);
    expect(c.discountAmount.fractionalAmount).toBeLessThanOrEqual(cable.totalPrice.gross.fractionalAmount + c.discountAmount.fractionalAmount);
    expect(c.totalPrice.gross.fractionalAmount).toBeGreaterThanOrEqual(0);
    // A line-count trick (the same item added again as another line) does not multiply it.
    const more = await mutate(app, 'checkoutLinesAdd', '$token: String!, $lines: [CheckoutLineInput!]!', { token: sample.checkout!.token, lines: [{ sku: 'ACC-USBC-1M', quantity: 2 }] });
    expect(more.errors).toEqual([]);
    expect(more.checkout!.discountAmount.fractionalAmount).toBe(unit);
    recordScenario({
      id: 'I3c', done: 'affiliate code then another code; SAMPLE100 (1 free unit per order) on 3, then 5 units added as a second line',
      figure: `VOUCHER_NOT_APPLICABLE_AFFILIATE, affiliate kept; discount = 1 unit (${unit}) at 3 and 5 units; total ≥ 0`, pass: true,
    });
  });
});
