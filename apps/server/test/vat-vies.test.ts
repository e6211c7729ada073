import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CachedVatChecker, FakeVies, LiveVies } from '../src/modules/vat/index.ts';
import { DE_ADDRESS, mutate } from './checkout-support.ts';
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
