import { translate, type Language, type MessageKey } from '../i18n.ts';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../users.ts';
import { alert, field, hidden, links, notice } from './forms.ts';
import { esc } from './html.ts';
import { layout } from './layout.ts';

/** A field's error: a message key and its placeholders. */
export interface FieldError {
  key: MessageKey;
  vars?: Record<string, string | number>;
}
export type FieldErrors<F extends string> = Partial<Record<F, FieldError>>;

const FORM_ERROR = 'form-error';

function firstInvalid<F extends string>(order: F[], errors: FieldErrors<F>, formError: boolean): F | undefined {
  return order.find((f) => errors[f]) ?? (formError ? order[0] : undefined);
}

function message(lang: Language, error: FieldError | undefined): string | undefined {
  return error ? translate(lang, error.key, error.vars) : undefined;
}

export interface SignInView {
  /** The store page to go back to (store-return.ts). */
  store: string;
  action: string;
  /** Null on the console's sign-in (staff are invited, nobody signs up there). */
  signUpHref: string | null;
  forgotHref: string;
  /** The console's sign-in: its own title and line, already in the page's language. */
  staff?: { title: string; intro: string } | undefined;
  email?: string;
  errors?: FieldErrors<'email' | 'password'>;
  /** A message about the whole attempt (wrong credentials, too many attempts, unconfirmed e-mail). */
  formError?: FieldError;
  /** The account's e-mail is not confirmed yet: offer to send the link again. */
  resendAction?: string;
  notice?: FieldError;
}

export function signInPage(lang: Language, v: SignInView): string {
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(lang, key, vars);
  const errors = v.errors ?? {};
  const focus = firstInvalid(['email', 'password'], errors, Boolean(v.formError));
  const shared = v.formError ? [FORM_ERROR] : [];
  return layout(
    lang,
    v.staff?.title ?? t('signInTitle'),
    `${v.notice ? notice(t(v.notice.key, v.notice.vars)) : ''}${v.formError ? alert(FORM_ERROR, t(v.formError.key, v.formError.vars)) : `<p>${esc(v.staff?.intro ?? t('signInIntro'))}</p>`}
${v.resendAction ? `<form method="post" action="${esc(v.resendAction)}">${hidden('email', v.email ?? '')}<button type="submit" class="secondary">${esc(t('resendVerification'))}</button></form>` : ''}
<form method="post" action="${esc(v.action)}" novalidate>
${field({ name: 'email', type: 'email', label: t('fieldEmail'), autocomplete: 'username', value: v.email ?? '', error: message(lang, errors.email), describedBy: shared, maxLength: EMAIL_MAX, autofocus: focus === 'email' })}
${field({ name: 'password', type: 'password', label: t('fieldPassword'), autocomplete: 'current-password', error: message(lang, errors.password), describedBy: shared, maxLength: PASSWORD_MAX, autofocus: focus === 'password' })}
<button type="submit">${esc(t('signInSubmit'))}</button>
</form>
${links([
  { href: v.forgotHref, text: t('signInForgot') },
  ...(v.signUpHref ? [{ href: v.signUpHref, text: t('signInCreate'), before: t('signInNoAccount') }] : []),
])}`,
    v.store,
  );
}

export interface SignUpView {
  /** The store page to go back to (store-return.ts). */
  store: string;
  action: string;
  signInHref: string;
  values?: { email?: string; name?: string };
  errors?: FieldErrors<'name' | 'email' | 'password'>;
  formError?: FieldError;
}

export function signUpPage(lang: Language, v: SignUpView): string {
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(lang, key, vars);
  const errors = v.errors ?? {};
  const focus = firstInvalid(['name', 'email', 'password'], errors, Boolean(v.formError));
  return layout(
    lang,
    t('signUpTitle'),
    `${v.formError ? alert(FORM_ERROR, t(v.formError.key, v.formError.vars)) : Object.keys(errors).length ? alert(FORM_ERROR, t('errorSummary')) : ''}
<form method="post" action="${esc(v.action)}" novalidate>
${field({ name: 'name', type: 'text', label: t('fieldName'), autocomplete: 'name', value: v.values?.name ?? '', error: message(lang, errors.name), maxLength: NAME_MAX, autofocus: focus === 'name' })}
${field({ name: 'email', type: 'email', label: t('fieldEmail'), autocomplete: 'email', value: v.values?.email ?? '', error: message(lang, errors.email), maxLength: EMAIL_MAX, autofocus: focus === 'email' })}
${field({ name: 'password', type: 'password', label: t('fieldPassword'), autocomplete: 'new-password', hint: t('passwordHint', { min: PASSWORD_MIN }), error: message(lang, errors.password), maxLength: PASSWORD_MAX, autofocus: focus === 'password' })}
<button type="submit">${esc(t('signUpSubmit'))}</button>
</form>
${links([{ href: v.signInHref, text: t('signInTitle'), before: t('signUpHaveAccount') }])}`,
    v.store,
  );
}

