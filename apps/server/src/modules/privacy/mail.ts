import type { UrlLanguage } from '@probe/domain';
import { mailLocale, renderLinkMail } from '../../mail/link-mail.ts';
import { messages, type MessageKey } from './i18n/catalogues.ts';

/** The e-mail with an export's download link, in the language the user asked in, the expiry in its format. */
export function renderExportMail(mail: { language: UrlLanguage; url: string; expiresAt: Date }): { subject: string; text: string; html: string } {
  const date = new Intl.DateTimeFormat(mailLocale(mail.language), { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(mail.expiresAt);
  const t = (key: MessageKey) => messages.format(mail.language, key, { date });
  return renderLinkMail({
    language: mail.language, subject: t('subject'), greeting: t('greeting'), body: t('body'),
    link: { label: t('download'), url: mail.url }, notes: [t('expiry'), t('notYou')], signoff: t('signoff'),
  });
}
