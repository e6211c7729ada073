import type { Database } from '@probe/db';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { roleName, STAFF_INVITATION_PATH, staffMessages, type StaffMessageKey } from '../modules/staff/index.ts';
import { isLanguage, translate, type Language } from './i18n.ts';
import { field, hidden } from './pages/forms.ts';
import { esc } from './pages/html.ts';
import { layout } from './pages/layout.ts';
import { messagePage } from './pages/views.ts';
import type { IdentitySettings } from './settings.ts';
import { acceptStaffInvitation, staffInvitationFor, type StaffInvitationView } from './staff-invitation.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './users.ts';

type Form = Record<string, string>;

/**
 * The page a staff invitation's link opens (/oidc/account/staff-invitation): who is invited to which role;
 * a password to choose when the address has no account yet; accepting is a POST (a mail scanner's GET
 * changes nothing). Once accepted, the way on is the console, whose sign-in asks for that password.
 */
export function registerStaffInvitationRoutes(app: FastifyInstance, deps: { settings: IdentitySettings; db: Database; now: () => Date }): void {
  const { settings, db, now } = deps;
  const consoleUrl = new URL('/admin/', settings.storeUrl).href;
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('content-security-policy', settings.contentSecurityPolicy).header('cache-control', 'no-store').send(html);
  const languageOf = (value: unknown): Language => (isLanguage(value) ? value : 'en');
  const invalid = (reply: FastifyReply, lang: Language) => send(reply, 400, messagePage(lang, 'errorPageTitle', translate(lang, 'linkInvalid'), settings.storeUrl));

  const page = (lang: Language, token: string, view: StaffInvitationView, error?: string) => {
    const s = (key: StaffMessageKey) => staffMessages.format(lang, key, { role: roleName(view.role, lang), email: view.email });
    const password = view.hasAccount
      ? `<p>${esc(s('pageExistingAccount'))}</p>`
      : field({ name: 'password', type: 'password', label: translate(lang, 'fieldPassword'), autocomplete: 'new-password', hint: `${s('pageNewAccount')} ${translate(lang, 'passwordHint', { min: PASSWORD_MIN })}`, error, maxLength: PASSWORD_MAX, autofocus: Boolean(error) });
    return layout(lang, s('pageTitle'), `<p>${esc(s('pageIntro'))}</p>
<form method="post" action="${STAFF_INVITATION_PATH}" novalidate>
${hidden('token', token)}${hidden('lang', lang)}
<input type="hidden" name="username" value="${esc(view.email)}" autocomplete="username">
${password}
<button type="submit">${esc(s('pageSubmit'))}</button>
</form>`, settings.storeUrl);
  };

  app.get<{ Querystring: { token?: string; lang?: string } }>(STAFF_INVITATION_PATH, async (req, reply) => {
    const lang = languageOf(req.query.lang);
    const token = req.query.token ?? '';
    const view = await staffInvitationFor(db, token, now());
    return view ? send(reply, 200, page(lang, token, view)) : invalid(reply, lang);
  });

  app.post<{ Body: Form }>(STAFF_INVITATION_PATH, async (req, reply) => {
    const form = req.body ?? {};
    const lang = languageOf(form.lang);
    const token = form.token ?? '';
    const result = await acceptStaffInvitation(db, token, form.password ?? '', now());
    if (!result.ok && result.reason === 'invalid') return invalid(reply, lang);
    if (!result.ok) {
      const view = await staffInvitationFor(db, token, now());
      if (!view) return invalid(reply, lang);
      const error = result.problem === 'required' ? translate(lang, 'errorRequired')
        : result.problem === 'short' ? translate(lang, 'errorPasswordShort', { min: PASSWORD_MIN })
          : result.problem === 'long' ? translate(lang, 'errorTooLong', { max: PASSWORD_MAX })
            : result.problem === 'personal' ? translate(lang, 'errorPasswordPersonal') : translate(lang, 'errorPasswordCommon');
      return send(reply, 400, page(lang, token, view, error));
    }
    const s = (key: StaffMessageKey) => staffMessages.format(lang, key, { role: roleName(result.role, lang) });
    return send(reply, 200, layout(lang, s('doneTitle'), `<p>${esc(s('doneBody'))}</p><p><a class="button" href="${esc(consoleUrl)}">${esc(s('openConsole'))}</a></p>`, settings.storeUrl));
  });
}
