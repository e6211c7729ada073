import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schema } from '@probe/db';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { JobRunner, storeHandlers } from '../src/jobs/index.ts';
import { readHeaders } from '../src/mail/headers.ts';
import { TestGateway } from '../src/modules/payments/index.ts';
import { CARD_OK, DE_ADDRESS, PLACE, readyCheckout, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { memoryLogger } from './jobs-support.ts';
import { pdfText } from './pdf-text.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const PL_ADDRESS = { firstName: 'Anna', lastName: 'Kowalska', companyName: 'Przychodnia Zdrowie', streetAddress1: 'ul. Świętokrzyska 12', city: 'Warszawa', postalCode: '00-916', country: 'PL', phone: '+48 22 123 45 67' };

const gateway = new TestGateway('whsec_documents', () => new Date(), 600_000);
let app: TestApp;
let sink: string;

beforeAll(async () => {
  sink = await mkdtemp(join(tmpdir(), 'probe-documents-'));
  app = await startTestApp({ gateway, config: { MAIL_SINK_DIR: sink } });
});
afterAll(async () => {
  await app?.close();
  await rm(sink, { recursive: true, force: true });
});

async function place(options: Parameters<typeof readyCheckout>[1]) {
  const ready = await readyCheckout(app, options);
  const card = options.method && options.method !== 'CREDIT_CARD' ? null : CARD_OK;
  const res = await app.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `doc-${ready.token}`, total: ready.total, card });
  const order = res.body.data!.checkoutPlaceOrder.order;
  if (!order) throw new Error(JSON.stringify(res.body));
  return order;
}

async function download(kind: string, token: string) {
  return app.app.inject({ method: 'GET', url: `/documents/${kind}/${token}.pdf` });
}


const money = (locale: string, currency: string, minor: number) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100).replace(/\s+/g, ' ');

