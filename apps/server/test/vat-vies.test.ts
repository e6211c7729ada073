import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CachedVatChecker, FakeVies, LiveVies } from '../src/modules/vat/index.ts';
import { schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import { CARD_OK, DE_ADDRESS, mutate, PLACE, readyCheckout, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { tableFingerprint } from './table-fingerprint.ts';

/** Issue 34, decision 0047: EU VAT numbers checked with VIES (here its in-repo fake) before a reverse charge removes VAT. */
describe('the VIES adapter', () => {
  const answering = (status: number, body: unknown) => Object.assign(async () => new Response(JSON.stringify(body), { status }), {}) as unknown as typeof fetch;

  it('reads the REST API: valid, invalid, and a member state that could not answer, an error or no answer as unavailable', async () => {
    let asked = '';
    const seen = (async (url: string) => { asked = url; return new Response(JSON.stringify({ isValid: true }), { status: 200 }); }) as unknown as typeof fetch;
    expect(await new LiveVies({ fetch: seen, url: 'https://vies.test/api' }).check('DE123456789')).toBe('VALID');
    expect(asked).toBe('https://vies.test/api/ms/DE/vat/123456789');
    expect(await new LiveVies({ fetch: answering(200, { isValid: false }) }).check('DE123456789')).toBe('INVALID');
    expect(await new LiveVies({ fetch: answering(200, { isValid: false, userError: 'MS_UNAVAILABLE' }) }).check('DE123456789')).toBe('UNAVAILABLE');
    expect(await new LiveVies({ fetch: answering(503, {}) }).check('DE123456789')).toBe('UNAVAILABLE');
    const failing = (async () => { throw new TypeError('fetch failed'); }) as unknown as typeof fetch;
    expect(await new LiveVies({ fetch: failing }).check('DE123456789')).toBe('UNAVAILABLE');
  });

  it('caches answers within its entry and byte bounds, for their time, and never an outage', async () => {
    let now = 0;
    const fake = new FakeVies();
    const cached = new CachedVatChecker(fake, { maxEntries: 2, maxBytes: 30, ttlMs: 1000, now: () => now });
    expect(await cached.check('DE123456789')).toBe('VALID');
    expect(await cached.check('DE123456789')).toBe('VALID');
    expect(fake.calls).toBe(1);
    expect(await cached.check('DE123456999')).toBe('UNAVAILABLE');
    expect(await cached.check('DE123456999')).toBe('UNAVAILABLE');
    expect(fake.calls).toBe(3);
    expect(await cached.check('DE123456000')).toBe('INVALID');
    expect(await cached.check('AT12345678')).toBe('VALID');
    // Two entries at most: the least recently used (DE123456789) went.
    expect(cached.size.entries).toBe(2);
    await cached.check('DE123456789');
    expect(fake.calls).toBe(6);
    // 30 bytes at most: three 11-byte keys do not fit.
    expect(cached.size.bytes).toBeLessThanOrEqual(30);
    now += 1001;
    await cached.check('DE123456789');
    expect(fake.calls).toBe(7);
  });
});

describe('a checkout\'s VAT number checked with VIES (the fake)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const FIELDS = 'token taxExemption vatRegistrationNumber totalPrice { tax { fractionalAmount } }';
  type Answer = { token: string; taxExemption: boolean; vatRegistrationNumber: string | null; totalPrice: { tax: { fractionalAmount: number } } };
  async function germanCart(): Promise<Answer> {
    const created = await mutate(t, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], country: 'DE', languageCode: 'DE', email: 'praxis@example.de' } }, FIELDS);
    const token = (created.checkout as unknown as Answer).token;
    await mutate(t, 'checkoutBillingAddressUpdate', '$token: String!, $billingAddress: AddressInput!', { token, billingAddress: DE_ADDRESS }, FIELDS);
    return created.checkout as unknown as Answer;
  }
  const setVat = (token: string, vatNumber: string) => mutate(t, 'checkoutVatNumberUpdate', '$token: String!, $vatNumber: String', { token, vatNumber }, FIELDS);

  it('a number VIES knows removes VAT (reverse charge); one it does not know is refused, the checkout unchanged', async () => {
    const cart = await germanCart();
    const known = await setVat(cart.token, 'DE 123 456 789');
    expect(known.errors).toEqual([]);
    expect(known.checkout).toMatchObject({ taxExemption: true, vatRegistrationNumber: 'DE123456789', totalPrice: { tax: { fractionalAmount: 0 } } });

    const other = await germanCart();
    const before = await tableFingerprint(t.database.db, ['checkouts']);
    const unknown = await setVat(other.token, 'DE123456000');
    expect(unknown.errors).toEqual([expect.objectContaining({ code: 'INVALID', field: 'vatNumber' })]);
    expect(unknown.checkout).toMatchObject({ taxExemption: false, vatRegistrationNumber: null });
    expect(await tableFingerprint(t.database.db, ['checkouts'])).toBe(before);
  });

  it('while VIES cannot answer, the number is not taken and VAT is charged (PROCESSING_ERROR on the field)', async () => {
    const cart = await germanCart();
    const before = await tableFingerprint(t.database.db, ['checkouts']);
    const down = await setVat(cart.token, 'DE123456999');
    expect(down.errors).toEqual([expect.objectContaining({ code: 'PROCESSING_ERROR', field: 'vatNumber' })]);
    expect(down.checkout).toMatchObject({ taxExemption: false, vatRegistrationNumber: null });
    expect((down.checkout as unknown as Answer).totalPrice.tax.fractionalAmount).toBeGreaterThan(0);
    expect(await tableFingerprint(t.database.db, ['checkouts'])).toBe(before);
  });
});

