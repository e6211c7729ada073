import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_USERS, ensureDemoData, openDatabase } from '@probe/db';
import { PGLITE_TEMPLATE_ENV } from '@probe/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createGateway, TestGateway } from '../src/modules/payments/index.ts';
import { adminGql, startStaffApp } from './admin-support.ts';
import { CARD_OK, PLACE, readyCheckout, type PlaceAnswer } from './checkout-support.ts';

const operator = DEMO_USERS[6]!;
const REFUND = 'mutation R($n: String!, $k: String!) { orderRefund(number: $n, idempotencyKey: $k, reason: "Returned") { refund { amount status } errors { field code message } } }';

/** The embedded database in `dir`, as `npm start` opens it (a copy of the run's seeded template when there is one). */
async function embeddedDatabase(dir: string) {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  const fresh = !existsSync(join(dir, 'PG_VERSION'));
  const handle = await openDatabase({ dataDir: dir, ...(fresh && template && existsSync(template) ? { template: new Blob([readFileSync(template)]) } : {}) });
  await ensureDemoData(handle.db);
  return handle;
}

/**
 * Issue 33: the test gateway forgot its charges at every restart, so an operator refunding a demo order
 * paid before it was told "The gateway did not give the money back". On the embedded database its ledger
 * is a file beside the database in DATA_DIR.
 */
describe('the test gateway on the embedded demo keeps its ledger in DATA_DIR', () => {
  const dir = mkdtempSync(join(tmpdir(), 'probe-gateway-ledger-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refunds an order paid before the app was restarted on the same data folder', async () => {
    const before = await startStaffApp([], { database: await embeddedDatabase(dir) });
    let number: string;
    let total: number;
    try {
      expect((before.t.gateway as TestGateway).ledgerFile).toBe(join(dir, 'test-gateway-ledger.jsonl'));
      const ready = await readyCheckout(before.t, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
      const placed = (await before.t.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `ledger-${ready.token}`, total: ready.total, card: CARD_OK })).body.data!.checkoutPlaceOrder;
      expect(placed.errors).toEqual([]);
      number = placed.order!.number;
      total = ready.total;
    } finally {
      await before.t.close();
    }

    const after = await startStaffApp([], { database: await embeddedDatabase(dir) });
    try {
      const refunded = await adminGql<{ orderRefund: { refund: { amount: number; status: string }; errors: unknown[] } }>(after.t, REFUND, { n: number, k: `ledger-refund-${number}` }, await after.sign(operator));
      expect(refunded.data!.orderRefund).toEqual({ refund: { amount: total, status: 'SUCCEEDED' }, errors: [] });
      expect((after.t.gateway as TestGateway).charges.find((c) => c.amount === total)).toMatchObject({ refunded: true, refundedAmount: total });
    } finally {
      await after.t.close();
    }
  });

  it('keeps it in memory on an in-memory database and on PostgreSQL, unless TEST_GATEWAY_LEDGER_FILE names a file', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect((createGateway(config, undefined, {}) as TestGateway).ledgerFile).toBeNull();
    expect((createGateway(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://127.0.0.1/probe' }), undefined, {}) as TestGateway).ledgerFile).toBeNull();
    const named = join(dir, 'named.jsonl');
    expect((createGateway(loadConfig({ NODE_ENV: 'test', TEST_GATEWAY_LEDGER_FILE: named }), undefined, { dataDir: dir }) as TestGateway).ledgerFile).toBe(named);
  });

  it('reads past a line cut short by a crash, and starts its next entry on a line of its own', async () => {
    const file = join(dir, 'torn.jsonl');
    const first = new TestGateway('whsec_test_ledger', undefined, 0, file);
    const charged = await first.charge({ checkoutToken: 'torn-1', amount: 1200, currency: 'USD', method: 'CREDIT_CARD', intentId: null, card: CARD_OK });
    appendFileSync(file, '{"type":"charge","reference":"ch_test_cut');
    const second = new TestGateway('whsec_test_ledger', undefined, 0, file);
    const again = await second.charge({ checkoutToken: 'torn-2', amount: 3400, currency: 'USD', method: 'CREDIT_CARD', intentId: null, card: CARD_OK });
    const third = new TestGateway('whsec_test_ledger', undefined, 0, file);
    expect(third.charges.map((c) => c.checkoutToken)).toEqual(['torn-1', 'torn-2']);
    await third.refund(again.status === 'SUCCEEDED' ? again.reference : '');
    await third.refund(charged.status === 'SUCCEEDED' ? charged.reference : '', { amount: 200 });
    expect(new TestGateway('whsec_test_ledger', undefined, 0, file).charges.map((c) => c.refundedAmount)).toEqual([200, 3400]);
  });
});
