import { type UrlLanguage } from '@probe/domain';
import { catalogues } from './catalogues.ts';
import type { NoticeMessages } from './messages.ts';

export const NOTICE_KINDS = ['renewed', 'failed', 'pastDue', 'ended', 'reversed'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** A subscription e-mail's facts; the renderer formats them in the reader's language. */
export interface Notice {
  subscriptionId: string;
  kind: NoticeKind;
  amount?: number | undefined;
  currency?: string | undefined;
  /** renewed: the new period end; failed: the next try; ended: the end. */
  date?: string | undefined;
  attempts?: number | undefined;
}

export interface RenderedNotice {
  subject: string;
  text: string;
  html: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Intl's locale for a store language: Norwegian is nb to Intl, and our Portuguese is Portugal's (not Brazil's, Intl's default). */
function intlLocale(language: UrlLanguage): string {
  return language === 'no' ? 'nb' : language === 'pt' ? 'pt-PT' : language;
}

export function renderNotice(notice: Notice, context: { language: UrlLanguage; plan: string; manageUrl: string }): RenderedNotice {
  const m: NoticeMessages = catalogues[context.language] ?? catalogues.en;
  const locale = intlLocale(context.language);
  const values: Record<string, string> = {
    plan: context.plan,
    amount: notice.amount !== undefined && notice.currency ? new Intl.NumberFormat(locale, { style: 'currency', currency: notice.currency.toUpperCase() }).format(notice.amount / 100) : '',
    date: notice.date ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(notice.date)) : '',
    attempts: notice.attempts !== undefined ? new Intl.NumberFormat(locale).format(notice.attempts) : '',
  };
  const fill = (template: string) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
  const subject = fill(m[`${notice.kind}Subject`]);
  const body = fill(m[`${notice.kind}Body`]);
  const text = [m.greeting, '', body, '', `${m.manage}: ${context.manageUrl}`, '', m.signoff].join('\n');
  const dir = context.language === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${context.language}" dir="${dir}"><body>
<p>${esc(m.greeting)}</p>
<p>${esc(body)}</p>
<p><a href="${esc(context.manageUrl)}">${esc(m.manage)}</a></p>
<p>${esc(m.signoff)}</p>
</body></html>`;
  return { subject, text, html };
}
