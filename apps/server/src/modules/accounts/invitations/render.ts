import type { UrlLanguage } from '@probe/domain';
import { messages, type MessageKey } from './i18n/catalogues.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Intl's locale for a store language (Norwegian is nb to Intl; our Portuguese is Portugal's). */
const intlLocale = (language: UrlLanguage) => (language === 'no' ? 'nb' : language === 'pt' ? 'pt-PT' : language);

export interface InvitationMail {
  language: UrlLanguage;
  organization: string;
  /** The inviter's name, or their e-mail when they have none. */
  inviter: string;
  acceptUrl: string;
  expiresAt: Date;
}

/** The invitation e-mail, in the inviter's language: who invites, to what, the one-use link and its expiry. */
export function renderInvitation(mail: InvitationMail): { subject: string; text: string; html: string } {
  const values = {
    organization: mail.organization,
    inviter: mail.inviter,
    date: new Intl.DateTimeFormat(intlLocale(mail.language), { dateStyle: 'long', timeZone: 'UTC' }).format(mail.expiresAt),
  };
  const t = (key: MessageKey) => messages.format(mail.language, key, values);
  const text = [t('greeting'), '', t('body'), '', `${t('accept')}: ${mail.acceptUrl}`, '', t('expiry'), t('ignore'), '', t('signoff')].join('\n');
  const dir = mail.language === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${mail.language}" dir="${dir}"><body>
<p>${esc(t('greeting'))}</p>
<p>${esc(t('body'))}</p>
<p><a href="${esc(mail.acceptUrl)}">${esc(t('accept'))}</a></p>
<p>${esc(t('expiry'))} ${esc(t('ignore'))}</p>
<p>${esc(t('signoff'))}</p>
</body></html>`;
  return { subject: t('subject'), text, html };
}
