import { schema } from '@probe/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestGateway } from '../src/modules/payments/index.ts';
import {
  CARD_DECLINED, CARD_OK, DE_ADDRESS, mutate, PLACE, readyCheckout, US_ADDRESS, variantIds, type PlaceAnswer,
} from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const SKUS = ['IQ3-USBC-HUMAN', 'IQPLUS-LIGHTNING-HUMAN', 'ACC-USBC-1M', 'ACC-USBC-3M', 'TEAM-ANNUAL-HUMAN', 'PRO-ANNUAL-HUMAN'];

describe(`checkout operations and order placement (${DB})`, () => {
  let app: TestApp;
  let ids: Record<string, string>;
  // Settlement is sent by the tests themselves (a long delay keeps the gateway's own timer out of the way).
  const gateway = new TestGateway('whsec_checkout_test', () => new Date(), 600_000);
  let keyCount = 0;
  const key = () => `test-key-${Date.now()}-${keyCount++}`;

  beforeAll(async () => {
    app = await startTestApp({ gateway });
    ids = await variantIds(app, SKUS);
  });
  afterAll(() => app?.close());

  const place = (token: string, total: number | null, card: object | null = CARD_OK, idempotencyKey = key()) =>
    app.gql<PlaceAnswer>(PLACE, { token, key: idempotencyKey, total, card }).then((r) => r.body.data!.checkoutPlaceOrder);
  const stockOf = async (sku: string) => (await app.database.db.select({ stock: schema.productVariants.stock }).from(schema.productVariants).where(eq(schema.productVariants.sku, sku)))[0]!.stock;

  it('creates a cart, prices it on the server, taxes it by the US state of the shipping address', async () => {
    const created = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ variantId: ids['IQ3-USBC-HUMAN'], quantity: 1 }, { variantId: ids['ACC-USBC-1M'], quantity: 2 }], country: 'US' } });
    expect(created.errors).toEqual([]);
    const c = created.checkout!;
    expect(c.bundleType).toBe('INDIVIDUAL_CHECKOUT');
    expect(c.isShippingRequired).toBe(true);
    expect(c.subtotalPrice.gross.fractionalAmount).toBe(3899_00 + 2 * 38_99);
    expect(c.totalPrice.tax.fractionalAmount).toBe(0);
    const shipped = await mutate(app, 'checkoutShippingAddressUpdate', '$token: String!, $shippingAddress: AddressInput!', { token: c.token, shippingAddress: US_ADDRESS });
    expect(shipped.errors).toEqual([]);
    const total = shipped.checkout!.totalPrice;
    expect(total.tax.fractionalAmount).toBeGreaterThan(0); // California sales tax
    expect(total.net.fractionalAmount + total.tax.fractionalAmount).toBe(total.gross.fractionalAmount);
    expect(shipped.checkout!.shippingAddress!.phoneFormatted).toBe('+1 415 555 0100');
    expect(shipped.checkout!.shippingMethod!.id).toBe('STANDARD');
    expect(shipped.checkout!.availablePaymentMethods).toEqual(['ACH', 'AFFIRM', 'CREDIT_CARD', 'ELECTRONIC_QUOTE', 'KLARNA', 'PAYPAL_ONE_TIME']);
  });

  it('a create replayed with its idempotency key, alone, at once or with other lines, gives back the one checkout made with it', async () => {
    const create = (lines: Array<{ variantId: string; quantity: number }>, idempotencyKey: string) =>
      mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!, $idempotencyKey: String', { input: { lines, country: 'US' }, idempotencyKey });
    const k = key();
    const first = await create([{ variantId: ids['IQ3-USBC-HUMAN']!, quantity: 1 }], k);
    expect(first.errors).toEqual([]);
    const replayed = await create([{ variantId: ids['IQ3-USBC-HUMAN']!, quantity: 1 }], k);
    expect(replayed.errors).toEqual([]);
    expect(replayed.checkout!.token).toBe(first.checkout!.token);
    // A replay whose lines would now be refused still answers with the checkout the key made.
    const refusedLines = await create([{ variantId: ids['IQ3-USBC-HUMAN']!, quantity: 0 }], k);
    expect(refusedLines).toMatchObject({ errors: [], checkout: { token: first.checkout!.token } });
    const together = key();
    const racing = await Promise.all(Array.from({ length: 5 }, () => create([{ variantId: ids['ACC-USBC-1M']!, quantity: 2 }], together)));
    expect(new Set(racing.map((r) => r.checkout?.token)).size).toBe(1);
    expect(racing.every((r) => r.errors.length === 0)).toBe(true);
    const rows = await app.database.db.select({ token: schema.checkouts.token }).from(schema.checkouts).where(sql`${schema.checkouts.creationKey} in (${k}, ${together})`);
    expect(rows).toHaveLength(2);
    // Made with a code that does not apply: the checkout, and the code's refusal, are both answered.
    const withCode = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!, $idempotencyKey: String', { input: { lines: [{ variantId: ids['ACC-USBC-1M']!, quantity: 1 }], country: 'US', voucherCode: 'NO SUCH CODE!' }, idempotencyKey: key() });
    expect(withCode.checkout).not.toBeNull();
    expect(withCode.errors.map((e) => e.code)).toEqual(['VOUCHER_NOT_APPLICABLE']);
    // Without a key, a refusal is said: nothing was made.
    const refused = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ variantId: ids['IQ3-USBC-HUMAN']!, quantity: 0 }], country: 'US' } });
    expect(refused.checkout).toBeNull();
    expect(refused.errors.map((e) => e.field)).toEqual(['lines.0.quantity']);
  });

  it('a line cannot carry a price: the contract has no such field', async () => {
    const res = await app.gql(`mutation { checkoutCreate(input: { lines: [{ variantId: "${ids['IQ3-USBC-HUMAN']}", quantity: 1, price: 1 }], country: US }) { errors { code } } }`);
    expect(res.body.errors?.[0]?.message).toMatch(/price/);
  });

  it('bad addresses come back per field and nothing is stored', async () => {
    const created = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ variantId: ids['IQ3-USBC-HUMAN'], quantity: 1 }], country: 'US' } });
    const token = created.checkout!.token;
    const bad = await mutate(app, 'checkoutShippingAddressUpdate', '$token: String!, $shippingAddress: AddressInput!', { token, shippingAddress: { ...US_ADDRESS, postalCode: 'ABC', city: '', countryArea: 'ZZ', phone: '12' } });
    expect(bad.errors.map((e) => [e.field, e.code]).sort()).toEqual([
      ['shippingAddress.city', 'REQUIRED'], ['shippingAddress.countryArea', 'INVALID'], ['shippingAddress.phone', 'INVALID'], ['shippingAddress.postalCode', 'INVALID'],
    ]);
    expect(bad.checkout!.shippingAddress).toBeNull();
    expect(bad.checkout!.version).toBe(created.checkout!.version);
  });

  it('a subscription-only checkout needs no shipping; team plans need a signed-in organization', async () => {
    const plan = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ variantId: ids['PRO-ANNUAL-HUMAN'], quantity: 1 }], country: 'US' } });
    expect(plan.checkout!.isShippingRequired).toBe(false);
    expect(plan.checkout!.availableShippingMethods).toEqual([]);
    const team = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ variantId: ids['TEAM-ANNUAL-HUMAN'], quantity: 3 }], country: 'US' } });
    expect(team.errors.map((e) => e.code)).toEqual(['NO_PERMISSIONS']);
    expect(team.checkout).toBeNull();
  });

  it('a stale expectedVersion is refused, so a replayed add cannot add twice', async () => {
    const created = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [], country: 'US' } });
    const { token, version } = created.checkout!;
    const add = () => mutate(app, 'checkoutLinesAdd', '$token: String!, $lines: [CheckoutLineInput!]!, $expectedVersion: Int', { token, lines: [{ variantId: ids['ACC-USBC-1M'], quantity: 1 }], expectedVersion: version });
    expect((await add()).errors).toEqual([]);
    const replay = await add();
    expect(replay.errors.map((e) => e.code)).toEqual(['VERSION_CONFLICT']);
    expect(replay.checkout!.lines.map((l) => l.quantity)).toEqual([1]);
  });

  it('changes racing on one checkout all apply (each written only on the version it was worked out on), and of two with one expectedVersion one wins', async () => {
    const created = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [], country: 'US' } });
    const { token, version } = created.checkout!;
    const add = (sku: string, expectedVersion?: number) => mutate(app, 'checkoutLinesAdd', '$token: String!, $lines: [CheckoutLineInput!]!, $expectedVersion: Int', { token, lines: [{ variantId: ids[sku], quantity: 1 }], expectedVersion });
    // Five adds at once, two of them of the same cable: none lost, none doubled.
    const answers = await Promise.all(['ACC-USBC-1M', 'ACC-USBC-1M', 'ACC-USBC-3M', 'IQ3-USBC-HUMAN', 'ACC-USBC-3M'].map((sku) => add(sku)));
    expect(answers.map((a) => a.errors)).toEqual([[], [], [], [], []]);
    const after = await app.database.db.select().from(schema.checkoutLines).innerJoin(schema.checkouts, eq(schema.checkouts.id, schema.checkoutLines.checkoutId)).where(eq(schema.checkouts.token, token));
    expect(after.map((r) => r.checkout_lines.quantity).sort()).toEqual([1, 2, 2]);
    expect(after[0]!.checkouts.version).toBe(version + 5);
    // Two adds both naming the version they saw: one applies, the other is told the cart changed.
    const current = after[0]!.checkouts.version;
    const raced = await Promise.all([add('ACC-USBC-1M', current), add('ACC-USBC-1M', current)]);
    expect(raced.map((a) => a.errors.map((e) => e.code)).sort()).toEqual([[], ['VERSION_CONFLICT']]);
    expect(raced.map((a) => a.checkout!.lines.find((l) => l.quantity >= 2)!.quantity)).toEqual([3, 3]);
  });

  it('places a card order (US), once: a replay or a new key returns the same order', async () => {
    const stockBefore = await stockOf('IQ3-USBC-HUMAN');
    const { token, total } = await readyCheckout(app, { lines: [{ variantId: ids['IQ3-USBC-HUMAN']!, quantity: 1 }] });
    const k = key();
    const first = await place(token, total, CARD_OK, k);
    expect(first.errors).toEqual([]);
    expect(first.order!.paymentStatus).toBe('FULLY_CHARGED');
    expect(first.order!.total.gross.fractionalAmount).toBe(total);
    expect(first.order!.payments).toEqual([{ status: 'SUCCEEDED', ccLastDigits: '4242', ccBrand: 'visa' }]);
    expect((await place(token, total, CARD_OK, k)).order!.token).toBe(first.order!.token);
    expect((await place(token, total, CARD_OK)).order!.token).toBe(first.order!.token);
    expect(await stockOf('IQ3-USBC-HUMAN')).toBe(stockBefore - 1);
    expect(gateway.charges.filter((c) => c.checkoutToken === token)).toHaveLength(1);
    const outbox = await app.database.db.select().from(schema.outbox).where(sql`${schema.outbox.payload}->>'orderToken' = ${first.order!.token}`);
    expect(outbox.map((o) => o.topic)).toEqual(['order.placed']);
    const again = await mutate(app, 'checkoutLinesAdd', '$token: String!, $lines: [CheckoutLineInput!]!', { token, lines: [{ variantId: ids['ACC-USBC-1M'], quantity: 1 }] });
    expect(again.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
  });

  it('a key used for another checkout is refused', async () => {
    const a = await readyCheckout(app, { lines: [{ variantId: ids['ACC-USBC-1M']!, quantity: 1 }] });
    const b = await readyCheckout(app, { lines: [{ variantId: ids['ACC-USBC-1M']!, quantity: 1 }] });
    const k = key();
    expect((await place(a.token, a.total, CARD_OK, k)).errors).toEqual([]);
    expect((await place(b.token, b.total, CARD_OK, k)).errors.map((e) => e.code)).toEqual(['IDEMPOTENCY_KEY_REUSED']);
  });

  it('a declined card charges nothing, keeps the checkout, and a retry with a good card succeeds', async () => {
    const stockBefore = await stockOf('IQPLUS-LIGHTNING-HUMAN');
    const { token, total } = await readyCheckout(app, { lines: [{ variantId: ids['IQPLUS-LIGHTNING-HUMAN']!, quantity: 1 }] });
    for (const [card, code] of [[CARD_DECLINED, 'CARD_DECLINED'], [{ ...CARD_OK, number: '4000000000000069' }, 'EXPIRED_CARD'], [{ ...CARD_OK, number: '4242424242424241' }, 'INCORRECT_NUMBER']] as const) {
      const declined = await place(token, total, card);
      expect(declined.order).toBeNull();
      expect(declined.errors.map((e) => e.code)).toEqual([code]);
    }
    expect(await stockOf('IQPLUS-LIGHTNING-HUMAN')).toBe(stockBefore);
    const retry = await place(token, total, CARD_OK);
    expect(retry.order!.paymentStatus).toBe('FULLY_CHARGED');
    expect(await stockOf('IQPLUS-LIGHTNING-HUMAN')).toBe(stockBefore - 1);
  });

  it('a total other than the one the buyer saw is PRICES_ARE_CHANGED and nothing is charged', async () => {
    const { token, total } = await readyCheckout(app, { lines: [{ variantId: ids['ACC-USBC-1M']!, quantity: 1 }] });
    const tampered = await place(token, total - 100);
    expect(tampered.errors.map((e) => e.code)).toEqual(['PRICES_ARE_CHANGED']);
    expect(gateway.charges.filter((c) => c.checkoutToken === token)).toEqual([]);
    // The price changes in the database after the buyer's review: same answer.
    await app.database.db.update(schema.variantPrices).set({ amount: sql`${schema.variantPrices.amount} + 500` })
      .where(sql`${schema.variantPrices.country} = 'US' and ${schema.variantPrices.variantId} = (select id from product_variants where sku = 'ACC-USBC-1M')`);
    expect((await place(token, total)).errors.map((e) => e.code)).toEqual(['PRICES_ARE_CHANGED']);
    const fresh = await app.gql<{ checkout: { totalPrice: { gross: { fractionalAmount: number } } } }>(`{ checkout(token: "${token}") { totalPrice { gross { fractionalAmount } } } }`);
    const newTotal = fresh.body.data!.checkout.totalPrice.gross.fractionalAmount;
    expect(newTotal).toBeGreaterThan(total + 500 - 1);
    expect((await place(token, newTotal)).order!.total.gross.fractionalAmount).toBe(newTotal);
  });

  it('DE: SEPA goes through the gateway page and settles by signed webhook; a replayed webhook changes state once', async () => {
    const { token, total, redirectUrl } = await readyCheckout(app, { country: 'DE', language: 'DE', lines: [{ variantId: ids['IQ3-USBC-HUMAN']!, quantity: 1 }], method: 'SEPA' });
    expect(redirectUrl).toMatch(/^\/test-gateway\/pi_test_/);
    const page = await app.app.inject({ method: 'GET', url: redirectUrl! });
    expect(page.body).toContain('€');
    const back = await app.app.inject({ method: 'POST', url: redirectUrl!, payload: 'outcome=succeeded', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toMatch(new RegExp(`^/de/de/checkout/payment/${token}/\\?payment_intent=pi_test_\\w+&redirect_status=processing$`));
    const placed = await place(token, total, null);
    expect(placed.errors).toEqual([]);
    expect(placed.order!.paymentStatus).toBe('ASYNC_PROCESSING');
    const intentId = new URL(back.headers.location!, 'http://x').searchParams.get('payment_intent')!;
    const event = gateway.signedEvent('payment_intent.succeeded', intentId);
    for (let i = 0; i < 50; i++) {
      const res = await app.app.inject({ method: 'POST', url: '/webhooks/payments', payload: event.rawBody, headers: { 'content-type': 'application/json', 'stripe-signature': event.signature } });
      expect(res.statusCode).toBe(200);
    }
    const order = await app.gql<{ orderByToken: { paymentStatus: string } }>(`{ orderByToken(token: "${placed.order!.token}") { paymentStatus } }`);
    expect(order.body.data!.orderByToken.paymentStatus).toBe('FULLY_CHARGED');
    const paid = await app.database.db.select().from(schema.outbox).where(sql`${schema.outbox.topic} = 'order.paid' and ${schema.outbox.payload}->>'orderToken' = ${placed.order!.token}`);
    expect(paid).toHaveLength(1);
  });

  it('a settlement webhook that arrives before the order is placed is not lost: the order is placed paid', async () => {
    const { token, total, redirectUrl } = await readyCheckout(app, { country: 'DE', language: 'DE', lines: [{ variantId: ids['ACC-USBC-1M']!, quantity: 1 }], method: 'KLARNA' });
    const intentId = redirectUrl!.split('/')[2]!;
    gateway.authorize(intentId, 'succeeded');
    await gateway.settle(intentId);
    const placed = await place(token, total, null);
    expect(placed.order!.paymentStatus).toBe('FULLY_CHARGED');
  });

  it('a payment refunded before its order was placed pays for nothing: the placement is refused, no order is written', async () => {
    const { token, total, redirectUrl } = await readyCheckout(app, { country: 'DE', language: 'DE', lines: [{ variantId: ids['ACC-USBC-1M']!, quantity: 1 }], method: 'KLARNA' });
    const intentId = redirectUrl!.split('/')[2]!;
    gateway.authorize(intentId, 'succeeded');
    await gateway.settle(intentId);
    // A first placement read the payment and failed (an item sold out meanwhile); an hour on, reconciliation
    // refunded the payment no order held. The buyer comes back to the same checkout, at the same total.
    expect((await gateway.intentOutcome(intentId, token)).status).toBe('SUCCEEDED');
    await gateway.refund(intentId, { idempotencyKey: `reconcile:${intentId}` });
    const placed = await place(token, total, null);
    expect(placed.order).toBeNull();
    expect(placed.errors.map((e) => e.code)).toEqual(['PAYMENT_ERROR']);
    const [checkout] = await app.database.db.select().from(schema.checkouts).where(eq(schema.checkouts.token, token));
    expect(checkout!.completedOrderToken).toBeNull();
  });

  it('forged, altered and stale webhooks are refused with 400 and write nothing', async () => {
    const good = gateway.signedEvent('payment_intent.succeeded', 'pi_test_unknown');
    const forged = new TestGateway('whsec_other').signedEvent('payment_intent.succeeded', 'pi_test_unknown');
    const stale = `t=${Math.floor(Date.now() / 1000) - 301},${good.signature.split(',')[1]}`;
    for (const [body, signature] of [[good.rawBody, forged.signature], [good.rawBody.replace('succeeded', 'succeedee'), good.signature], [good.rawBody, stale], [good.rawBody, '']]) {
      const res = await app.app.inject({ method: 'POST', url: '/webhooks/payments', payload: body, headers: { 'content-type': 'application/json', 'stripe-signature': signature! } });
      expect(res.statusCode).toBe(400);
    }
    const written = await app.database.db.select().from(schema.webhookEvents).where(eq(schema.webhookEvents.paymentId, 'pi_test_unknown'));
    expect(written).toEqual([]);
  });

  it('an electronic quote gives an unpaid order with an open invoice, paid once later', async () => {
    const { token, total } = await readyCheckout(app, { lines: [{ variantId: ids['ACC-USBC-3M']!, quantity: 2 }], method: 'ELECTRONIC_QUOTE' });
    const placed = await place(token, total, null);
    expect(placed.order!.paymentStatus).toBe('NOT_CHARGED');
    expect(placed.order!.invoice!.status).toBe('OPEN');
    const pay = (card: object) => app.gql<{ invoicePay: { invoice: { status: string }; errors: Array<{ code: string }> } }>(
      'mutation I($token: String!, $card: TestCardInput!) { invoicePay(token: $token, card: $card) { invoice { status } errors { code } } }', { token: placed.order!.invoice!.token, card });
    expect((await pay(CARD_DECLINED)).body.data!.invoicePay.errors.map((e) => e.code)).toEqual(['CARD_DECLINED']);
    expect((await pay(CARD_OK)).body.data!.invoicePay.invoice.status).toBe('PAID');
    expect((await pay(CARD_OK)).body.data!.invoicePay.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
    const order = await app.gql<{ orderByToken: { paymentStatus: string } }>(`{ orderByToken(token: "${placed.order!.token}") { paymentStatus } }`);
    expect(order.body.data!.orderByToken.paymentStatus).toBe('FULLY_CHARGED');
  });

  it('vouchers: applied with a discount, or refused with the VOUCHER_NOT_APPLICABLE variant that says why', async () => {
    const created = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ variantId: ids['IQ3-USBC-HUMAN'], quantity: 1 }], country: 'US' } });
    const token = created.checkout!.token;
    const voucher = (code: string | null) => mutate(app, 'checkoutVoucherUpdate', '$token: String!, $voucherCode: String', { token, voucherCode: code });
    const spring = await voucher('spring10');
    expect(spring.errors).toEqual([]);
    expect(spring.checkout!.voucherCode).toBe('SPRING10');
    expect(spring.checkout!.discountAmount.fractionalAmount).toBe(389_90);
    expect((await voucher('EXPIRED20')).errors.map((e) => e.code)).toEqual(['VOUCHER_NOT_APPLICABLE']);
    expect((await voucher('EUROPE50')).errors.map((e) => e.code)).toEqual(['VOUCHER_NOT_APPLICABLE_COUNTRY']);
    expect((await voucher('NOSUCHCODE')).checkout!.voucherCode).toBe('SPRING10');
    expect((await voucher('DRSMITH')).errors).toEqual([]);
    expect((await voucher('SPRING10')).errors.map((e) => e.code)).toEqual(['VOUCHER_NOT_APPLICABLE_AFFILIATE']);
    expect((await voucher(null)).checkout!.voucherCode).toBeNull();
    const cable = await voucher('CABLEFREE');
    expect(cable.checkout!.lines.filter((l) => l.isFreeItemLine).map((l) => [l.variant.sku, l.totalPrice.gross.fractionalAmount])).toEqual([['ACC-USBC-3M', 0]]);

    const sale = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ variantId: ids['IQPLUS-LIGHTNING-HUMAN'], quantity: 1 }], country: 'US' } });
    const onSale = await mutate(app, 'checkoutVoucherUpdate', '$token: String!, $voucherCode: String', { token: sale.checkout!.token, voucherCode: 'SPRING10' });
    expect(onSale.errors.map((e) => e.code)).toEqual(['VOUCHER_NOT_APPLICABLE_SALE']);
  });

  it('a voucher is recorded on the order and counted once', async () => {
    const { token, total } = await readyCheckout(app, { lines: [{ variantId: ids['ACC-USBC-1M']!, quantity: 1 }], voucherCode: 'REFER-7Q2K' });
    const used = async () => (await app.database.db.select({ n: schema.promos.usedCount }).from(schema.promos).where(eq(schema.promos.code, 'REFER-7Q2K')))[0]!.n;
    const before = await used();
    const placed = await place(token, total);
    expect(placed.order!.voucher!.code).toBe('REFER-7Q2K');
    expect(await used()).toBe(before + 1);
  });

  it('VAT reverse charge: a valid German VAT number removes VAT; a malformed one is refused', async () => {
    const { token } = await readyCheckout(app, { country: 'DE', language: 'DE', lines: [{ variantId: ids['IQ3-USBC-HUMAN']!, quantity: 1 }], address: DE_ADDRESS });
    const vat = (vatNumber: string | null) => mutate(app, 'checkoutVatNumberUpdate', '$token: String!, $vatNumber: String', { token, vatNumber });
    const withVat = (await vat(null)).checkout!;
    expect(withVat.totalPrice.tax.fractionalAmount).toBeGreaterThan(0);
    const bad = await vat('DE1234');
    expect(bad.errors.map((e) => [e.code, e.field])).toEqual([['INVALID', 'vatNumber']]);
    const reverse = await vat('DE 123 456 789');
    expect(reverse.checkout!.taxExemption).toBe(true);
    expect(reverse.checkout!.vatRegistrationNumber).toBe('DE123456789');
    expect(reverse.checkout!.totalPrice.tax.fractionalAmount).toBe(0);
    expect(reverse.checkout!.totalPrice.gross.fractionalAmount).toBe(withVat.totalPrice.net.fractionalAmount);
  });

  it('changing the country reprices in the new currency and drops the old shipping address', async () => {
    const { token } = await readyCheckout(app, { lines: [{ variantId: ids['IQ3-USBC-HUMAN']!, quantity: 1 }] });
    const moved = await mutate(app, 'checkoutCountryUpdate', '$token: String!, $country: CountryCode!', { token, country: 'DE' });
    expect(moved.errors).toEqual([]);
    expect(moved.checkout!.currency).toBe('EUR');
    expect(moved.checkout!.shippingAddress).toBeNull();
    expect((await mutate(app, 'checkoutCountryUpdate', '$token: String!, $country: CountryCode!', { token, country: 'MX' })).errors.map((e) => e.code)).toEqual(['COUNTRY_NOT_AVAILABLE']);
  });

  it('placing needs the attestations of the checkout type', async () => {
    const created = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ variantId: ids['ACC-USBC-1M'], quantity: 1 }], country: 'US', email: 'a@example.com' } });
    const token = created.checkout!.token;
    await mutate(app, 'checkoutShippingAddressUpdate', '$token: String!, $shippingAddress: AddressInput!', { token, shippingAddress: US_ADDRESS });
    const before = await app.gql<{ checkoutBeforePlaceOrder: { errors: Array<{ code: string; field: string }> } }>(
      'mutation B($token: String!) { checkoutBeforePlaceOrder(token: $token, paymentMethod: IDEAL, attestations: []) { errors { code field } } }', { token });
    expect(before.body.data!.checkoutBeforePlaceOrder.errors.map((e) => [e.code, e.field])).toEqual([
      ['BILLING_ADDRESS_NOT_SET', 'billingAddress'], ['INVALID', 'paymentMethod'], ['INVALID', 'attestations'],
    ]);
  });

  it('express checkout: a partial wallet address prices shipping and tax; the full addresses are validated together', async () => {
    const created = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ sku: 'ACC-USBC-1M', quantity: 2 }], country: 'US' } });
    const token = created.checkout!.token;
    const partial = await mutate(app, 'checkoutExpressShippingAddressUpdate', '$token: String!, $shippingAddress: AddressInput!', { token, shippingAddress: { country: 'US', countryArea: 'NY', postalCode: '10001' } });
    expect(partial.errors).toEqual([]);
    expect(partial.checkout!.totalPrice.tax.fractionalAmount).toBeGreaterThan(0);
    const bad = await mutate(app, 'checkoutExpressAddressesAdd', '$token: String!, $shippingAddress: AddressInput!, $email: String', { token, shippingAddress: { ...US_ADDRESS, postalCode: '1' }, email: 'not-an-email' });
    expect(bad.errors.map((e) => e.field).sort()).toEqual(['billingAddress.postalCode', 'email', 'shippingAddress.postalCode']);
    expect(bad.checkout!.email).toBeNull();
    const good = await mutate(app, 'checkoutExpressAddressesAdd', '$token: String!, $shippingAddress: AddressInput!, $email: String', { token, shippingAddress: US_ADDRESS, email: 'Wallet@Example.com' });
    expect(good.errors).toEqual([]);
    expect(good.checkout!.email).toBe('wallet@example.com');
  });

  it('line quantities: set, limited, and removed at 0; estimated delivery follows the shipping method', async () => {
    const created = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], country: 'DE' } });
    const { token, lines: [line] } = created.checkout!;
    const update = (quantity: number) => mutate(app, 'checkoutLineUpdate', '$token: String!, $lineId: ID!, $quantity: Int!', { token, lineId: line!.id, quantity });
    expect((await update(3)).checkout!.lines[0]!.quantity).toBe(3);
    expect((await update(101)).errors.map((e) => e.code)).toEqual(['QUANTITY_GREATER_THAN_LIMIT']);
    const delivery = await app.gql<{ checkoutEstimatedDelivery: { from: string; to: string } }>(`{ checkoutEstimatedDelivery(token: "${token}") { from to } }`);
    const { from, to } = delivery.body.data!.checkoutEstimatedDelivery;
    expect(new Date(to).getTime()).toBeGreaterThan(new Date(from).getTime());
    expect(new Date(from).getTime()).toBeGreaterThan(Date.now());
    expect((await update(0)).checkout!.lines).toEqual([]);
  });

  it('trade-in: checked, credited off one new probe before tax, kept on the order; one probe is never credited twice', async () => {
    const tradeInArgs = '$token: String!, $deviceModel: String!, $serialNumber: String!';
    const cableOnly = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], country: 'GB' } });
    const noProbe = await mutate(app, 'checkoutTradeInProgramDataUpdate', tradeInArgs, { token: cableOnly.checkout!.token, deviceModel: 'IQ', serialNumber: 'SN-000001' });
    expect(noProbe.errors.map((e) => [e.code, e.field])).toEqual([['OPERATION_NOT_ALLOWED', 'deviceModel']]);
    expect(noProbe.checkout!.isTradeInAvailable).toBe(false);

    const created = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ sku: 'IQ3-USBC-HUMAN', quantity: 2 }, { sku: 'ACC-USBC-1M', quantity: 1 }], country: 'GB' } });
    const token = created.checkout!.token;
    const before = created.checkout!.totalPrice.gross.fractionalAmount;
    expect(created.checkout!.isTradeInAvailable).toBe(true);
    const bad = await mutate(app, 'checkoutTradeInProgramDataUpdate', tradeInArgs, { token, deviceModel: 'TOASTER', serialNumber: '!' });
    expect(bad.errors.map((e) => e.field)).toEqual(['deviceModel', 'serialNumber']);
    expect(bad.checkout!.tradeInCredit.gross.fractionalAmount).toBe(0);
    const preview = await app.gql<{ checkoutTradeInPromoPreview: { currency: string; fractionalAmount: number } }>(`{ checkoutTradeInPromoPreview(token: "${token}", deviceModel: "IQ_PLUS") { currency fractionalAmount } }`);
    const credit = preview.body.data!.checkoutTradeInPromoPreview;
    expect(credit.currency).toBe('GBP');
    const probeLine = created.checkout!.lines.find((l) => l.variant.sku === 'IQ3-USBC-HUMAN')!;
    expect(credit.fractionalAmount).toBe(Math.round(probeLine.totalPrice.gross.fractionalAmount / 2 / 10)); // 10 % of one of the two probes
    const good = await mutate(app, 'checkoutTradeInProgramDataUpdate', tradeInArgs, { token, deviceModel: 'IQ_PLUS', serialNumber: 'bq-123456' });
    expect(good.errors).toEqual([]);
    expect(good.checkout!.tradeInCredit.gross.fractionalAmount).toBe(credit.fractionalAmount); // GB shows gross prices
    expect(good.checkout!.totalPrice.gross.fractionalAmount).toBe(before - credit.fractionalAmount);
    expect(good.checkout!.discountAmount.fractionalAmount).toBe(0);
    const cleared = await mutate(app, 'checkoutTradeInProgramDataUpdate', tradeInArgs, { token, deviceModel: '', serialNumber: '' });
    expect(cleared.checkout!.totalPrice.gross.fractionalAmount).toBe(before);

    // Two checkouts name the same probe and are placed at once: one order takes it, the other is refused, uncharged.
    const serial = { deviceModel: 'IQ', serialNumber: `SN-${Date.now()}` };
    const ready = await Promise.all([0, 1].map(() => readyCheckout(app, { country: 'DE', language: 'DE', lines: [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }], tradeIn: serial })));
    expect(ready[0]!.checkout.tradeInCredit.gross.fractionalAmount).toBeGreaterThan(0);
    const results = await Promise.all(ready.map((r) => place(r.token, r.total)));
    const placed = results.find((r) => r.order)!;
    expect(placed.order!.tradeIn).toEqual({ serialNumber: serial.serialNumber, credit: ready[0]!.checkout.tradeInCredit });
    expect(placed.order!.total.gross.fractionalAmount).toBe(ready[0]!.total);
    const refused = results.find((r) => !r.order)!;
    expect(refused.errors.map((e) => [e.code, e.field])).toEqual([['OPERATION_NOT_ALLOWED', 'serialNumber']]);
    const third = await mutate(app, 'checkoutTradeInProgramDataUpdate', tradeInArgs, { token, ...serial });
    expect(third.errors.map((e) => e.message)).toEqual(['This probe has already been traded in']);
  });

  it('a bank payment that fails after the order is placed leaves it unpaid; the buyer then pays it once by card', async () => {
    const { token, total, redirectUrl } = await readyCheckout(app, { country: 'DE', language: 'DE', lines: [{ variantId: ids['ACC-USBC-1M']!, quantity: 1 }], method: 'SEPA' });
    const intentId = redirectUrl!.split('/')[2]!;
    gateway.authorize(intentId, 'failed');
    const placed = await place(token, total, null);
    expect(placed.order!.paymentStatus).toBe('ASYNC_PROCESSING');
    const failed = gateway.signedEvent('payment_intent.payment_failed', intentId);
    await app.app.inject({ method: 'POST', url: '/webhooks/payments', payload: failed.rawBody, headers: { 'content-type': 'application/json', 'stripe-signature': failed.signature } });
    const pay = (card: object) => app.gql<{ orderPay: { order: { paymentStatus: string } | null; errors: Array<{ code: string }> } }>(
      'mutation O($token: String!, $card: TestCardInput!) { orderPay(token: $token, card: $card) { order { paymentStatus } errors { code } } }', { token: placed.order!.token, card });
    const declined = (await pay(CARD_DECLINED)).body.data!.orderPay;
    expect(declined.errors.map((e) => e.code)).toEqual(['CARD_DECLINED']);
    expect(declined.order!.paymentStatus).toBe('NOT_CHARGED');
    expect((await pay(CARD_OK)).body.data!.orderPay.order!.paymentStatus).toBe('FULLY_CHARGED');
    expect((await pay(CARD_OK)).body.data!.orderPay.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
  });
});