describe('a VAT number asked about again when the order is placed (the fake)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const TABLES = ['checkouts', 'orders', 'order_lines', 'payments', 'invoices', 'outbox'];
  const place = (token: string, total: number, key: string) => t.gql<PlaceAnswer>(PLACE, { token, key, total, card: CARD_OK }).then((r) => r.body.data!.checkoutPlaceOrder);
  /** A German cart with a VAT number VIES knew when it was put on the checkout; then `since` is what VIES says at placement. */
  async function acceptedEarlier(since: string) {
    const ready = await readyCheckout(t, { country: 'DE', language: 'DE', lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], vatNumber: 'DE123456789' });
    expect(ready.checkout.taxExemption).toBe(true);
    // VIES withdrew the registration (or went down) after the number was taken: the checkout still holds what was accepted.
    await t.database.db.update(schema.checkouts).set({ vatNumber: since }).where(eq(schema.checkouts.token, ready.token));
    return ready;
  }

  it('a number VIES still knows is placed without VAT (reverse charge)', async () => {
    const ready = await readyCheckout(t, { country: 'DE', language: 'DE', lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], vatNumber: 'DE123456789' });
    const placed = await place(ready.token, ready.total, 'vies-recheck-valid');
    expect(placed.errors).toEqual([]);
    expect(placed.order!.total.tax.fractionalAmount).toBe(0);
  });

  it('a number VIES no longer knows is refused at placement: nothing charged, nothing written', async () => {
    const ready = await acceptedEarlier('DE123456000');
    const before = await tableFingerprint(t.database.db, TABLES);
    const placed = await place(ready.token, ready.total, 'vies-recheck-invalid');
    expect(placed).toEqual({ order: null, errors: [expect.objectContaining({ code: 'INVALID', field: 'vatNumber' })] });
    expect(await tableFingerprint(t.database.db, TABLES)).toBe(before);
  });

  it('while VIES is down at placement, VAT is charged (decision 0047): the reverse charge is refused, nothing written, and the buyer may remove the number', async () => {
    const ready = await acceptedEarlier('DE123456999');
    const before = await tableFingerprint(t.database.db, TABLES);
    const placed = await place(ready.token, ready.total, 'vies-recheck-down');
    expect(placed).toEqual({ order: null, errors: [expect.objectContaining({ code: 'PROCESSING_ERROR', field: 'vatNumber' })] });
    const again = await t.gql<{ checkoutBeforePlaceOrder: { errors: Array<{ code: string; field: string }> } }>(
      'mutation B($token: String!) { checkoutBeforePlaceOrder(token: $token, paymentMethod: CREDIT_CARD, attestations: ["TERMS_AND_CONDITIONS"]) { errors { code field } } }', { token: ready.token },
    );
    expect(again.body.data!.checkoutBeforePlaceOrder.errors).toEqual([{ code: 'PROCESSING_ERROR', field: 'vatNumber' }]);
    expect(await tableFingerprint(t.database.db, TABLES)).toBe(before);
    // Without the number the buyer pays VAT, at the total now shown.
    const removed = await mutate(t, 'checkoutVatNumberUpdate', '$token: String!, $vatNumber: String', { token: ready.token, vatNumber: null }, 'token taxExemption totalPrice { gross { fractionalAmount } tax { fractionalAmount } }');
    const total = (removed.checkout as unknown as { totalPrice: { gross: { fractionalAmount: number }; tax: { fractionalAmount: number } } }).totalPrice;
    expect(total.tax.fractionalAmount).toBeGreaterThan(0);
    const paid = await place(ready.token, total.gross.fractionalAmount, 'vies-recheck-with-vat');
    expect(paid.errors).toEqual([]);
    expect(paid.order!.total.tax.fractionalAmount).toBe(total.tax.fractionalAmount);
  });
});
