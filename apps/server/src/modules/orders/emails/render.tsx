import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { intlLocale, isKnownCountry, isUrlLanguage, storePath, textDirection, type UrlLanguage } from '@probe/domain';
import type { CSSProperties } from 'react';
import { messages, type MessageKey } from './i18n/catalogues.ts';
import type { Receipt } from './receipt.ts';

/**
 * placed: the order confirmation (its invoice attached); quote: an order placed on an electronic quote
 * (its quote attached, the link to pay the invoice); paid: a bank payment confirmed; failed: a bank payment
 * refused (the link to pay again); invoice: an electronic quote's invoice paid (the paid invoice attached);
 * shipped: a parcel sent (its items, the carrier, the tracking link); refunded: money given back (the credit
 * note attached); cancelled: the order cancelled by the store (nothing to pay, the invoice void).
 */
export const ORDER_MAIL_KINDS = ['placed', 'quote', 'paid', 'failed', 'invoice', 'shipped', 'refunded', 'cancelled'] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/** What an order e-mail tells, read from the order when it is sent. */
export interface OrderMailFacts {
  kind: OrderMailKind;
  token: string;
  number: string;
  email: string;
  country: string;
  language: string;
  currency: string;
  total: number;
  chargeStatus: string;
  invoiceDue: Date | null;
  /** The invoice's token (an electronic quote's invoice, paid at /invoice-payment/{token}/). */
  invoiceToken?: string | null;
  lines: ReadonlyArray<{ name: string; quantity: number; total: number }>;
  /** Whether a PDF travels with the e-mail (the invoice, the quote, the credit note): the e-mail says so. */
  attached?: boolean;
  /** The parcel of a `shipped` e-mail: its carrier's name (null: another carrier), tracking number and page, and what it carries. */
  shipment?: { carrier: string | null; trackingNumber: string; trackingUrl: string | null; lines: ReadonlyArray<{ name: string; quantity: number }> } | null;
  /** The money a `refunded` e-mail tells of, and the number of its credit note. */
  refund?: { amount: number; creditNote: string | null } | null;
  /** What the confirmation, the quote and the payment e-mails list as a receipt, in the amounts of the buyer's order page (receipt.ts). */
  receipt?: Receipt | null;
  /** The seller's name and lines (address, country, VAT number, e-mail) at the foot of every e-mail. */
  seller?: { name: string; lines: string[] } | null;
}

export interface OrderMail {
  to: string;
  locale: string;
  subject: string;
  text: string;
  html: string;
  attachments?: Array<{ filename: string; content: string; encoding: 'base64'; contentType: string }>;
}

/** The store language of an order (its checkout's language; American English is English). */
function languageOf(language: string): UrlLanguage {
  const code = language.slice(0, 2).toLowerCase();
  return isUrlLanguage(code) ? code : 'en';
}

