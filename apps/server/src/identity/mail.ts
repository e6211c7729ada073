import { schema } from '@probe/db';
import { translate, type Language } from './i18n.ts';
import { esc } from './pages/html.ts';
import type { Queryable } from './users.ts';

/** The outbox topic the mail worker delivers. */
export const MAIL_TOPIC = 'mail.send';

export interface MailMessage {
  to: string;
  locale: Language;
  subject: string;
  text: string;
  html: string;
}

export type MailKind = 'verify' | 'reset';

const KEYS = {
  verify: { subject: 'mailVerifySubject', body: 'mailVerifyBody', button: 'mailVerifyButton', ignore: 'mailVerifyIgnore' },
  reset: { subject: 'mailResetSubject', body: 'mailResetBody', button: 'mailResetButton', ignore: 'mailResetIgnore' },
} as const;

/** A whole message in the user's language: subject, plain text and HTML with the same content. */
export function renderMail(kind: MailKind, lang: Language, to: { email: string; name: string }, url: string): MailMessage {
  const k = KEYS[kind];
  const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string>) => translate(lang, key, vars);
  const greeting = t('mailGreeting', { name: to.name });
  const text = [greeting, '', t(k.body), url, '', t(k.ignore), '', '— Probe Store'].join('\n');
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body>
<p>${esc(greeting)}</p>
<p>${esc(t(k.body))}</p>
<p><a href="${esc(url)}">${esc(t(k.button))}</a></p>
<p>${esc(url)}</p>
<p>${esc(t(k.ignore))}</p>
<p>— Probe Store</p>
</body></html>`;
  return { to: to.email, locale: lang, subject: t(k.subject), text, html };
}

/** Queues the message in the outbox, in the caller's transaction: it is sent only if that commits. */
export async function queueMail(db: Queryable, message: MailMessage): Promise<void> {
  await db.insert(schema.outbox).values({ topic: MAIL_TOPIC, payload: message });
}
