import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OK, readyCheckout } from '../../apps/server/test/checkout-support.ts';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { recordScenario } from '../support/report.ts';
import { place, testGateway } from '../support/store.ts';

const ORDER = 'query O($token: String!) { orderByToken(token: $token) { number } }';
const INVOICE = 'query I($token: String!) { invoiceByToken(token: $token) { token } }';
const VOUCHER = 'mutation V($token: String!, $code: String) { checkoutVoucherUpdate(token: $token, voucherCode: $code) { checkout { voucherCode } errors { code } } }';

/**
 * I4: guessing order and invoice tokens and voucher codes from one address: after 20 misses every
 * attempt (the right one too) is 429 with Retry-After; zero guesses find anything; another address, and
 * a buyer reloading their own order, are never limited. (Sign-in and sign-up guessing:
 * apps/server/test/identity-rate-limit.test.ts; referral tokens: referrals.test.ts.)
 */
describe('I4 token and code guessing (PostgreSQL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ gateway: testGateway() });
  });
  afterAll(() => app?.close());

  const ask = (query: string, variables: Record<string, unknown>, remoteAddress: string) =>
    app.app.inject({ method: 'POST', url: '/graphql', remoteAddress, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ query, variables }) });

  it('order and invoice tokens, voucher codes: 429 with Retry-After after 20 misses, zero hits, no false 429', async () => {
    const ready = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    const order = (await place(app, { token: ready.token, key: `i4-${ready.token}`, total: ready.total, card: CARD_OK })).order!;
    const quote = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], method: 'ELECTRONIC_QUOTE' });
    const invoiceToken = (await place(app, { token: quote.token, key: `i4-q-${quote.token}`, total: quote.total })).order!.invoice!.token;
    let hits = 0;
    let limited = 0;
    let guesses = 0;

    // Tokens: one address guesses (orders and invoices share the budget), then asks for a real one.
    const attacker = '203.0.113.7';
    for (let i = 0; i < 20; i++) {
      guesses++;
      const res = await ask(i % 2 ? ORDER : INVOICE, { token: i % 3 ? randomUUID() : `guess-${i}` }, attacker);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      if (data?.orderByToken || data?.invoiceByToken) hits++;
    }
    for (const [query, token] of [[ORDER, order.token], [INVOICE, invoiceToken], [ORDER, randomUUID()]] as const) {
      guesses++;
      const res = await ask(query, { token }, attacker);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(600);
      if (res.json().data?.orderByToken || res.json().data?.invoiceByToken) hits++;
      limited++;
    }
    // 30 aliases of guesses in one request count one by one.
    const aliases = `query { ${Array.from({ length: 30 }, (_, i) => `g${i}: orderByToken(token: "${randomUUID()}") { number }`).join(' ')} }`;
    const batch = await ask(aliases, {}, '203.0.113.8');
    const answers = Object.values(batch.json().data ?? {}).filter((v) => v !== null);
    expect(answers).toEqual([]);
    expect(batch.json().errors.filter((e: { extensions: { exception: { code: string } } }) => e.extensions.exception.code === 'TooManyRequests').length).toBeGreaterThanOrEqual(9);
    expect((await ask(ORDER, { token: order.token }, '203.0.113.8')).statusCode).toBe(429);
    // The buyer reloads their own order page 50 times (a payment page polls): never limited.
    for (let i = 0; i < 50; i++) {
      const res = await ask(ORDER, { token: order.token }, '198.51.100.20');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.orderByToken.number).toBe(order.number);
    }

    // Voucher codes: 20 refused codes, then the real one is refused too; another address applies it.
    const cart = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-3M', quantity: 1 }] });
    const guesser = '203.0.113.9';
    for (let i = 0; i < 20; i++) {
      guesses++;
      const res = await ask(VOUCHER, { token: cart.token, code: `REFER-${(1000 + i).toString(36).toUpperCase()}` }, guesser);
      expect(res.statusCode).toBe(200);
      if (res.json().data.checkoutVoucherUpdate.checkout?.voucherCode) hits++;
    }
    guesses++;
    const blocked = await ask(VOUCHER, { token: cart.token, code: 'SPRING10' }, guesser);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    limited++;
    if (blocked.json().data?.checkoutVoucherUpdate?.checkout?.voucherCode) hits++;
    const other = await ask(VOUCHER, { token: cart.token, code: 'SPRING10' }, '198.51.100.21');
    expect(other.json().data.checkoutVoucherUpdate.checkout.voucherCode).toBe('SPRING10');
    expect(hits).toBe(0);
    recordScenario({
      id: 'I4', done: `${guesses} guesses of order/invoice tokens and voucher codes from single addresses, 30 aliased guesses in one request, 50 reloads of a real order from another address`,
      figure: `${hits} hits; ${limited}/${limited} attempts after 20 misses → 429 with Retry-After ≤ 600 s (the right token/code too); 0 false 429 in 50 reloads`, pass: true,
    });
  });
});
