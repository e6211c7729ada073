import { EU_COUNTRIES, isExportCountry, storePath, textDirection, type UrlLanguage } from '@probe/domain';
import type { DocumentFacts } from '../facts.ts';
import type { Seller } from '../seller.ts';
import { messages, type MessageKey } from '../i18n/catalogues.ts';
import { parsedFonts, registerFonts, Typesetter, type TextStyle } from './text.ts';

/** The documents' words in a language (i18n/messages): a message, its ICU arguments filled. */
export function documentText(language: UrlLanguage): (key: MessageKey, values?: Record<string, string>) => string {
  return (key, values) => messages.format(language, key, values);
}

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const M = 48;
const W = PAGE_W - 2 * M;
const GREY = '#5b6470';
const RULE = '#d5dae0';
const ACCENT = '#0b5cad';

/** Countries whose sales tax is a value-added tax (called so on the document); elsewhere it is "tax". */
const VAT_COUNTRIES = new Set<string>([...EU_COUNTRIES, 'GB', 'NO', 'CH']);

/**
 * A line's tax rate, from its rounded net and gross (order lines keep amounts, not rates): the nearest
 * quarter percent when within rounding of one (21 %, 7.25 %), else to a hundredth of a percent.
 */
export function taxRateOf(net: number, gross: number): number {
  const share = (gross - net) / net;
  const quarter = Math.round(share * 400) / 400;
  return Math.abs(share - quarter) < 0.0006 ? quarter : Math.round(share * 10_000) / 10_000;
}

/**
 * An address's town line(s) as its country writes them: "San Francisco, CA 94105" (US, Canada, Australia),
 * the town above the postcode (UK, Ireland), else "10117 Berlin" with the region after it.
 */
export function placeLines(a: { city: string; postalCode: string; countryArea: string; country: string }): string[] {
  if (['US', 'CA', 'AU'].includes(a.country)) return [`${a.city}, ${[a.countryArea, a.postalCode].filter(Boolean).join(' ')}`];
  if (['GB', 'IE'].includes(a.country)) return [a.city, a.countryArea, a.postalCode];
  return [[a.postalCode, a.city, a.countryArea].filter(Boolean).join(' ')];
}

/** Keeps a piece of data in its own direction inside a sentence (Unicode first-strong isolate). */
const isolate = (text: string) => `\u2068${text}\u2069`;

const PAYMENT_NAMES: Record<string, string> = {
  ACH: 'ACH', ACSS: 'ACSS', AFFIRM: 'Affirm', BANCONTACT: 'Bancontact', EPS: 'EPS', IDEAL: 'iDEAL', KLARNA: 'Klarna',
  PAYPAL_ONE_TIME: 'PayPal', PRZELEWY24: 'Przelewy24', SEPA: 'SEPA', ELECTRONIC_QUOTE: '', FREE: '', CREDIT_CARD: '',
};

/**
 * An invoice or a quote as a one- or more-page A4 PDF (pdfkit), in the order's language and direction,
 * money in the order's currency and its country's format: the seller and its VAT number, the buyer (with
 * their VAT number), the lines (net, with the tax rate), shipping, trade-in credit, the tax, the total,
 * the reverse-charge wording when it applies, and how it was or is to be paid.
 */
