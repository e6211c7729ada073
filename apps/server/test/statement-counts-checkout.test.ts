import { randomUUID } from 'node:crypto';
import { schema } from '@probe/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OK, DE_ADDRESS } from './checkout-support.ts';
import { gid, Measured, ORG, startCountingApp, USERS, type CountingApp, type Run, type Viewer } from './statement-count-support.ts';

/**
 * Issue 18, the checkout path as the storefront sends it (create, lines, contact, addresses, shipping, VAT,
 * trade-in, referral, express wallet, quote, before-place, place, the order and its invoice), anonymous
 * and signed in, each operation within its budget (statement-budgets.ts) and not one statement more with
 * 10 lines than with 2.
 */
const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`the checkout path (${DB})`, () => {
  let c: CountingApp;
  const measured = new Measured('checkout');
  let skus: string[];
  let referrerToken: string;
  let vetMembership: string;
  beforeAll(async () => {
    c = await startCountingApp();
    const db = c.t.database.db;
    // Ten one-time items sold in Germany that one purchase may hold (not the extra probes of a plan), the IQ3 first (a probe: the trade-in needs one).
    const rows = await db.select({ sku: schema.productVariants.sku }).from(schema.productVariants)
      .innerJoin(schema.variantPrices, and(eq(schema.variantPrices.variantId, schema.productVariants.id), eq(schema.variantPrices.country, 'DE')))
      .where(and(eq(schema.productVariants.billingPeriod, 'ONE_TIME'), eq(schema.productVariants.planKind, 'NONE'), eq(schema.productVariants.market, 'HUMAN'))).orderBy(schema.productVariants.id);
    const sold = rows.map((r) => r.sku).filter((s) => s !== 'IQ3-USBC-HUMAN' && !/-(EXTRA|PROBE-ONLY)$/.test(s));
    skus = ['IQ3-USBC-HUMAN', ...sold].slice(0, 10);
    expect(skus).toHaveLength(10);
    const [lakeside] = await db.select().from(schema.organizationMemberships).where(eq(schema.organizationMemberships.organizationId, ORG.lakeside)).limit(1);
    referrerToken = lakeside!.referrerToken;
    const [vet] = await db.select().from(schema.organizationMemberships).where(eq(schema.organizationMemberships.userId, USERS.vet.id));
    vetMembership = gid('OrganizationMembership', vet!.id);
  });
  afterAll(async () => {
    measured.print();
    await c?.t.close();
  });

  /** Every step of a German checkout with `lines` items, placed on an electronic quote and its invoice paid: each step's run. */
  async function path(viewer: Viewer, lines: number): Promise<Map<string, Run>> {
    const runs = new Map<string, Run>();
    const step = async (name: string, variables: Record<string, unknown>) => {
      const run = await c.run(name, variables, viewer);
      const payload = Object.values(run.data as Record<string, { errors?: unknown[] } | null>)[0];
      expect(payload?.errors ?? [], `${name} as ${viewer} with ${lines} lines: ${JSON.stringify(payload?.errors)} ${skus.join()}`).toEqual([]);
      runs.set(name, run);
      return run;
    };
    const half = Math.ceil(lines / 2);
    const organization = viewer === 'anonymous' ? {} : { organizationMembershipId: vetMembership };
    const created = await step('CheckoutCreateWithOrganization', {
      input: { lines: skus.slice(0, half).map((sku) => ({ sku, quantity: 1 })), country: 'DE', languageCode: 'DE', email: 'buyer@example.com', ...organization },
      idempotencyKey: `create-${randomUUID()}`,
    });
    const token = created.data.checkoutCreate.checkout.token as string;
    const added = await step('CheckoutLinesAdd', { token, lines: skus.slice(half, lines).map((sku) => ({ sku, quantity: 1 })) });
    const all = added.data.checkoutLinesAdd.checkout.lines as Array<{ id: string }>;
    expect(all).toHaveLength(lines);
    await step('CheckoutLineUpdate', { token, lineId: all[0]!.id, quantity: 2 });
    // The delete removes one line; one is added back so that the rest of the path has `lines` lines.
    await step('CheckoutLineDelete', { token, lineId: all.at(-1)!.id });
    await c.run('CheckoutLinesAdd', { token, lines: [{ sku: skus[lines - 1], quantity: 1 }] }, viewer);
    await step('UpdateVoucher', { token, voucherCode: 'SPRING10' });
    await step('UpdateVoucher', { token, voucherCode: null });
    // To Austria and back (the region picker): the cart follows, repriced there.
    await step('ChangeCheckoutCountry', { token, country: 'AT', removeUnavailable: true });
    await c.run('ChangeCheckoutCountry', { token, country: 'DE', removeUnavailable: true }, viewer);
    await step('CheckoutContactUpdate', { token, email: 'buyer@example.com', firstName: 'Hanna', lastName: 'Schmidt', marketingOptIn: false });
    await step('UpdateExpressCheckoutShippingAddress', { token, shippingAddress: { city: 'Berlin', postalCode: '10117', country: 'DE', countryArea: '' } });
    await step('AddExpressCheckoutAddresses', { token, shippingAddress: DE_ADDRESS, billingAddress: DE_ADDRESS, email: 'buyer@example.com' });
    await step('UpdateCheckoutShippingAddress', { token, address: DE_ADDRESS });
    await step('UpdateCheckoutBillingAddress', { token, address: DE_ADDRESS });
    const checkout = await step('CheckoutByToken', { token });
    await step('CheckoutShippingMethodUpdate', { token, shippingMethodId: checkout.data.checkout.availableShippingMethods[0].id });
    await step('CheckoutEstimatedDelivery', { token });
    await step('CheckoutVatNumberUpdateMutation', { token, vatNumber: 'DE 123 456 789' });
    await step('CheckoutTradeInPromoPreview', { token, deviceModel: 'IQ_PLUS' });
    await step('CheckoutTradeInProgramDataUpdate', { token, deviceModel: 'IQ_PLUS', serialNumber: `SN-${randomUUID().slice(0, 8)}` });
    await step('CheckoutReferrerUpdate', { token, referrerToken });
    await step('CheckoutQuoteDataUpdate', { token, input: { equoteOrganizationName: 'Mercy Clinic', equoteJobTitle: 'Purchasing lead', equotePracticePlace: 'Clinic' } });
    const ready = await step('CheckoutBeforePlaceOrderMutation', { token, paymentMethod: 'ELECTRONIC_QUOTE', attestations: ['TERMS_AND_CONDITIONS', 'LICENSED'] });
    const total = ready.data.checkoutBeforePlaceOrder.checkout.totalPrice.gross.fractionalAmount;
    const placed = await step('CheckoutPlaceOrder', { token, idempotencyKey: `place-${randomUUID()}`, expectedTotal: total });
    const orderToken = placed.data.checkoutPlaceOrder.order.token as string;
    const order = await step('OrderByToken', { token: orderToken });
    expect(order.data.orderByToken.lines).toHaveLength(lines);
    const invoiceToken = order.data.orderByToken.invoice.token as string;
    await step('InvoiceByToken', { token: invoiceToken });
    await step('InvoicePay', { token: invoiceToken, card: CARD_OK });
    // OrderPay pays an order whose asynchronous payment failed: a copy of this one (its lines too) without its invoice, unpaid.
    const db = c.t.database.db;
    const [row] = await db.select().from(schema.orders).where(eq(schema.orders.token, orderToken));
    const { id, token: _token, ...rest } = row!;
    const [unpaid] = await db.insert(schema.orders).values({ ...rest, number: `${row!.number}-P`, checkoutToken: randomUUID(), idempotencyKey: `copy-${randomUUID()}`, tradeInKey: null, chargeStatus: 'NOT_CHARGED', paymentMethod: 'SEPA_DEBIT' }).returning();
    const orderLines = await db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, id));
    await db.insert(schema.orderLines).values(orderLines.map(({ id: _id, ...line }) => ({ ...line, orderId: unpaid!.id })));
    const paid = await step('OrderPay', { token: unpaid!.token, card: CARD_OK });
    expect(paid.data.orderPay.order.paymentStatus).toBe('FULLY_CHARGED');
    return runs;
  }

  for (const viewer of ['anonymous', 'vet'] as const) {
    it(`as ${viewer === 'anonymous' ? 'a guest' : 'a signed-in admin for their organization'}: every step within budget, and not one statement more with 10 lines than with 2`, async () => {
      const small = await path(viewer, 2);
      for (const [name, run] of small) measured.within(name, run);
      const grown = await path(viewer, 10);
      for (const [name, run] of grown) {
        if (name === 'CheckoutTradeInPromoPreview' || name === 'InvoiceByToken' || name === 'InvoicePay' || name === 'CheckoutReferrerUpdate') measured.within(name, run);
        // Their answers do not list the lines, but what they read and write is priced (or copied) line by line.
        else measured.noGrowth(name, small.get(name)!, run, [2, 10]);
      }
    });
  }

  it('measured every line of its area, and grew every list', () => {
    measured.expectComplete();
  });
});