const styles = {
  body: { backgroundColor: '#f4f6f8', fontFamily: 'Helvetica, Arial, sans-serif', color: '#1a1a1a', margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: '8px', padding: '32px', maxWidth: '560px' },
  brand: { fontSize: '14px', fontWeight: 700, color: '#0b5cad', margin: '0 0 24px' },
  text: { fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' },
  heading: { fontSize: '17px', margin: '24px 0 8px' },
  line: { fontSize: '14px', lineHeight: '22px', margin: '0' },
  total: { fontSize: '15px', fontWeight: 700, margin: '8px 0 0' },
  button: { backgroundColor: '#0b5cad', color: '#ffffff', borderRadius: '6px', padding: '12px 20px', fontSize: '15px', fontWeight: 600, textDecoration: 'none' },
  link: { color: '#0b5cad', fontSize: '14px' },
  hr: { borderColor: '#e3e7eb', margin: '24px 0' },
  signoff: { fontSize: '14px', color: '#5b6470', margin: '0' },
  logo: { display: 'block', border: 0, margin: '0 0 24px' },
  cell: { fontSize: '14px', lineHeight: '22px', padding: '4px 0', verticalAlign: 'top' },
  amount: { fontSize: '14px', lineHeight: '22px', padding: '4px 0', verticalAlign: 'top', textAlign: 'end', whiteSpace: 'nowrap', paddingInlineStart: '16px' },
  sum: { fontSize: '14px', lineHeight: '22px', padding: '2px 0', color: '#3b4450' },
  sumTotal: { fontSize: '15px', lineHeight: '24px', padding: '8px 0 0', fontWeight: 700, borderTop: '1px solid #1a1a1a' },
  address: { fontSize: '14px', lineHeight: '20px', margin: '0', verticalAlign: 'top', paddingInlineEnd: '16px' },
  note: { fontSize: '13px', lineHeight: '20px', margin: '12px 0 0', fontWeight: 600 },
  footer: { fontSize: '12px', lineHeight: '18px', color: '#5b6470', margin: '16px 0 0' },
} satisfies Record<string, CSSProperties>;

interface MailView {
  language: UrlLanguage;
  /** A message of the e-mails' catalogues, its arguments filled. */
  t: (key: MessageKey) => string;
  subject: string;
  paragraphs: string[];
  items: Array<{ label: string }>;
  total: string | null;
  /** The receipt's rows as shown: lines, then subtotal, discounts, shipping, tax and total (the last one bold). */
  receipt: { lines: Array<[string, string]>; sums: Array<[string, string]>; total: [string, string]; notes: string[]; addresses: Array<{ heading: string; lines: string[] }> } | null;
  seller: { name: string; lines: string[] } | null;
  logoUrl: string;
  action: { label: string; url: string };
  secondary: { label: string; url: string } | null;
}

/** The e-mail's markup (React Email components: table layout and inline styles that mail clients keep). */
function OrderMailView({ language, t, subject, paragraphs, items, total, receipt, seller, logoUrl, action, secondary }: MailView) {
  return (
    <html lang={language} dir={textDirection(language)}>
      <Head>
        <title>{subject}</title>
      </Head>
      <Preview>{paragraphs[0] ?? subject}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <img src={logoUrl} width="40" height="40" alt="Probe Store" style={styles.logo} />
          <Text style={styles.text}>{t('greeting')}</Text>
          {paragraphs.map((p) => <Text key={p} style={styles.text}>{p}</Text>)}
          {items.length ? (
            <Section>
              <Heading as="h2" style={styles.heading}>{t('items')}</Heading>
              <ul style={{ paddingInlineStart: '20px', margin: '0' }}>
                {items.map((item) => <li key={item.label} style={styles.line}>{item.label}</li>)}
              </ul>
              {total ? <Text style={styles.total}>{`${t('total')}: ${total}`}</Text> : null}
            </Section>
          ) : null}
          {receipt ? <ReceiptView t={t} receipt={receipt} /> : null}
          <Section style={{ margin: '24px 0 0' }}>
            <Button href={action.url} style={styles.button}>{action.label}</Button>
          </Section>
          {secondary ? <Text style={{ ...styles.text, margin: '16px 0 0' }}><Link href={secondary.url} style={styles.link}>{secondary.label}</Link></Text> : null}
          <Hr style={styles.hr} />
          <Text style={styles.signoff}>{t('signoff')}</Text>
          {seller ? <Text style={styles.footer}>{[seller.name, ...seller.lines].join(' · ')}</Text> : null}
        </Container>
      </Body>
    </html>
  );
}

/** The receipt: a table of the lines and their amounts, the sums under them, the reverse-charge wording, and the addresses side by side. */
function ReceiptView({ t, receipt }: { t: MailView['t']; receipt: NonNullable<MailView['receipt']> }) {
  return (
    <Section>
      <Heading as="h2" style={styles.heading}>{t('items')}</Heading>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse' }}>
        <tbody>
          {receipt.lines.map(([label, amount], i) => <tr key={`l${i}`}><td style={styles.cell}>{label}</td><td style={styles.amount}>{amount}</td></tr>)}
          <tr><td colSpan={2} style={{ borderTop: '1px solid #e3e7eb', height: '8px', lineHeight: '8px', fontSize: '1px' }}>&nbsp;</td></tr>
          {receipt.sums.map(([label, amount], i) => <tr key={`s${i}`}><td style={styles.sum}>{label}</td><td style={{ ...styles.amount, ...styles.sum }}>{amount}</td></tr>)}
          <tr><td style={styles.sumTotal}>{receipt.total[0]}</td><td style={{ ...styles.amount, ...styles.sumTotal }}>{receipt.total[1]}</td></tr>
        </tbody>
      </table>
      {receipt.notes.map((n) => <Text key={n} style={styles.note}>{n}</Text>)}
      {receipt.addresses.length ? (
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ marginTop: '16px' }}>
          <tbody><tr>
            {receipt.addresses.map((a) => (
              <td key={a.heading} style={styles.address}>
                <Heading as="h3" style={{ ...styles.heading, fontSize: '15px', margin: '8px 0 4px' }}>{a.heading}</Heading>
                {/* Each line in its own direction: "10117 Berlin" stays so in a right-to-left e-mail. */}
                {a.lines.map((l, i) => <Text key={i} dir="auto" style={styles.address}>{l}</Text>)}
              </td>
            ))}
          </tr></tbody>
        </table>
      ) : null}
    </Section>
  );
}

/**
 * An order e-mail in the order's language, money and dates in its country's format, rendered with React
 * Email (HTML, and the plain-text part from the same markup). Every claim in it is one the store keeps:
 * the "we will write" of a bank payment is the `paid` or `failed` e-mail; "attached" only when a PDF is.
 */
