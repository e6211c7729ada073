import { DEMO_USERS, schema } from '@probe/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestGateway } from '../src/modules/payments/index.ts';
import { adminGql, startStaffApp } from './admin-support.ts';
import { CARD_OK, PLACE, readyCheckout, type PlaceAnswer } from './checkout-support.ts';
import type { TestApp } from './harness.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const operator = DEMO_USERS[6]!;

/** The card processor, refusing the refunds whose key says so (a refund the bank declines): those get no credit note. */
class DecliningGateway extends TestGateway {
  override async refund(reference: string, options: { amount?: number; idempotencyKey?: string } = {}): Promise<void> {
    if (options.idempotencyKey?.includes('declined')) throw new Error('declined by the processor');
    return super.refund(reference, options);
  }
}

let t: TestApp;
let owner: Record<string, string>;
beforeAll(async () => {
  const app = await startStaffApp([], { gateway: new DecliningGateway() });
  t = app.t;
  owner = await app.sign(operator);
});
afterAll(() => t?.close());

const REFUND = 'mutation R($n: String!, $amount: Int, $k: String!) { orderRefund(number: $n, amount: $amount, idempotencyKey: $k) { refund { id status } errors { code } } }';
type Refund = { orderRefund: { refund: { id: number; status: string } | null; errors: Array<{ code: string }> } };

/**
 * Credit notes are numbered in their own series with no gap: on PostgreSQL the refunds really run at once
 * (a pool of connections), and some are declined by the processor; every refund that went through has a
 * note, the numbers run 1, 2, 3 … with none skipped or repeated.
 */
describe(`credit note numbers under concurrent refunds (${DB})`, () => {
  it('30 refunds at once on 10 orders, 5 of them declined: 25 credit notes numbered 1 to 25', async () => {
    const orders: string[] = [];
    for (let i = 0; i < 10; i++) {
      const ready = await readyCheckout(t, { country: 'US', lines: [{ sku: 'ACC-USBC-1M', quantity: 3 }] });
      const placed = (await t.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `cn-${ready.token}`, total: ready.total, card: CARD_OK })).body.data!.checkoutPlaceOrder;
      orders.push(placed.order!.number);
    }
    // Three refunds of 1.00 on each order, all sent at once; every sixth one is declined.
    const calls = orders.flatMap((n, i) => [0, 1, 2].map((j) => ({ n, k: `${(i * 3 + j) % 6 === 5 ? 'declined' : 'refund'}-${i}-${j}` })));
    const answers = await Promise.all(calls.map(({ n, k }) => adminGql<Refund>(t, REFUND, { n, amount: 100, k }, owner)));
    const succeeded = answers.filter((a) => a.data!.orderRefund.refund?.status === 'SUCCEEDED').map((a) => a.data!.orderRefund.refund!.id);
    expect(succeeded).toHaveLength(25);
    expect(answers.filter((a) => a.data!.orderRefund.errors.some((e) => e.code === 'PAYMENT_ERROR'))).toHaveLength(5);

    const notes = await t.database.db.select().from(schema.creditNotes).orderBy(schema.creditNotes.number);
    expect(notes.map((n) => n.number)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(notes.map((n) => n.refundId).sort((a, b) => a - b)).toEqual([...succeeded].sort((a, b) => a - b));
  });
});