describe(`invoice and quote PDFs (${DB})`, () => {
  it('a Polish order: GET /documents/invoice/{token}.pdf is its invoice in Polish, in złoty, a download no shared cache keeps', async () => {
    const order = await place({ country: 'PL', language: 'PL', address: PL_ADDRESS, lines: [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }, { sku: 'ACC-USBC-1M', quantity: 2 }] });
    const res = await download('invoice', order.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="faktura-${order.number}.pdf"; filename*=UTF-8''faktura-${order.number}.pdf`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Faktura');
    expect(text).toContain(`Numer faktury ${order.number}`);
    expect(text).toContain('Anna Kowalska');
    expect(text).toContain('ul. Świętokrzyska 12');
    expect(text).toContain(`Razem ${money('pl-PL', 'PLN', order.total.gross.fractionalAmount)}`);
    expect(text).toContain(`VAT ${money('pl-PL', 'PLN', order.total.tax.fractionalAmount)}`);
    expect(text).toContain('23%');
    expect(text).toContain('NL859345678B01'); // the seller's VAT number
    expect(text).toContain('Zapłacono · Karta VISA •••• 4242');
    expect(text).not.toContain('Odwrotne obciążenie');
    expect(text).toContain('Holandia'); // the seller's country, in Polish
  });

  it('a German business with a VAT number of another member state: reverse charge, no VAT, the wording and both VAT numbers', async () => {
    const order = await place({ country: 'DE', language: 'DE', address: DE_ADDRESS, vatNumber: 'DE 123 456 789', lines: [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }] });
    expect(order.total.tax.fractionalAmount).toBe(0);
    const res = await download('invoice', order.token);
    expect(res.headers['content-disposition']).toContain(`filename="Rechnung-${order.number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Rechnungsnummer ${order.number}`);
    // Goods to a business in another member state: the exempt intra-Community supply of Art. 138, not Art. 196 (services).
    expect(text).toContain('Steuerfreie innergemeinschaftliche Lieferung (Art. 138 der Richtlinie 2006/112/EG)');
    expect(text).not.toContain('Art. 196');
    // The date of supply, and the seller's country in the document's language.
    expect(text).toContain(`Lieferdatum ${new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date())}`);
    expect(text).toContain('Niederlande');
    expect(text).not.toContain('Netherlands');
    expect(text).toContain('USt-IdNr.: DE123456789');
    expect(text).toContain('USt-IdNr.: NL859345678B01');
    expect(text).toContain(`USt ${money('de-DE', 'EUR', 0)}`);
    expect(text).toContain(`Gesamt ${money('de-DE', 'EUR', order.total.gross.fractionalAmount)}`);
  });

  it('a Singapore order (decision 0049): an export, no tax, the exemption named and the duties left to the customer; a US invoice says none of it', async () => {
    const address = { firstName: 'Wei', lastName: 'Tan', streetAddress1: '1 Raffles Place', city: 'Singapore', postalCode: '048616', country: 'SG', phone: '+65 6123 4567' };
    const order = await place({ country: 'SG', address, lines: [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }] });
    expect(order.total.tax.fractionalAmount).toBe(0);
    const text = await pdfText((await download('invoice', order.token)).rawPayload);
    expect(text).toContain('Export of goods outside the EU, exempt from VAT (Article 146, Council Directive 2006/112/EC)');
    expect(text).not.toContain('Services supplied to a customer outside the EU');
    expect(text).toContain(`Total ${money('en-SG', 'USD', order.total.gross.fractionalAmount)}`);
    const us = await place({ lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    expect(await pdfText((await download('invoice', us.token)).rawPayload)).not.toContain('Export of goods');
  });

  it('an electronic quote: its quote (valid until, how to pay) and its open invoice; a card order has no quote; unknown tokens and kinds are 404', async () => {
    const quoted = await place({ country: 'US', language: 'EN', lines: [{ sku: 'ACC-USBC-3M', quantity: 2 }], method: 'ELECTRONIC_QUOTE' });
    const quote = await download('quote', quoted.token);
    expect(quote.statusCode).toBe(200);
    expect(quote.headers['content-disposition']).toContain(`filename="quote-${quoted.number}.pdf"`);
    const text = await pdfText(quote.rawPayload);
    expect(text).toContain(`Quote number ${quoted.number}`);
    expect(text).toContain('Valid until');
    expect(text).toContain('Mercy Clinic');
    expect(text).toContain(`/us/en/invoice-payment/${quoted.invoice!.token}/`);
    expect(text).toContain(`Total ${money('en-US', 'USD', quoted.total.gross.fractionalAmount)}`);
    const invoice = await pdfText((await download('invoice', quoted.token)).rawPayload);
    expect(invoice).toContain('Payment due');
    // The buyer's town line as the United States write it, and the seller's country.
    expect(invoice).toContain('San Francisco, CA 94105 United States');
    expect(invoice).toContain('Netherlands');

    const card = await place({ country: 'US', language: 'EN', lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    expect((await download('quote', card.token)).statusCode).toBe(404);
    expect((await download('invoice', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await download('invoice', 'not-a-token')).statusCode).toBe(404);
    expect((await download('receipt', card.token)).statusCode).toBe(404);
  });
});

describe(`order e-mails with their documents, through the outbox (${DB})`, () => {
  const runner = () => {
    const { handlers } = storeHandlers(loadConfig({ NODE_ENV: 'test' }, { MAIL_SINK_DIR: sink }), memoryLogger(), undefined, { db: app.database.db, gateway });
    return new JobRunner({ db: app.database.db, handlers, log: memoryLogger() });
  };
  /** The sink's messages about an order, by the outbox rows that order wrote. */
  async function messagesOf(orderToken: string) {
    const rows = await app.database.db.select({ id: schema.outbox.id, topic: schema.outbox.topic, payload: schema.outbox.payload }).from(schema.outbox)
      .where(inArray(schema.outbox.topic, ['order.placed', 'order.paid', 'order.payment_failed', 'invoice.paid']));
    const ids = rows.filter((r) => (r.payload as { orderToken?: string }).orderToken === orderToken).map((r) => r.id);
    const files = new Set(await readdir(sink));
    return Promise.all(ids.filter((id) => files.has(`${id}.eml`)).map(async (id) => readFile(join(sink, `${id}.eml`), 'utf8')));
  }

  it('a Polish order placed: one confirmation in Polish with its invoice attached, delivered once however often the runner runs', async () => {
    const order = await place({ country: 'PL', language: 'PL', address: PL_ADDRESS, lines: [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }] });
    const run = runner();
    await run.drain();
    await run.drain();
    const messages = await messagesOf(order.token);
    expect(messages).toHaveLength(1);
    const [eml] = messages as [string];
    const headers = readHeaders(eml);
    expect(headers.get('subject')).toBe(`Twoje zamówienie ${order.number}`);
    expect(headers.get('content-language')).toBe('pl');
    expect(eml).toMatch(/^Content-Type: application\/pdf; name=faktura-\d+\.pdf\r$/m);
    expect(eml).toContain(`filename=faktura-${order.number}.pdf`);
    // The attachment is the invoice itself.
    const part = eml.split(`filename=faktura-${order.number}.pdf`)[1]!.split(/\r\n\r\n/)[1]!.split('\r\n--')[0]!;
    const pdf = Buffer.from(part.replace(/\s+/g, ''), 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(pdf)).toContain(`Numer faktury ${order.number}`);
  });

  it('an electronic quote: the quote e-mail with the quote attached and the link to pay; once paid, the invoice e-mail with the invoice', async () => {
    const order = await place({ country: 'US', language: 'EN', lines: [{ sku: 'ACC-USBC-1M', quantity: 3 }], method: 'ELECTRONIC_QUOTE' });
    await runner().drain();
    const [quoteMail] = (await messagesOf(order.token)) as [string];
    expect(readHeaders(quoteMail).get('subject')).toBe(`Your quote ${order.number}`);
    expect(quoteMail).toContain(`filename=quote-${order.number}.pdf`);
    expect(quoteMail.replace(/=\r\n/g, '')).toContain(`/us/en/invoice-payment/${order.invoice!.token}/`); // soft line breaks of quoted-printable undone

    const paid = await app.gql<{ invoicePay: { errors: unknown[] } }>(
      'mutation($token: String!, $card: TestCardInput!) { invoicePay(token: $token, card: $card) { errors { code } } }',
      { token: order.invoice!.token, card: CARD_OK },
    );
    expect(paid.body.data!.invoicePay.errors).toEqual([]);
    await runner().drain();
    const messages = await messagesOf(order.token);
    expect(messages).toHaveLength(2);
    const invoiceMail = messages.find((m) => readHeaders(m).get('subject') === `Your invoice for order ${order.number}`)!;
    expect(invoiceMail).toContain(`filename=invoice-${order.number}.pdf`);
    expect(invoiceMail.replace(/=\r\n/g, '')).toContain('We have received your payment of');
  });
});
