import { schema } from '@probe/db';
import { intlLocale } from '@probe/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMailFor } from '../src/modules/orders/index.ts';
import { TestGateway } from '../src/modules/payments/index.ts';
import { CARD_OK, DE_ADDRESS, PLACE, readyCheckout, US_ADDRESS, type PlaceAnswer } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { pdfText } from './pdf-text.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ gateway: new TestGateway() });
});
afterAll(() => app?.close());

async function place(options: Parameters<typeof readyCheckout>[1]) {
  const ready = await readyCheckout(app, options);
  const res = await app.gql<PlaceAnswer>(PLACE, { token: ready.token, key: `receipt-${ready.token}`, total: ready.total, card: CARD_OK });
  const order = res.body.data!.checkoutPlaceOrder.order;
  if (!order) throw new Error(JSON.stringify(res.body));
  return order;
}

/** What the buyer's order page reads (apps/storefront/src/features/checkout/routes/confirmation.tsx shows these fields). */
const PAGE = `query P($t: String!) { orderByToken(token: $t) { displayGrossPrices taxExemption
  lines { quantity productRawName variantName isFreeItemLine totalPrice { net { fractionalAmount } gross { fractionalAmount } } }
  subtotal { net { fractionalAmount } gross { fractionalAmount } } shippingPrice { net { fractionalAmount } gross { fractionalAmount } }
  total { tax { fractionalAmount } gross { fractionalAmount } } } }`;
type Amount = { net: { fractionalAmount: number }; gross: { fractionalAmount: number } };
interface Page {
  displayGrossPrices: boolean; taxExemption: boolean; subtotal: Amount; shippingPrice: Amount; total: { tax: { fractionalAmount: number }; gross: { fractionalAmount: number } };
  lines: Array<{ quantity: number; productRawName: string; variantName: string; isFreeItemLine: boolean; totalPrice: Amount }>;
}


/**
 * The order's confirmation e-mail, its order page and its invoice, each read as the buyer gets it: the e-mail's
 * text (whitespace made single), the page's fields, the invoice PDF's text (attached to the e-mail).
 */
async function threeViews(order: { token: string }) {
  const [row] = (await app.database.db.select().from(schema.outbox).where(eq(schema.outbox.topic, 'order.placed'))).filter((r) => (r.payload as { orderToken: string }).orderToken === order.token);
  const mail = (await orderMailFor(app.database.db, 'order.placed', row!.payload, 'https://store.test'))!;
  const page = (await app.gql<{ orderByToken: Page }>(PAGE, { t: order.token })).body.data!.orderByToken;
  const invoice = await pdfText(Buffer.from(mail.attachments![0]!.content, 'base64'));
  return { text: mail.text.replace(/\s+/g, ' '), html: mail.html, page, invoice };
}

