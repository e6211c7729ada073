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
} satisfies Record<string, CSSProperties>;

interface MailView {
  language: UrlLanguage;
  /** A message of the e-mails' catalogues, its arguments filled. */
  t: (key: MessageKey) => string;
  subject: string;
  paragraphs: string[];
  items: Array<{ label: string }>;
  total: string | null;
  action: { label: string; url: string };
  secondary: { label: string; url: string } | null;
}

/** The e-mail's markup (React Email components: table layout and inline styles that mail clients keep). */
function OrderMailView({ language, t, subject, paragraphs, items, total, action, secondary }: MailView) {
  return (
    <html lang={language} dir={textDirection(language)}>
      <Head>
        <title>{subject}</title>
      </Head>
      <Preview>{paragraphs[0] ?? subject}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>Probe Store</Text>
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
          <Section style={{ margin: '24px 0 0' }}>
            <Button href={action.url} style={styles.button}>{action.label}</Button>
          </Section>
          {secondary ? <Text style={{ ...styles.text, margin: '16px 0 0' }}><Link href={secondary.url} style={styles.link}>{secondary.label}</Link></Text> : null}
          <Hr style={styles.hr} />
          <Text style={styles.signoff}>{t('signoff')}</Text>
        </Container>
      </Body>
    </html>
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
  const props: MailView = {
    language, t, subject, paragraphs, action, secondary,
    items: listed ? order.lines.map((l) => ({ label: `${l.quantity} × ${l.name}: ${money(l.total)}` }))
      : order.kind === 'shipped' && order.shipment ? order.shipment.lines.map((l) => ({ label: `${l.quantity} × ${l.name}` })) : [],
    total: listed ? values.total! : null,
  };
  // Loaded with the first e-mail (it brings html-to-text and prettier), not by every server at start.
  const { render } = await import('@react-email/render');
  const [html, text] = await Promise.all([
    render(<OrderMailView {...props} />),
    render(<OrderMailView {...props} />, { plainText: true }),
  ]);
  return { to: order.email, locale: language, subject, text, html };
}
