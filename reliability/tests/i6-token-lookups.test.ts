import { randomBytes, randomUUID } from 'node:crypto';
import { schema } from '@probe/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OK, readyCheckout } from '../../apps/server/test/checkout-support.ts';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { recordScenario } from '../support/report.ts';
import { place, testGateway } from '../support/store.ts';

const CHECKOUT = 'query C($token: String!) { checkout(token: $token) { token } }';
const DELIVERY = 'query D($token: String!) { checkoutEstimatedDelivery(token: $token) { from } }';
const LINES_ADD = 'mutation L($token: String!) { checkoutLinesAdd(token: $token, lines: [{ sku: "ACC-USBC-1M", quantity: 1 }]) { checkout { token } errors { code field } } }';
const ORDER = 'query O($token: String!) { orderByToken(token: $token) { number } }';
const INVOICE = 'query I($token: String!) { invoiceByToken(token: $token) { token } }';
const ORDER_PAY = 'mutation P($token: String!, $card: TestCardInput!) { orderPay(token: $token, card: $card) { order { number } errors { code field } } }';
const REFERRER = 'query R($token: String!) { referrer(token: $token) { organizationName } }';

interface Answer { status: number; hit: boolean; retryAfter: number }

/**
 * I6: every anonymous lookup by token, over GraphQL and HTTP, counts on one miss counter per address. One
 * address guesses 20 times across ten kinds of lookup (invoice and quote PDFs, checkout, its delivery
 * estimate, adding to a checkout, order, invoice, paying an order, referral link, the gateway's payment
 * page): nothing is found, and then every lookup it makes, of real tokens too, is 429 with Retry-After.
 * A buyer reloading their own order, cart, invoice and payment page from another address is never
 * limited, nor are 25 buyers behind one office address asking for their carts at once.
 */