describe(`receipt e-mails agree with the order page and the invoice (issue 35, ${DB})`, { timeout: 90_000 }, () => {
  it('a tax-inclusive market (Germany, a consumer): lines, subtotal, shipping and included VAT as the page shows them; the VAT and total as the invoice; addresses, the seller and its logo', async () => {
    const order = await place({ country: 'DE', language: 'DE', address: DE_ADDRESS, lines: [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }, { sku: 'ACC-USBC-1M', quantity: 2 }] });
    const { text, html, page, invoice } = await threeViews(order);
    const money = (minor: number) => new Intl.NumberFormat(intlLocale('DE', 'de'), { style: 'currency', currency: 'EUR' }).format(minor / 100).replace(/\s+/g, ' ');
    expect(page.displayGrossPrices).toBe(true);
    expect(page.total.tax.fractionalAmount).toBeGreaterThan(0);
    // Each line with the amount the page shows (gross here), never its net amount.
    for (const l of page.lines) {
      expect(text).toContain(`${l.quantity} × ${l.productRawName}`);
      expect(text).toMatch(new RegExp(`${l.quantity} × ${l.productRawName}[^€]*${money(l.totalPrice.gross.fractionalAmount).replace(/[.$]/g, '\\$&')}`));
      expect(text).not.toContain(money(l.totalPrice.net.fractionalAmount));
    }
    expect(text).toContain(`Zwischensumme ${money(page.subtotal.gross.fractionalAmount)}`);
    expect(text).toContain(`Versand ${money(page.shippingPrice.gross.fractionalAmount)}`);
    expect(text).toContain(`Enthaltene MwSt. ${money(page.total.tax.fractionalAmount)}`);
    expect(text).toContain(`Gesamt ${money(page.total.gross.fractionalAmount)}`);
    // The invoice: the same VAT and total (its lines are net, with their rates, and add up to them).
    expect(invoice).toContain(`USt ${money(page.total.tax.fractionalAmount)}`);
    expect(invoice).toContain(`Gesamt ${money(page.total.gross.fractionalAmount)}`);
    expect(invoice).toContain(`Zwischensumme ${money(page.subtotal.net.fractionalAmount)}`);
    expect(page.subtotal.net.fractionalAmount + page.shippingPrice.net.fractionalAmount + page.total.tax.fractionalAmount).toBe(page.total.gross.fractionalAmount);
    // The addresses as the invoice prints them (the country in German; the text part writes headings in capitals), the seller at the foot, the logo.
    expect(text).toContain('LIEFERADRESSE Hanna Schmidt Friedrichstraße 10 10117 Berlin Deutschland');
    expect(text).toContain('RECHNUNGSADRESSE Hanna Schmidt Friedrichstraße 10 10117 Berlin Deutschland');
    expect(invoice).toContain('Hanna Schmidt Friedrichstraße 10 10117 Berlin Deutschland');
    expect(text).toContain('Probe Store B.V. · Herengracht 500 · 1017 CB Amsterdam · Niederlande · USt-IdNr.: NL859345678B01 · billing@probe.store');
    expect(html).toContain('src="https://store.test/email-logo.png"');
    expect(html).toContain('alt="Probe Store"');
  });

  it('a reverse-charge business order (a German company, the seller in the Netherlands): no VAT, the reverse-charge line and Art. 138 wording, the buyer\'s VAT number, as on the invoice', async () => {
    const order = await place({ country: 'DE', language: 'DE', address: { ...DE_ADDRESS, companyName: 'Tierklinik Mitte GmbH' }, vatNumber: 'DE 123 456 789', lines: [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }] });
    const { text, page, invoice } = await threeViews(order);
    const money = (minor: number) => new Intl.NumberFormat(intlLocale('DE', 'de'), { style: 'currency', currency: 'EUR' }).format(minor / 100).replace(/\s+/g, ' ');
    expect([page.taxExemption, page.total.tax.fractionalAmount]).toEqual([true, 0]);
    const [line] = page.lines;
    expect(text).toContain(`${line!.quantity} × ${line!.productRawName}`);
    expect(text).toContain(money(line!.totalPrice.net.fractionalAmount));
    expect(text).toContain(`Zwischensumme ${money(page.subtotal.net.fractionalAmount)}`);
    // The page's words for the tax line (cart.reverseCharge), the invoice's for its wording.
    expect(text).toContain(`MwSt. (Steuerschuldnerschaft des Leistungsempfängers) ${money(0)}`);
    expect(text).toContain(`Gesamt ${money(page.total.gross.fractionalAmount)}`);
    const wording = 'Steuerfreie innergemeinschaftliche Lieferung (Art. 138 der Richtlinie 2006/112/EG)';
    expect(text).toContain(wording);
    expect(invoice).toContain(wording);
    expect(text).toContain('USt-IdNr.: DE123456789');
    expect(text).toContain('Tierklinik Mitte GmbH');
    expect(invoice).toContain(`USt ${money(0)}`);
    expect(invoice).toContain(`Gesamt ${money(page.total.gross.fractionalAmount)}`);
  });

  it('a market whose prices are shown without tax (the US): the e-mail\'s lines are net as on the page, the tax is added, the total is the invoice\'s', async () => {
    const order = await place({ country: 'US', language: 'EN', address: US_ADDRESS, lines: [{ sku: 'ACC-USBC-1M', quantity: 3 }] });
    const { text, page, invoice } = await threeViews(order);
    const money = (minor: number) => new Intl.NumberFormat(intlLocale('US', 'en'), { style: 'currency', currency: 'USD' }).format(minor / 100);
    expect(page.displayGrossPrices).toBe(false);
    const [line] = page.lines;
    expect(line!.totalPrice.gross.fractionalAmount).toBeGreaterThan(line!.totalPrice.net.fractionalAmount);
    // The review found the e-mail showing this line with its tax while the page shows it without.
    expect(text).toContain(`3 × ${line!.productRawName} (${line!.variantName}) ${money(line!.totalPrice.net.fractionalAmount)}`);
    expect(text).not.toMatch(new RegExp(`3 × [^$]*\\${money(line!.totalPrice.gross.fractionalAmount).slice(1)}`));
    expect(text).toContain(`Subtotal ${money(page.subtotal.net.fractionalAmount)}`);
    expect(text).toContain(`Tax ${money(page.total.tax.fractionalAmount)}`);
    expect(text).toContain(`Total ${money(page.total.gross.fractionalAmount)}`);
    expect(invoice).toContain(`Total ${money(page.total.gross.fractionalAmount)}`);
    expect(invoice).toContain(`Subtotal ${money(page.subtotal.net.fractionalAmount)}`);
    expect(text).toContain('SHIP TO Ada Lovelace 1 Market St San Francisco, CA 94105 United States');
  });
});
