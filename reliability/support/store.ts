import { schema } from '@probe/db';
import { sql, type SQL } from 'drizzle-orm';
import { TestGateway } from '../../apps/server/src/modules/payments/index.ts';
import { PLACE, type PlaceAnswer } from '../../apps/server/test/checkout-support.ts';
import type { TestApp } from '../../apps/server/test/harness.ts';

export type Placed = PlaceAnswer['checkoutPlaceOrder'];

/** The in-repo gateway with a known webhook secret; asynchronous payments settle only when a test says so. */
export const testGateway = (now: () => Date = () => new Date(), secret = 'whsec_reliability') => new TestGateway(secret, now, 3_600_000);

/** CheckoutPlaceOrder through the real GraphQL endpoint. */
export async function place(app: TestApp, variables: { token: string; key: string; total: number | null; card?: object | null }, headers?: Record<string, string>): Promise<Placed> {
  const res = await app.gql<PlaceAnswer>(PLACE, { card: null, ...variables }, headers);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data!.checkoutPlaceOrder;
}

export async function count(app: TestApp, table: 'orders' | 'payments' | 'outbox' | 'webhookEvents', where?: SQL): Promise<number> {
  const q = app.database.db.select({ n: sql<number>`count(*)` }).from(schema[table]);
  return Number((await (where ? q.where(where) : q))[0]!.n);
}

/** Posts a raw webhook body with a Stripe-Signature header to the payment endpoint. */
export function postWebhook(app: TestApp, rawBody: string, signature: string | undefined) {
  return app.app.inject({ method: 'POST', url: '/webhooks/payments', payload: rawBody, headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'stripe-signature': signature }) } });
}

/** Every table of the public schema (what a "nothing written" check fingerprints), read from the catalog. */
export async function allTables(app: TestApp): Promise<string[]> {
  const rows = await app.database.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const list = ((rows as unknown as { rows?: Array<{ tablename: string }> }).rows ?? (rows as unknown as Array<{ tablename: string }>));
  return list.map((r) => `"${r.tablename}"`);
}
