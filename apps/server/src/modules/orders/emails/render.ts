import { intlLocale, isKnownCountry, isUrlLanguage, storePath, textDirection, type UrlLanguage } from '@probe/domain';
import { en, type OrderMailMessages } from './messages.ts';
import * as translations from './translations.ts';

const catalogues: Record<UrlLanguage, OrderMailMessages> = { en, ...translations };

export const ORDER_MAIL_KINDS = ['placed', 'paid', 'failed'] as const;
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
  lines: ReadonlyArray<{ name: string; quantity: number; total: number }>;
}

export interface OrderMail {
  to: string;
  locale: string;
  subject: string;
  text: string;
  html: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The store language of an order (its checkout's language; American English is English). */
function languageOf(language: string): UrlLanguage {
  const code = language.slice(0, 2).toLowerCase();
  return isUrlLanguage(code) ? code : 'en';
}

/**
 * An order e-mail in the order's language, money and dates in its country's format: placed (with its
 * items and what happens to the payment), paid (a bank payment confirmed), failed (a bank payment refused,
 * with the link to pay again). Every claim in it is one the store keeps: the "we will write" of a bank
 * payment is the `paid` or `failed` e-mail.
 */
export function renderOrderMail(order: OrderMailFacts, publicUrl: string): OrderMail {
  const language = languageOf(order.language);
  const m = catalogues[language];
  const country = order.country.toUpperCase();
  const locale = isKnownCountry(country) ? intlLocale(country, language) : language;
  const money = (amount: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: order.currency.toUpperCase() }).format(amount / 100);
  const values: Record<string, string> = {
    number: order.number,
    total: money(order.total),
    date: order.invoiceDue ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(order.invoiceDue) : '',
  };
  const fill = (template: string) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
  const path = (rest: string) => `${publicUrl}${storePath(country.toLowerCase(), language, rest)}`;

  let subject: string;
  let body: string;
  let link: { label: string; url: string };
  if (order.kind === 'placed') {
    subject = fill(m.placedSubject);
    body = fill(order.chargeStatus === 'FULLY_CHARGED' ? m.placedPaid
      : order.chargeStatus === 'ASYNC_PROCESSING' ? m.placedProcessing
        : order.invoiceDue ? m.placedInvoice : m.placedUnpaid);
    link = { label: m.view, url: path(`confirmation/${order.token}/`) };
  } else if (order.kind === 'paid') {
    subject = fill(m.paidSubject);
    body = fill(m.paidBody);
    link = { label: m.view, url: path(`confirmation/${order.token}/`) };
  } else {
    subject = fill(m.failedSubject);
    body = fill(m.failedBody);
    link = { label: m.payAgain, url: path(`order-payment/${order.token}/`) };
  }

  const items = order.kind === 'placed' ? order.lines.map((l) => `${l.quantity} × ${l.name}: ${money(l.total)}`) : [];
  const text = [
    m.greeting, '', body, '',
    ...(items.length ? [`${m.items}:`, ...items, `${m.total}: ${values.total}`, ''] : []),
    `${link.label}: ${link.url}`, '', m.signoff,
  ].join('\n');
  const html = `<!doctype html><html lang="${language}" dir="${textDirection(language)}"><body>
<p>${esc(m.greeting)}</p>
<p>${esc(body)}</p>
${items.length ? `<h2>${esc(m.items)}</h2>
<ul>${order.lines.map((l) => `<li>${l.quantity} × ${esc(l.name)}: ${esc(money(l.total))}</li>`).join('')}</ul>
<p><strong>${esc(m.total)}: ${esc(values.total!)}</strong></p>` : ''}
<p><a href="${esc(link.url)}">${esc(link.label)}</a></p>
<p>${esc(m.signoff)}</p>
</body></html>`;
  return { to: order.email, locale: language, subject, text, html };
}
