import { textDirection, type UrlLanguage } from '@probe/domain';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Intl's locale for a store language: Norwegian is nb to Intl, and our Portuguese is Portugal's (not Brazil's, Intl's default). */
export function mailLocale(language: UrlLanguage): string {
  return language === 'no' ? 'nb' : language === 'pt' ? 'pt-PT' : language;
}

export interface LinkMail {
  language: UrlLanguage;
  subject: string;
  greeting: string;
  body: string;
  link: { label: string; url: string };
  /** Lines after the link (an expiry, "not you?"): one paragraph in the HTML. */
  notes?: string[];
  signoff: string;
}

/** A short e-mail whose point is one link (an invitation, a download, a subscription notice), as text and HTML. */
export function renderLinkMail(mail: LinkMail): { subject: string; text: string; html: string } {
  const notes = mail.notes ?? [];
  const text = [mail.greeting, '', mail.body, '', `${mail.link.label}: ${mail.link.url}`, '', ...(notes.length ? [...notes, ''] : []), mail.signoff].join('\n');
  const html = `<!doctype html><html lang="${mail.language}" dir="${textDirection(mail.language)}"><body>
<p>${esc(mail.greeting)}</p>
<p>${esc(mail.body)}</p>
<p><a href="${esc(mail.link.url)}">${esc(mail.link.label)}</a></p>
${notes.length ? `<p>${esc(notes.join(' '))}</p>\n` : ''}<p>${esc(mail.signoff)}</p>
</body></html>`;
  return { subject: mail.subject, text, html };
}