export interface ForgotView {
  /** The store page to go back to (store-return.ts). */
  store: string;
  action: string;
  signInHref: string;
  email?: string;
  errors?: FieldErrors<'email'>;
  formError?: FieldError;
}

export function forgotPage(lang: Language, v: ForgotView): string {
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(lang, key, vars);
  const errors = v.errors ?? {};
  return layout(
    lang,
    t('forgotTitle'),
    `${v.formError ? alert(FORM_ERROR, t(v.formError.key, v.formError.vars)) : ''}<p>${esc(t('forgotIntro'))}</p>
<form method="post" action="${esc(v.action)}" novalidate>
${field({ name: 'email', type: 'email', label: t('fieldEmail'), autocomplete: 'email', value: v.email ?? '', error: message(lang, errors.email), maxLength: EMAIL_MAX, autofocus: Boolean(errors.email) })}
<button type="submit">${esc(t('forgotSubmit'))}</button>
</form>
${links([{ href: v.signInHref, text: t('backToSignIn') }])}`,
    v.store,
  );
}

export interface ResetView {
  /** The store page to go back to (store-return.ts). */
  store: string;
  /** The checked store path the link carried, kept across the form's submission. */
  storePath?: string | null;
  action: string;
  token: string;
  errors?: FieldErrors<'password'>;
}

export function resetPage(lang: Language, v: ResetView): string {
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(lang, key, vars);
  const errors = v.errors ?? {};
  return layout(
    lang,
    t('resetTitle'),
    `<form method="post" action="${esc(v.action)}" novalidate>
${hidden('token', v.token)}${hidden('lang', lang)}${v.storePath ? hidden('store', v.storePath) : ''}
${field({ name: 'password', type: 'password', label: t('fieldNewPassword'), autocomplete: 'new-password', hint: t('passwordHint', { min: PASSWORD_MIN }), error: message(lang, errors.password), maxLength: PASSWORD_MAX, autofocus: Boolean(errors.password) })}
<button type="submit">${esc(t('resetSubmit'))}</button>
</form>`,
    v.store,
  );
}

/** A page that only says something, with at most one way on: a link, or a button-styled link for the next step. */
export function messagePage(lang: Language, title: MessageKey, body: string, store: string, next: { link?: { href: string; text: MessageKey }; button?: { href: string; text: MessageKey } } = {}): string {
  const t = (key: MessageKey) => translate(lang, key);
  const button = next.button ? `<p><a class="button" href="${esc(next.button.href)}">${esc(t(next.button.text))}</a></p>` : '';
  const link = next.link ? links([{ href: next.link.href, text: t(next.link.text) }]) : '';
  return layout(lang, t(title), `<p>${esc(body)}</p>${button}${link}`, store);
}

/** oidc-provider's logout confirmation; `form` is its own hidden form (id op.logoutForm) carrying the xsrf value. */
export function logoutPage(lang: Language, form: string, store: string): string {
  const t = (key: MessageKey) => translate(lang, key);
  return layout(
    lang,
    t('logoutTitle'),
    `<p>${esc(t('logoutQuestion'))}</p>
${form}
<p><button type="submit" form="op.logoutForm" name="logout" value="yes">${esc(t('logoutYes'))}</button></p>
<p><button type="submit" form="op.logoutForm" class="secondary">${esc(t('logoutNo'))}</button></p>`,
    store,
  );
}

export function loggedOutPage(lang: Language, storeUrl: string): string {
  return layout(lang, translate(lang, 'loggedOutTitle'), `<p><a class="button" href="${esc(storeUrl)}">${esc(translate(lang, 'backToStore'))}</a></p>`, storeUrl);
}

/** Never a stack trace: a sentence, the way back, and the OAuth error code for support. */
export function errorPage(lang: Language, storeUrl: string, code: string): string {
  return layout(
    lang,
    translate(lang, 'errorPageTitle'),
    `<p>${esc(translate(lang, 'errorPageBody'))}</p><p class="code">${esc(code)}</p>`,
    storeUrl,
  );
}
