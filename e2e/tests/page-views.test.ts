import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CARD_OK, PLACE, readyCheckout, type PlaceAnswer } from '../../apps/server/test/checkout-support.ts';
import { hydrated, signInAtProvider } from '../support/account.ts';
import { httpGql } from '../support/api.ts';
import { launchBrowser, openPage, pageViews, settled } from '../support/browser.ts';

/** Spec §2, "Analytics page-view names": every one of them, as the spec writes it. */
const SPEC_PAGE_VIEWS = [
  'accessories home', 'accessories upsell', 'team additional probes', 'IQ3 product', 'old offer product', 'cart', 'checkout',
  'my account', 'additional licenses', 'additional vet probe', 'vet product flow', 'probe-only', 'probe-only vet',
  'subscription purchase', 'product', 'upgrade expired', 'upgrade team', 'upgrade user', 'return (external payment)', 'product details',
];


/**
 * Issue 14, the analytics contract: each page-view name of the spec is pushed by the screen it names, once
 * per view (a view is a document load here: the data layer starts empty each time). The walk signs in as the
 * demo users whose organizations make the signed-in names appear.
 */
describe('page views: every name of the spec, once per view', () => {
  let browser: Browser;
  const seen = new Map<string, string[]>();
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  /** Opens the path as a new view and records what it pushed, once it has pushed something and the network is quiet. */
  async function view(page: Page, path: string): Promise<string[]> {
    await page.goto(path);
    await hydrated(page);
    await expect.poll(() => pageViews(page), { timeout: 20_000 }).not.toEqual([]);
    await settled(page);
    const names = await pageViews(page);
    seen.set(path, names);
    return names;
  }

  async function signIn(page: Page, email: string, path: string): Promise<void> {
    await signInAtProvider(page, path, email);
    await page.waitForURL((url) => url.pathname === path);
  }

  it('anonymous screens', async () => {
    const api = httpGql(inject('baseUrl'));
    const { token, total } = await readyCheckout(api, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    const order = (await api.gql<PlaceAnswer>(PLACE, { token, key: `page-views-${Date.now()}`, total, card: CARD_OK })).body.data!.checkoutPlaceOrder.order!;

    const { context, page } = await openPage(browser);
    const expected: Array<[string, string]> = [
      ['/us/en/accessories/', 'accessories home'],
      ['/us/en/accessories-step/', 'accessories upsell'],
      ['/us/en/product/iq3/', 'IQ3 product'],
      ['/us/en/product/iq3/?offer=summer-2026', 'old offer product'],
      ['/us/en/product/usb-c-cable/', 'product'],
      ['/us/en/probe/', 'probe-only'],
      ['/us/en/vet/probe/', 'probe-only vet'],
      ['/us/en/pro-membership/', 'subscription purchase'],
      ['/us/en/device-iq/', 'product details'],
      ['/us/en/product-flow/device/?market=vet', 'vet product flow'],
      [`/us/en/order-payment-confirmation/${order.token}/`, 'return (external payment)'],
    ];
    for (const [path, name] of expected) expect(await view(page, path), path).toEqual([name]);
    // The cart and the checkout with something in the cart.
    await page.goto('/us/en/product/usb-c-cable/');
    await hydrated(page);
    await page.locator('.add-to-cart button').click();
    await page.locator('.add-to-cart__status a').first().waitFor();
    expect(await view(page, '/us/en/cart/')).toEqual(['cart']);
    expect(await view(page, '/us/en/checkout/')).toEqual(['checkout']);
    await context.close();
  });

  it('signed-in screens: a clinic admin, a veterinary team admin, an individual', async () => {
    const walks: Array<[string, Array<[string, string]>]> = [
      ['admin@demo.probe.store', [['/us/en/account/', 'my account'], ['/us/en/upgrade/license/', 'additional licenses'], ['/us/en/upgrade/add-iq/', 'team additional probes'], ['/us/en/upgrade/expired/', 'upgrade expired']]],
      ['vet@demo.probe.store', [['/de/de/upgrade/', 'upgrade team'], ['/de/de/upgrade/add-iq/', 'additional vet probe']]],
      ['individual@demo.probe.store', [['/us/en/upgrade/', 'upgrade user']]],
    ];
    for (const [email, paths] of walks) {
      const { context, page } = await openPage(browser);
      await signIn(page, email, paths[0]![0]);
      for (const [path, name] of paths) expect(await view(page, path), `${email} ${path}`).toEqual([name]);
      await context.close();
    }
  }, 120_000);

  it('the purchase: pushed and copied to the server once per order, not again across two reloads of the confirmation', async () => {
    const api = httpGql(inject('baseUrl'));
    const { token, total } = await readyCheckout(api, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    const order = (await api.gql<PlaceAnswer>(PLACE, { token, key: `purchase-${Date.now()}`, total, card: CARD_OK })).body.data!.checkoutPlaceOrder.order!;
    const { context, page } = await openPage(browser);
    const copies: Array<{ name: string; body: { ecommerce: { transaction_id: string } }; recorded: Promise<boolean> }> = [];
    page.on('request', (r) => {
      const sent = new URL(r.url()).pathname === '/graphql' ? r.postDataJSON() : null;
      if (sent?.operationName !== 'AnalyticsEventCreate') return;
      const { eventData } = sent.variables.input;
      copies.push({ name: eventData.name, body: JSON.parse(eventData.body), recorded: r.response().then(async (res) => (await res!.json()).data.analyticsEventCreate.recorded) });
    });
    const purchases = () => page.evaluate(() => ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).filter((e) => e.event === 'order_completed').length);
    await page.goto(`/us/en/confirmation/${order.token}/`);
    await hydrated(page);
    await expect.poll(purchases).toBe(1);
    await expect.poll(() => copies.length).toBe(1);
    expect(copies[0]!.name).toBe('order_completed');
    expect(copies[0]!.body.ecommerce.transaction_id).toBe(order.number);
    await expect(copies[0]!.recorded).resolves.toBe(true);
    for (let i = 0; i < 2; i++) {
      await page.reload();
      await settled(page);
      expect(await purchases()).toBe(0);
    }
    expect(copies).toHaveLength(1);
    await context.close();
  });

  it('the walk above met every name of the spec', () => {
    const pushed = new Set([...seen.values()].flat());
    expect(SPEC_PAGE_VIEWS.filter((name) => !pushed.has(name))).toEqual([]);
  });
});