export async function renderOrderMail(order: OrderMailFacts, publicUrl: string): Promise<OrderMail> {
  const language = languageOf(order.language);
  const country = order.country.toUpperCase();
  const locale = isKnownCountry(country) ? intlLocale(country, language) : language;
  const money = (amount: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: order.currency.toUpperCase() }).format(amount / 100);
  const values: Record<string, string> = {
    number: order.number,
    total: money(order.total),
    date: order.invoiceDue ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(order.invoiceDue) : '',
    carrier: order.shipment?.carrier ?? '',
    trackingNumber: order.shipment?.trackingNumber ?? '',
    amount: order.refund ? money(order.refund.amount) : '',
    creditNote: order.refund?.creditNote ?? '',
  };
  const t = (key: MessageKey) => messages.format(language, key, values);
  const path = (rest: string) => `${publicUrl}${storePath(country.toLowerCase(), language, rest)}`;
  const view = { label: t('view'), url: path(`confirmation/${order.token}/`) };

  let subject: string;
  let paragraphs: string[];
  let action = view;
  let secondary: MailView['secondary'] = null;
  if (order.kind === 'placed' || order.kind === 'quote') {
    const quote = order.kind === 'quote';
    subject = t(quote ? 'quoteSubject' : 'placedSubject');
    paragraphs = [t(order.chargeStatus === 'FULLY_CHARGED' ? 'placedPaid'
      : order.chargeStatus === 'ASYNC_PROCESSING' ? 'placedProcessing'
        : order.invoiceDue ? 'placedInvoice' : 'placedUnpaid')];
    if (order.attached) paragraphs.push(t(quote ? 'quoteAttached' : 'invoiceAttached'));
    if (quote && order.invoiceToken && order.chargeStatus !== 'FULLY_CHARGED') {
      action = { label: t('payInvoice'), url: path(`invoice-payment/${order.invoiceToken}/`) };
      secondary = view;
    }
  } else if (order.kind === 'paid') {
    subject = t('paidSubject');
    paragraphs = [t('paidBody')];
  } else if (order.kind === 'invoice') {
    subject = t('invoiceSubject');
    // The body says the invoice is attached: without the attachment, it says only that the payment arrived.
    paragraphs = [t(order.attached ? 'invoiceBody' : 'paidBody')];
  } else if (order.kind === 'shipped') {
    subject = t('shippedSubject');
    paragraphs = [t('shippedBody'), ...(order.shipment?.carrier ? [t('shippedCarrier')] : []), t('shippedTracking')];
    if (order.shipment?.trackingUrl) {
      action = { label: t('track'), url: order.shipment.trackingUrl };
      secondary = view;
    }
  } else if (order.kind === 'refunded') {
    subject = t('refundedSubject');
    paragraphs = [t('refundedBody'), ...(order.attached ? [t('creditNoteAttached')] : [])];
  } else if (order.kind === 'cancelled') {
    subject = t('cancelledSubject');
    paragraphs = [t('cancelledBody')];
  } else {
    subject = t('failedSubject');
    paragraphs = [t('failedBody')];
    action = { label: t('payAgain'), url: path(`order-payment/${order.token}/`) };
  }
  const listed = order.kind === 'placed' || order.kind === 'quote';
  const r = order.receipt && (listed || order.kind === 'paid' || order.kind === 'invoice') ? order.receipt : null;
  const withT = (key: MessageKey, more: Record<string, string>) => messages.format(language, key, { ...values, ...more });
  const props: MailView = {
    language, t, subject, paragraphs, action, secondary,
    logoUrl: `${publicUrl}/email-logo.png`,
    seller: order.seller ?? null,
    // Without a receipt (an order read before receipts were written), the lines as they were: gross.
    items: r ? [] : listed ? order.lines.map((l) => ({ label: `${l.quantity} × ${l.name}: ${money(l.total)}` }))
      : order.kind === 'shipped' && order.shipment ? order.shipment.lines.map((l) => ({ label: `${l.quantity} × ${l.name}` })) : [],
    total: r ? null : listed ? values.total! : null,
    receipt: r ? {
      lines: r.lines.map((l) => [`${l.quantity} × ${l.name}`, l.free ? t('free') : money(l.amount)]),
      sums: [
        [t('subtotal'), money(r.subtotal)],
        // An offer is named by its own name (as on the page); a voucher by its code, a trade-in by the probe's serial number.
        ...r.discounts.map((d): [string, string] => [d.kind === 'offer' ? d.label : withT(d.kind === 'voucher' ? 'voucher' : 'tradeIn', { code: d.label, serial: d.label }), money(-d.amount)]),
        ...(r.shipping !== null ? [[t('shipping'), money(r.shipping)] as [string, string]] : []),
        [t(r.reverseCharge ? 'taxReverseCharge' : r.gross ? 'taxIncluded' : 'tax'), money(r.tax)],
      ],
      total: [t('total'), money(r.total)],
      notes: r.notes,
      addresses: [
        ...(r.shipTo ? [{ heading: r.words.shipTo, lines: r.shipTo }] : []),
        { heading: r.words.billTo, lines: [...r.billTo, ...(r.vatNumber ? [`${r.words.vatNumber}: ${r.vatNumber}`] : [])] },
      ],
    } : null,
  };
  // Loaded with the first e-mail (it brings html-to-text and prettier), not by every server at start.
  const { render } = await import('@react-email/render');
  const [html, text] = await Promise.all([
    render(<OrderMailView {...props} />),
    render(<OrderMailView {...props} />, { plainText: true }),
  ]);
  return { to: order.email, locale: language, subject, text, html };
}
