import type { UrlLanguage } from '@probe/domain';
import { messages, type MessageKey } from './i18n/catalogues.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const intlLocale = (language: UrlLanguage) => (language === 'no' ? 'nb' : language === 'pt' ? 'pt-PT' : language);

/** The e-mail with an export's download link, in the language the user asked in, the expiry in its format. */
export function renderExportMail(mail: { language: UrlLanguage; url: string; expiresAt: Date }): { subject: string; text: string; html: string } {
  const date = new Intl.DateTimeFormat(intlLocale(mail.language), { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(mail.expiresAt);
  const t = (key: MessageKey) => messages.format(mail.language, key, { date });
  const text = [t('greeting'), '', t('body'), '', `${t('download')}: ${mail.url}`, '', t('expiry'), t('notYou'), '', t('signoff')].join('\n');
  const dir = mail.language === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${mail.language}" dir="${dir}"><body>
<p>${esc(t('greeting'))}</p>
<p>${esc(t('body'))}</p>
<p><a href="${esc(mail.url)}">${esc(t('download'))}</a></p>
<p>${esc(t('expiry'))} ${esc(t('notYou'))}</p>
<p>${esc(t('signoff'))}</p>
</body></html>`;
  return { subject: t('subject'), text, html };
}
