import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schema } from '@probe/db';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { JobRunner, storeHandlers } from '../src/jobs/index.ts';
import { orderMailFor } from '../src/modules/orders/index.ts';
import { TestGateway } from '../src/modules/payments/index.ts';
import { CARD_OK, PLACE, readyCheckout, variantIds, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { memoryLogger } from './jobs-support.ts';

const gateway = new TestGateway('whsec_order_mail', () => new Date(), 600_000);
let app: TestApp;
let sink: string;
let ids: Record<string, string>;

beforeAll(async () => {
  sink = await mkdtemp(join(tmpdir(), 'probe-order-mail-'));
  app = await startTestApp({ gateway });
  ids = await variantIds(app, ['IQ3-USBC-HUMAN', 'ACC-USBC-1M']);
});
afterAll(async () => {
  await app?.close();
  await rm(sink, { recursive: true, force: true });
});

async function place(options: Parameters<typeof readyCheckout>[1], authorize?: 'failed' | 'succeeded') {
  const ready = await readyCheckout(app, options);
  if (authorize) gateway.authorize(ready.redirectUrl!.split('/')[2]!, authorize);
  const res = await app.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `mail-${ready.token}`, total: ready.total, card: authorize ? null : CARD_OK });
  return { order: res.body.data!.checkoutPlaceOrder.order!, intentId: ready.redirectUrl?.split('/')[2] ?? null };
}

describe('order e-mails', () => {
  it('a card order placed in German: the buyer is told in German, with its items, the total in euros and the link to the order', async () => {
    const { order } = await place({ country: 'DE', language: 'DE', lines: [{ variantId: ids['IQ3-USBC-HUMAN']!, quantity: 1 }] });
    const mail = (await orderMailFor(app.database.db, 'order.placed', { orderToken: order.token }, 'https://store.test'))!;
    expect(mail).toMatchObject({ to: 'buyer@example.com', locale: 'de', subject: `Ihre Bestellung ${order.number}` });
    const total = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(order.total.gross.fractionalAmount / 100);
    expect(mail.text).toContain(`Wir haben Ihre Zahlung über ${total} erhalten.`);
    expect(mail.text).toMatch(/1 × .*iQ3/i);
    expect(mail.text).toContain(`https://store.test/de/de/confirmation/${order.token}/`);
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
    // The invoice travels with the confirmation, and the e-mail says so.
    expect(mail.text).toContain('Ihre Rechnung finden Sie im Anhang als PDF.');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0]).toMatchObject({ filename: `Rechnung-${order.number}.pdf`, contentType: 'application/pdf', encoding: 'base64' });
    expect(Buffer.from(mail.attachments![0]!.content, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('a bank payment: "we will write" when placed, then the failure with the link to pay again; each row delivered once to the sink', async () => {
    const { order, intentId } = await place({ country: 'US', language: 'EN', lines: [{ variantId: ids['ACC-USBC-1M']!, quantity: 2 }], method: 'ACH' }, 'failed');
    const placed = (await orderMailFor(app.database.db, 'order.placed', { orderToken: order.token }, 'https://store.test'))!;
    expect(placed.text).toContain('Your bank is confirming the payment');
    const failed = gateway.signedEvent('payment_intent.payment_failed', intentId!);
    await app.app.inject({ method: 'POST', url: '/webhooks/payments', payload: failed.rawBody, headers: { 'content-type': 'application/json', 'stripe-signature': failed.signature } });
    const failure = (await orderMailFor(app.database.db, 'order.payment_failed', { orderToken: order.token }, 'https://store.test'))!;
    expect(failure.subject).toBe(`The payment for order ${order.number} did not go through`);
    expect(failure.text).toContain(`https://store.test/us/en/order-payment/${order.token}/`);
    expect(failure.attachments).toBeUndefined();

    // The job runner sends every order row's e-mail through the mail transport (here the sink), once.
    const rows = await app.database.db.select({ id: schema.outbox.id }).from(schema.outbox)
      .where(and(inArray(schema.outbox.topic, ['order.placed', 'order.payment_failed']), isNull(schema.outbox.processedAt), sql`${schema.outbox.payload}->>'orderToken' = ${order.token}`));
    expect(rows).toHaveLength(2);
    const { handlers } = storeHandlers(loadConfig({ NODE_ENV: 'test' }, { MAIL_SINK_DIR: sink }), memoryLogger(), undefined, { db: app.database.db, gateway });
    const runner = new JobRunner({ db: app.database.db, handlers, log: memoryLogger() });
    await runner.drain();
    const files = (await readdir(sink)).filter((f) => f.endsWith('.eml'));
    for (const row of rows) expect(files).toContain(`${row.id}.eml`);
    const first = await readFile(join(sink, `${rows[0]!.id}.eml`), 'utf8');
    expect(first).toMatch(new RegExp(`^Subject: Your order ${order.number}\\r$`, 'm'));
    expect(first).toMatch(/^To: buyer@example\.com\r$/m);
    expect(await runner.drain()).toBe(0);
  });
});
