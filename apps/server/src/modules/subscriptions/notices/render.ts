import { type UrlLanguage } from '@probe/domain';
import { messages, type MessageKey } from './i18n/catalogues.ts';

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
  const locale = intlLocale(context.language);
  const values: Record<string, string> = {
    plan: context.plan,
    amount: notice.amount !== undefined && notice.currency ? new Intl.NumberFormat(locale, { style: 'currency', currency: notice.currency.toUpperCase() }).format(notice.amount / 100) : '',
    date: notice.date ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(notice.date)) : '',
    attempts: notice.attempts !== undefined ? new Intl.NumberFormat(locale).format(notice.attempts) : '',
  };
  const t = (key: MessageKey) => messages.format(context.language, key, values);
  const subject = t(`${notice.kind}Subject`);
  const body = t(`${notice.kind}Body`);
  const text = [t('greeting'), '', body, '', `${t('manage')}: ${context.manageUrl}`, '', t('signoff')].join('\n');
  const dir = context.language === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${context.language}" dir="${dir}"><body>
<p>${esc(t('greeting'))}</p>
<p>${esc(body)}</p>
<p><a href="${esc(context.manageUrl)}">${esc(t('manage'))}</a></p>
<p>${esc(t('signoff'))}</p>
</body></html>`;
  return { subject, text, html };
}
