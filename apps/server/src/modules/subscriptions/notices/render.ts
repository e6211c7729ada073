import { type UrlLanguage } from '@probe/domain';
import { messages, type MessageKey } from './i18n/catalogues.ts';
import { mailLocale, renderLinkMail } from '../../../mail/link-mail.ts';

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


export function renderNotice(notice: Notice, context: { language: UrlLanguage; plan: string; manageUrl: string }): RenderedNotice {
  const locale = mailLocale(context.language);
  const values: Record<string, string> = {
    plan: context.plan,
    amount: notice.amount !== undefined && notice.currency ? new Intl.NumberFormat(locale, { style: 'currency', currency: notice.currency.toUpperCase() }).format(notice.amount / 100) : '',
    date: notice.date ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(notice.date)) : '',
    attempts: notice.attempts !== undefined ? new Intl.NumberFormat(locale).format(notice.attempts) : '',
  };
  const t = (key: MessageKey) => messages.format(context.language, key, values);
  const subject = t(`${notice.kind}Subject`);
  const body = t(`${notice.kind}Body`);
  return renderLinkMail({ language: context.language, subject, greeting: t('greeting'), body, link: { label: t('manage'), url: context.manageUrl }, signoff: t('signoff') });
}
