import type { UrlLanguage } from '@probe/domain';
import { mailLocale, renderLinkMail } from '../../../mail/link-mail.ts';
import { messages, type MessageKey } from './i18n/catalogues.ts';

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
    date: new Intl.DateTimeFormat(mailLocale(mail.language), { dateStyle: 'long', timeZone: 'UTC' }).format(mail.expiresAt),
  };
  const t = (key: MessageKey) => messages.format(mail.language, key, values);
  return renderLinkMail({
    language: mail.language, subject: t('subject'), greeting: t('greeting'), body: t('body'),
    link: { label: t('accept'), url: mail.acceptUrl }, notes: [t('expiry'), t('ignore')], signoff: t('signoff'),
  });
}