export async function renderDocumentPdf(facts: DocumentFacts, seller: Seller, publicUrl: string): Promise<Buffer> {
  const w = documentText(facts.language);
  const dir = textDirection(facts.language);
  const credit = facts.kind === 'credit_note' ? facts.creditNote ?? null : null;
  const title = facts.kind === 'quote' ? w('quote') : credit ? w('creditNote') : w('invoice');
  const number = credit ? credit.number : facts.number;
  // pdfkit and its fonts (about 20 MB) load with the first document, not with every server.
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), parsedFonts()]);
  const doc = new PDFDocument({
    size: 'A4', margin: 0, lang: facts.language, autoFirstPage: true, bufferPages: true,
    info: { Title: `${title} ${number}`, Author: seller.name, Subject: `${title} ${number}`, CreationDate: credit?.issuedAt ?? facts.createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc, fonts);
  const t = new Typesetter(doc, dir);
  const rtl = dir === 'rtl';
  /** A box given from the start edge (left in LTR, right in RTL) as its physical left x. */
  const X = (x: number, width: number) => (rtl ? PAGE_W - x - width : x);
  const start = rtl ? 'right' : 'left';
  const end = rtl ? 'left' : 'right';

  const money = (amount: number) => new Intl.NumberFormat(facts.locale, { style: 'currency', currency: facts.currency }).format(amount / 100);
  const date = (d: Date) => new Intl.DateTimeFormat(facts.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
  const percent = (share: number) => new Intl.NumberFormat(facts.locale, { style: 'percent', maximumFractionDigits: 2 }).format(share);
  const taxName = facts.reverseCharge || VAT_COUNTRIES.has(facts.country) ? w('vat') : w('tax');
  const countryName = (code: string) => new Intl.DisplayNames([facts.locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  const small: TextStyle = { size: 8.5, color: GREY };
  const body: TextStyle = { size: 9.5 };
  const bold: TextStyle = { size: 9.5, bold: true };
  const data: TextStyle = { size: 9.5, data: true };
  /** Arabic script stands taller than Latin: its lines need more room. */
  const leading = rtl ? 1.5 : 1.3;

  // The seller (start side) and the document's title and numbers (end side).
  let y = M;
  t.line(seller.name, X(M, 280), y, 280, { size: 13, bold: true, data: true }, start);
  y += 19;
  const sellerLines = [...seller.address.map((l) => [l, true] as const), [countryName(seller.country), false] as const,
    [`${w('vatNumber')}: ${seller.vatNumber}`, false] as const, [seller.email, true] as const];
  for (const [line, data] of sellerLines) {
    t.line(line, X(M, 280), y, 280, { ...small, data }, start);
    y += 12;
  }
  const payUrl = facts.invoice ? `${publicUrl}${storePath(facts.country, facts.language, `invoice-payment/${facts.invoice.token}/`)}` : null;
  const orderPayUrl = `${publicUrl}${storePath(facts.country, facts.language, `order-payment/${facts.orderToken}/`)}`;
  const meta: Array<[string, string]> = credit
    ? [[w('creditNoteNumber'), credit.number], [w('date'), date(credit.issuedAt)], [w('correctsInvoice'), `${facts.number} · ${date(facts.createdAt)}`], [w('orderNumber'), facts.number]]
    : [[facts.kind === 'quote' ? w('quoteNumber') : w('invoiceNumber'), facts.number], [w('date'), date(facts.createdAt)]];
  if (facts.kind === 'invoice') meta.push([w('orderNumber'), facts.number], [w('supplyDate'), date(facts.suppliedAt)]);
  if (facts.kind === 'quote' && facts.invoice) meta.push([w('validUntil'), date(facts.invoice.dueAt)]);
  else if (facts.kind === 'invoice' && !facts.cancelledAt && facts.invoice && facts.invoice.status === 'OPEN') meta.push([w('dueDate'), date(facts.invoice.dueAt)]);
  let my = M;
  t.line(title, X(M + W - 220, 220), my, 220, { size: credit ? 18 : 22, bold: true, color: ACCENT }, end);
  my += 34;
  for (const [label, value] of meta) {
    t.line(label, X(M + W - 220, 110), my, 110, small, start);
    t.line(value, X(M + W - 110, 110), my, 110, { size: 9 }, end);
    my += 13;
  }
  y = Math.max(y, my) + 18;

  // The buyer: billing address (with their VAT number), shipping address, or whom the quote is for.
  // In each country's own format when the facts bring it (the address metadata, read where the facts are made).
  const address = (a: NonNullable<DocumentFacts['shippingAddress']>, lines?: string[] | null) => [
    ...(lines ?? [`${a.firstName} ${a.lastName}`.trim(), a.companyName, a.streetAddress1, a.streetAddress2, ...placeLines(a)]), countryName(a.country),
  ].filter((l) => l && l.trim());
  const blocks: Array<{ heading: string; lines: string[]; labelled?: string }> = [
    { heading: w('billTo'), lines: [...address(facts.billingAddress, facts.billingLines), facts.email], ...(facts.vatNumber ? { labelled: `${w('vatNumber')}: ${facts.vatNumber}` } : {}) },
  ];
  if (facts.kind === 'quote' && facts.quoteData) {
    const q = facts.quoteData;
    blocks.push({ heading: w('preparedFor'), lines: [q.equoteOrganizationName, q.equoteJobTitle, q.equotePracticePlace, q.equoteSpecialty].filter((l): l is string => !!l) });
  } else if (facts.shippingAddress) blocks.push({ heading: w('shipTo'), lines: address(facts.shippingAddress, facts.shippingLines) });
  let by = y;
  blocks.forEach((block, i) => {
    const bx = M + i * 250;
    let ly = y;
    t.line(block.heading, X(bx, 230), ly, 230, { size: 8.5, bold: true, color: GREY }, start);
    ly += 14;
    for (const line of block.lines) ly = t.paragraph(line, X(bx, 230), ly, 230, data, start, leading);
    if (block.labelled) ly = t.paragraph(block.labelled, X(bx, 230), ly, 230, body, start, leading);
    by = Math.max(by, ly);
  });
  y = by + 20;

  // The lines: net amounts with each line's tax rate; a voucher's reduction under the line it reduced.
  const cols = { qty: 44, unit: 86, rate: 62, amount: 92 };
  const descW = W - cols.qty - cols.unit - cols.rate - cols.amount;
  const colX = { desc: M, qty: M + descW, unit: M + descW + cols.qty, rate: M + descW + cols.qty + cols.unit, amount: M + W - cols.amount };
  const header = () => {
    doc.rect(M, y - 4, W, 20).fill('#eef1f4');
    t.line(w('description'), X(colX.desc + 6, descW - 12), y + 1, descW - 12, { size: 8.5, bold: true }, start);
    t.line(w('quantity'), X(colX.qty, cols.qty), y + 1, cols.qty, { size: 8.5, bold: true }, end);
    t.line(w('unitPrice'), X(colX.unit, cols.unit), y + 1, cols.unit, { size: 8.5, bold: true }, end);
    t.line(w('rate', { tax: taxName }), X(colX.rate, cols.rate), y + 1, cols.rate, { size: 8.5, bold: true }, end);
    t.line(w('amount'), X(colX.amount, cols.amount - 6), y + 1, cols.amount - 6, { size: 8.5, bold: true }, end);
    y += 24;
  };
  const room = (height: number) => {
    if (y + height < PAGE_H - 90) return;
    doc.addPage();
    y = M;
    header();
  };
  header();
  for (const line of facts.lines) {
    const nameLines = t.wrap(line.name || w('creditedAmount'), descW - 12, data);
    room(nameLines.length * 13 + 26);
    const top = y;
    for (const nameLine of nameLines) {
      t.line(nameLine, X(colX.desc + 6, descW - 12), y, descW - 12, data, start);
      y += 9.5 * leading;
    }
    t.line(line.sku, X(colX.desc + 6, descW - 12), y, descW - 12, { size: 7.5, color: GREY, data: true }, start);
    y += 11;
    const rate = line.totalNet > 0 ? percent(taxRateOf(line.totalNet, line.totalGross)) : '–';
    t.line(String(line.quantity), X(colX.qty, cols.qty), top, cols.qty, body, end);
    t.line(line.isFree ? w('free') : money(line.unitNet), X(colX.unit, cols.unit), top, cols.unit, body, end);
    t.line(rate, X(colX.rate, cols.rate), top, cols.rate, body, end);
    t.line(money(line.totalNet), X(colX.amount, cols.amount - 6), top, cols.amount - 6, body, end);
    const reduction = line.unitNet * line.quantity - line.totalNet;
    if (!credit && !line.isFree && reduction > 0) {
      t.line(w('voucher', { code: facts.voucherCode ?? '' }).trim(), X(colX.desc + 6, descW - 12), y, descW - 12, { size: 8.5, color: GREY }, start);
      t.line(money(-reduction), X(colX.amount, cols.amount - 6), y, cols.amount - 6, { size: 8.5, color: GREY }, end);
      y += 12;
    }
    doc.moveTo(M, y + 2).lineTo(M + W, y + 2).lineWidth(0.5).strokeColor(RULE).stroke();
    y += 8;
  }
  t.line(taxName === w('vat') ? w('excluding', { tax: taxName }) : w('excludingTax'), X(M, W), y, W, small, start);
  y += 18;

  // Totals: lines, shipping and trade-in net; the tax; the total paid or to pay.
  const linesNet = facts.lines.reduce((sum, l) => sum + l.totalNet, 0);
  const totals: Array<[string, string, boolean]> = [[w('subtotal'), money(linesNet), false]];
  if (facts.shipping) totals.push([w('shipping'), money(facts.shipping.net), false]);
  if (facts.tradeIn) totals.push([w('tradeIn'), money(-facts.tradeIn.net), false]);
  totals.push([taxName, money(facts.totalTax), false]);
  totals.push([credit ? w('totalCredited') : w('total'), money(facts.totalGross), true]);
  room(totals.length * 16 + 40);
  const tx = M + W - 260;
  for (const [label, value, strong] of totals) {
    if (strong) {
      doc.moveTo(X(tx, 260), y).lineTo(X(tx, 260) + 260, y).lineWidth(0.8).strokeColor('#1a1a1a').stroke();
      y += 6;
    }
    const style: TextStyle = strong ? { size: 11.5, bold: true } : body;
    t.line(label, X(tx, 150), y, 150, style, start);
    t.line(value, X(tx + 150, 104), y, 104, style, end);
    y += strong ? 20 : rtl ? 17 : 15;
  }
  y += 6;
  t.line(w('currencyNote', { currency: facts.currency }), X(M, W), y, W, small, start);
  y += 20;

  if (facts.reverseCharge) {
    // Goods sent to a business in another member state are an exempt intra-Community supply (Art. 138); services
    // (subscriptions) are taxed where the customer is, who accounts for the VAT (Art. 196). An order of both cites both.
    for (const key of [facts.lines.some((l) => !l.service) || facts.shipping ? 'reverseChargeGoods' as const : null, facts.lines.some((l) => l.service) ? 'reverseCharge' as const : null]) {
      if (!key) continue;
      room(40);
      y = t.paragraph(w(key), X(M, W), y, W, bold, start) + 10;
    }
  }

  if (isExportCountry(facts.country)) {
    // Decision 0049: goods leave the EU zero-rated as an export (Art. 146); a service to a customer outside the
    // EU is supplied where they are, outside EU VAT. The destination's duties and taxes are the customer's.
    for (const key of [facts.lines.some((l) => !l.service) || facts.shipping ? 'exportGoods' as const : null, facts.lines.some((l) => l.service) ? 'exportServices' as const : null]) {
      if (!key) continue;
      room(40);
      y = t.paragraph(w(key), X(M, W), y, W, bold, start) + 10;
    }
  }

  // How it was paid, or how to pay.
  room(60);
  t.line(w('payment'), X(M, W), y, W, { size: 8.5, bold: true, color: GREY }, start);
  y += 14;
  if (credit) {
    y = t.paragraph(w('refundedTo', { date: date(credit.issuedAt) }), X(M, W), y, W, body, start);
    if (credit.reason) y = t.paragraph(`${w('reason')}: ${credit.reason}`, X(M, W), y + 2, W, { ...body, data: true }, start);
  } else if (facts.cancelledAt) {
    y = t.paragraph(w('voidInvoice', { date: date(facts.cancelledAt) }), X(M, W), y, W, bold, start);
  } else if (facts.kind === 'quote') {
    y = t.paragraph(w('quoteNote', { date: date(facts.invoice!.dueAt) }), X(M, W), y, W, body, start);
    if (payUrl) y = t.paragraph(payUrl, X(M, W), y + 2, W, { size: 9.5, color: ACCENT, data: true }, start);
  } else {
    const method = facts.paymentMethod === 'CREDIT_CARD'
      ? [w('card'), facts.card ? isolate(`${facts.card.brand.toUpperCase()} •••• ${facts.card.lastDigits}`) : ''].filter(Boolean).join(' ')
      : PAYMENT_NAMES[facts.paymentMethod] ?? '';
    const paidAt = facts.invoice?.paidAt ? ` · ${date(facts.invoice.paidAt)}` : '';
    const state = facts.chargeStatus === 'FULLY_CHARGED' ? `${w('paid')}${paidAt}`
      : facts.chargeStatus === 'ASYNC_PROCESSING' ? w('processing')
        : facts.invoice ? w('dueBy', { date: date(facts.invoice.dueAt) }) : w('unpaid');
    y = t.paragraph([state, method].filter(Boolean).join(' · '), X(M, W), y, W, body, start);
    if (facts.chargeStatus === 'NOT_CHARGED') {
      const url = payUrl ?? orderPayUrl;
      y = t.paragraph(w('payAt', { url }), X(M, W), y + 2, W, body, start);
    }
  }
  if (facts.kind === 'quote' && facts.quoteData?.equoteComment) {
    y += 8;
    t.line(w('comment'), X(M, W), y, W, { size: 8.5, bold: true, color: GREY }, start);
    y = t.paragraph(facts.quoteData.equoteComment, X(M, W), y + 14, W, data, start);
  }

  // Footer on every page: the seller, its VAT number and address for questions.
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    doc.moveTo(M, PAGE_H - 52).lineTo(M + W, PAGE_H - 52).lineWidth(0.5).strokeColor(RULE).stroke();
    t.line([isolate(seller.name), `${w('vatNumber')}: ${seller.vatNumber}`, isolate(seller.email)].join(' · '), X(M, W), PAGE_H - 44, W, { size: 7.5, color: GREY }, 'center');
    if (pages.count > 1) t.line(`${i + 1} / ${pages.count}`, X(M, W), PAGE_H - 32, W, { size: 7.5, color: GREY }, 'center');
  }
  doc.end();
  return done;
}