describe('I6 one miss counter for every token lookup (PostgreSQL)', () => {
  let app: TestApp;
  const gateway = testGateway();
  beforeAll(async () => {
    app = await startTestApp({ gateway });
  });
  afterAll(() => app?.close());

  const gql = async (query: string, variables: Record<string, unknown>, remoteAddress: string, field: string): Promise<Answer> => {
    const res = await app.app.inject({ method: 'POST', url: '/graphql', remoteAddress, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query, variables }) });
    const value = res.json().data?.[field];
    const found = value !== null && value !== undefined && !(Array.isArray(value?.errors) && value.errors.some((e: { code: string }) => e.code === 'NOT_FOUND'));
    return { status: res.statusCode, hit: res.statusCode === 200 && found, retryAfter: Number(res.headers['retry-after'] ?? 0) };
  };
  const get = async (url: string, remoteAddress: string): Promise<Answer> => {
    const res = await app.app.inject({ method: 'GET', url, remoteAddress });
    return { status: res.statusCode, hit: res.statusCode === 200, retryAfter: Number(res.headers['retry-after'] ?? 0) };
  };

  it('20 guesses over ten kinds of lookup: zero hits, then every lookup is 429, real tokens too; a buyer\'s reloads never are', async () => {
    const card = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    const order = (await place(app, { token: card.token, key: `i6-${card.token}`, total: card.total, card: CARD_OK })).order!;
    const quote = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], method: 'ELECTRONIC_QUOTE' });
    const quoted = (await place(app, { token: quote.token, key: `i6-q-${quote.token}`, total: quote.total })).order!;
    const cart = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-3M', quantity: 1 }] });
    const sepa = await readyCheckout(app, { country: 'DE', language: 'DE', lines: [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }], method: 'SEPA' });
    const [membership] = await app.database.db.select({ referrerToken: schema.organizationMemberships.referrerToken }).from(schema.organizationMemberships).limit(1);

    // Each kind of lookup, by the token it is given.
    const lookups: Array<[string, (token: string, ip: string) => Promise<Answer>]> = [
      ['invoice PDF', (t, ip) => get(`/documents/invoice/${t}.pdf`, ip)],
      ['quote PDF', (t, ip) => get(`/documents/quote/${t}.pdf`, ip)],
      ['checkout', (t, ip) => gql(CHECKOUT, { token: t }, ip, 'checkout')],
      ['checkout delivery estimate', (t, ip) => gql(DELIVERY, { token: t }, ip, 'checkoutEstimatedDelivery')],
      ['add to checkout', (t, ip) => gql(LINES_ADD, { token: t }, ip, 'checkoutLinesAdd')],
      ['order', (t, ip) => gql(ORDER, { token: t }, ip, 'orderByToken')],
      ['invoice', (t, ip) => gql(INVOICE, { token: t }, ip, 'invoiceByToken')],
      ['order payment', (t, ip) => gql(ORDER_PAY, { token: t, card: CARD_OK }, ip, 'orderPay')],
      ['referral link', (t, ip) => gql(REFERRER, { token: t }, ip, 'referrer')],
      ['gateway payment page', (t, ip) => get(`/test-gateway/${t}/`, ip)],
    ];
    const guess = (kind: string) => (kind === 'referral link' ? randomBytes(16).toString('hex') : kind === 'gateway payment page' ? `pi_test_${randomBytes(16).toString('hex')}` : randomUUID());

    const attacker = '203.0.113.70';
    let hits = 0;
    let guesses = 0;
    for (let i = 0; i < 20; i++) {
      const [kind, lookup] = lookups[i % lookups.length]!;
      const answer = await lookup(guess(kind), attacker);
      guesses++;
      expect(answer.status, `${kind} guess ${i}`).not.toBe(429);
      if (answer.hit) hits++;
    }
    // The attacker now asks for real tokens (and one more guess): each is refused while the window lasts.
    const real: Array<[string, string]> = [
      ['invoice PDF', order.token], ['quote PDF', quoted.token], ['checkout', cart.token], ['checkout delivery estimate', cart.token], ['add to checkout', cart.token],
      ['order', order.token], ['invoice', quoted.invoice!.token], ['order payment', order.token], ['gateway payment page', sepa.redirectUrl!.split('/')[2]!],
      ...(membership ? [['referral link', membership.referrerToken] as [string, string]] : []),
      ['order', randomUUID()],
    ];
    let limited = 0;
    let retryAfterOk = 0;
    for (const [kind, token] of real) {
      const answer = await lookups.find(([k]) => k === kind)![1](token, attacker);
      if (answer.status === 429) limited++;
      if (answer.retryAfter > 0 && answer.retryAfter <= 600) retryAfterOk++;
      if (answer.hit) hits++;
    }

    // A buyer reloads their own pages (the confirmation polls, the cart refreshes, the invoice is downloaded again).
    const buyer = '198.51.100.70';
    let reloads = 0;
    let falseLimits = 0;
    const own: Array<[string, string, number]> = [['order', order.token, 25], ['checkout', cart.token, 25], ['invoice', quoted.invoice!.token, 5], ['invoice PDF', order.token, 3], ['gateway payment page', sepa.redirectUrl!.split('/')[2]!, 3]];
    for (const [kind, token, times] of own) {
      for (let i = 0; i < times; i++) {
        const answer = await lookups.find(([k]) => k === kind)![1](token, buyer);
        reloads++;
        if (answer.status === 429 || !answer.hit) falseLimits++;
      }
    }

    // An office behind one address: 25 buyers' carts asked for at once, each request with its own token.
    const CREATE = 'mutation N($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { token } } }';
    const carts = await Promise.all(Array.from({ length: 25 }, async () => (await app.gql<{ checkoutCreate: { checkout: { token: string } } }>(CREATE, { input: { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], country: 'US' } })).body.data!.checkoutCreate.checkout.token));
    const office = await Promise.all(carts.map((token) => lookups.find(([k]) => k === 'checkout')![1](token, '198.51.100.71')));
    reloads += office.length;
    falseLimits += office.filter((a) => a.status === 429 || !a.hit).length;

    const pass = hits === 0 && limited === real.length && retryAfterOk === real.length && falseLimits === 0;
    recordScenario({
      id: 'I6',
      done: `${guesses} guesses from one address over ${lookups.length} kinds of token lookup (${lookups.map(([k]) => k).join(', ')}), then ${real.length} lookups of real tokens from it; ${reloads - office.length} reloads of a buyer's own tokens from another address, and ${office.length} carts asked for at once from one office address`,
      figure: `${hits} hits; ${limited}/${real.length} lookups after 20 misses → 429 (${retryAfterOk} with Retry-After ≤ 600 s), real tokens and PDFs too; ${falseLimits} false 429 in ${reloads} lookups of buyers' own tokens`,
      pass,
    });
    expect(hits).toBe(0);
    expect(limited).toBe(real.length);
    expect(retryAfterOk).toBe(real.length);
    expect(falseLimits).toBe(0);
  });
});
