import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CARD_OK, PLACE, readyCheckout, type PlaceAnswer } from '../../apps/server/test/checkout-support.ts';
import { LANDING_PAGES } from '../../apps/storefront/src/features/catalogue/landing/pages.ts';
import { httpGql } from '../support/api.ts';

const MARKETS = ['/us/en/', '/de/de/', '/pl/pl/'];

/** Each screen of spec §2 with real tokens in its path: what the server answers to a first, plain request (no browser). */
function storeRoutes(tokens: { order: string; invoice: string; checkout: string }): string[] {
  return [
    '', 'cart/', 'accessories/', 'accessories-step/', 'accessories-step/?device=iq3&sku=IQ3-USBC-HUMAN', 'checkout/', `checkout/${tokens.checkout}/`, `checkout/payment/${tokens.checkout}/`,
    'product/iq3/', 'product/iq3/pro/', 'product/iq3/pro/annual/', 'product/iq-plus/', 'product/pro-membership/', 'product/usb-c-cable/', 'product/extended-warranty-2-years/', 'product/iq3/all-in/',
    'all-in/', 'pricing-survey/', 'pro-custom/', 'product-flow/', 'offer/', 'solutions/',
    `payment-details/${tokens.order}/`, `order-payment/${tokens.order}/`, `order-payment-confirmation/${tokens.order}/`, `confirmation/${tokens.order}/`,
    `invoice-payment/${tokens.invoice}/`, `invoice-payment-confirmation/${tokens.invoice}/`,
    'iq/', 'vet/', 'iq/bundle/', 'vet/bundle/', 'subscription/', 'account/', 'learner-verification/', 'vet/learner-verification/',
    // The account area's own sections (issue 36).
    'account/orders/', 'account/orders/1001/', 'account/payment-methods/', 'account/organizations/', 'account/referrals/',
    // Screens the spec names without their path.
    'upgrade/', 'upgrade/expired/', 'upgrade/license/', 'upgrade/pro/', 'upgrade/add-iq/',
    'pro-custom/upgrade/', 'pro-custom/downgrade/', 'pro-custom/reactivation/',
    'site-map/', 'contact/', 'pricing/', 'terms/', 'supported-countries/',
    ...LANDING_PAGES.map((page) => page.path),
    'form/demo/',
  ];
}

async function status(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' });
  return res.status >= 300 && res.status < 400 ? `${res.status} ${new URL(res.headers.get('location')!, url).pathname}` : String(res.status);
}

/** Issue 14: every route of spec §2 under a valid market prefix answers 200 (or the spec's redirect); none answers 404. */
describe('every store route answers', () => {
  const base = inject('baseUrl');
  let tokens: { order: string; invoice: string; checkout: string };

  beforeAll(async () => {
    const api = httpGql(base);
    const place = async (method: string, card: object | null) => {
      const { token, total } = await readyCheckout(api, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], method });
      const placed = await api.gql<PlaceAnswer>(PLACE, { token, key: `routes-${method}-${Date.now()}`, total, card });
      return placed.body.data!.checkoutPlaceOrder.order!;
    };
    const card = await place('CREDIT_CARD', CARD_OK);
    const quote = await place('ELECTRONIC_QUOTE', null);
    const open = await readyCheckout(api, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    tokens = { order: card.token, invoice: quote.invoice!.token, checkout: open.token };
  });

  it.each(MARKETS)('under %s: 200 for every screen', async (market) => {
    const answers = await Promise.all(storeRoutes(tokens).map(async (path) => [path, await status(`${base}${market}${path}`)] as const));
    expect(answers.filter(([, answer]) => answer !== '200')).toEqual([]);
  });

  it('the spec\'s redirects: the survey results without answers go to the survey; a path without a market gets one', async () => {
    expect(await status(`${base}/us/en/survey-results/`)).toBe('302 /us/en/pricing-survey/');
    expect(await status(`${base}/cart/`)).toMatch(/^302 \/[a-z]{2}\/[a-z]{2}\/cart\/$/);
    expect(await status(`${base}/xx/en/cart/`)).toMatch(/^302 \/[a-z]{2}\/[a-z]{2}\/cart\/$/);
  });

  it('an unknown product, order or invoice answers 404 with the store\'s not-found screen', async () => {
    for (const path of ['product/no-such-probe/', 'order-payment-confirmation/unknown-token/', 'invoice-payment-confirmation/unknown-token/', 'payment-details/unknown-token/', 'no-such-page/']) {
      expect(await status(`${base}/us/en/${path}`), path).toBe('404');
    }
  });
});
