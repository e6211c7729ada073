import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * CheckoutEstimatedDelivery (spec §7, issue 34): the first and last day the checkout's shipping method may
 * deliver on, counted in business days from today on the store's clock; null when nothing ships.
 */
// Friday 27 November 2026, late in the evening (UTC): the weekend is not counted.
const NOW = new Date('2026-11-27T22:30:00Z');
let app: TestApp;
beforeAll(async () => { app = await startTestApp({ now: () => NOW }); });
afterAll(() => app?.close());

const Q = 'query CheckoutEstimatedDelivery($token: String!) { checkoutEstimatedDelivery(token: $token) { from to } }';
const estimate = async (token: string) => {
  const res = await app.gql<{ checkoutEstimatedDelivery: { from: string; to: string } | null }>(Q, { token });
  expect(res.body.errors).toBeUndefined();
  return res.body.data!.checkoutEstimatedDelivery;
};
const create = async (sku: string) => (await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: [{ sku, quantity: 1 }], country: 'DE' } })).checkout!.token;

describe('CheckoutEstimatedDelivery', () => {
  it("counts the chosen method's business days from today: standard until one is chosen, then express", async () => {
    const token = await create('ACC-USBC-1M');
    // Germany's standard shipping takes 3 to 5 business days: from Friday, Wednesday to Friday.
    expect(await estimate(token)).toEqual({ from: '2026-12-02', to: '2026-12-04' });
    const chosen = await mutate(app, 'checkoutShippingMethodUpdate', '$token: String!, $shippingMethodId: String!', { token, shippingMethodId: 'EXPRESS' });
    expect(chosen.errors).toEqual([]);
    // Express, 1 to 2 business days: Monday to Tuesday.
    expect(await estimate(token)).toEqual({ from: '2026-11-30', to: '2026-12-01' });
  });

  it('is null for a checkout that ships nothing, and for a token that names no checkout', async () => {
    expect(await estimate(await create('PRO-ANNUAL-HUMAN'))).toBeNull();
    expect(await estimate(crypto.randomUUID())).toBeNull();
  });
});
