import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Accounts } from './accounts.ts';
import { isLanguage, pickLanguage, translate, type Language } from './i18n.ts';
import type { Limiter } from '../http/rate-limit.ts';
import { addressKey, type TrustedClients } from './devices.ts';
import { hitAll, longestBlock, type IdentityLimiters } from './limits.ts';
import { FAVICON, FAVICON_PATH, STYLESHEET, STYLESHEET_PATH } from './pages/layout.ts';
import { errorPage, forgotPage, messagePage, resetPage, signInPage, signUpPage, type FieldError, type FieldErrors } from './pages/views.ts';
import type { Audience, ProviderHolder } from './provider.ts';
import { staffMessages } from '../modules/staff/index.ts';
import { passwordProblem, type PasswordOwner } from './password-policy.ts';
import type { IdentitySettings } from './settings.ts';
import { storeBase, storeHref, storeReturnPath } from './store-return.ts';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, isValidEmail, normalizeEmail } from './users.ts';

export interface InteractionDeps {
  settings: IdentitySettings;
  holder: ProviderHolder;
  accounts: Accounts;
  limiters: IdentityLimiters;
  /** Device cookies and known addresses: what lets the holder in while strangers are held back. */
  trusted: TrustedClients;
}

type Form = Record<string, string>;
type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

/**
 * The pages of the sign-in: server-rendered HTML forms, no script. Under /oidc/interaction/:uid (the store's)
 * and /oidc/staff/interaction/:uid (the console's) while an authorization request waits for the user (the
 * provider's interaction cookie is scoped there), and under
 * /oidc/account for the links sent by e-mail.
 */
export function registerInteractionRoutes(app: FastifyInstance, deps: InteractionDeps): void {
  const { settings, holder, accounts, limiters, trusted } = deps;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
    const form: Form = {};
    for (const [key, value] of new URLSearchParams(body as string)) form[key] = value;
    done(null, form);
  });

  const send = (reply: FastifyReply, status: number, html: string, retryAfterS?: number) => {
    reply.code(status).type('text/html; charset=utf-8').header('content-security-policy', settings.contentSecurityPolicy).header('cache-control', 'no-store');
    if (retryAfterS !== undefined) reply.header('retry-after', String(retryAfterS));
    return reply.send(html);
  };
  const minutes = (seconds: number): FieldError => ({ key: 'errorRateLimited', vars: { minutes: Math.max(1, Math.ceil(seconds / 60)) } });

  app.get(STYLESHEET_PATH, (_req, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=86400').send(STYLESHEET));
  app.get(FAVICON_PATH, (_req, reply) => reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(FAVICON));

  /**
   * One provider's sign-in pages under its interaction path: the store's (/oidc/interaction/:uid) and the
   * console's (/oidc/staff/interaction/:uid, its own title, no sign-up: staff are invited).
   */
  const flow = (base: string, audience: Audience) => {
    /** The waiting authorization request, or an error page when it is gone (expired, finished, other browser). */
    async function interaction(req: UidRequest, reply: FastifyReply) {
      const provider = await holder.get(audience);
      try {
        const details = await provider.interactionDetails(req.raw, reply.raw);
        if (details.uid !== req.params.uid) throw new Error('interaction mismatch');
        // Where the sign-in started, checked (store-return.ts); the e-mail links carry its market's front page.
        const returnPath = storeReturnPath(details.params.return_path);
        const lang = pickLanguage(details.params.ui_locales);
        // The console's sign-in: for staff, who are invited (no "create an account"), under its own title.
        const staff = audience === 'staff'
          ? { title: staffMessages.format(lang, 'signInTitle'), intro: staffMessages.format(lang, 'signInIntro') }
          : undefined;
        return { provider, details, lang, staff, store: storeHref(settings.storeUrl, returnPath), storeBase: storeBase(returnPath) };
      } catch {
        await send(reply, 400, errorPage(pickLanguage(undefined), settings.storeUrl, 'invalid_request'));
        return null;
      }
    }
    const hrefs = (uid: string) => ({
      signIn: `${base}/${uid}`,
      login: `${base}/${uid}/login`,
      signUp: `${base}/${uid}/signup`,
      forgot: `${base}/${uid}/forgot`,
      resend: `${base}/${uid}/resend`,
    });
    const signInView = (uid: string, found: { store: string; staff: { title: string; intro: string } | undefined }) =>
      ({ store: found.store, staff: found.staff, action: hrefs(uid).login, signUpHref: found.staff ? null : hrefs(uid).signUp, forgotHref: hrefs(uid).forgot });

    app.get<{ Params: { uid: string } }>(`${base}/:uid`, async (req, reply) => {
      const found = await interaction(req, reply);
      if (!found) return reply;
      const { provider, details, lang } = found;
      if (details.prompt.name === 'consent') return autoConsent(provider, req, reply);
      return send(reply, 200, signInPage(lang, signInView(req.params.uid, found)));
    });

    app.post<{ Params: { uid: string }; Body: Form }>(`${base}/:uid/login`, async (req, reply) => {
      const found = await interaction(req, reply);
      if (!found) return reply;
      const { provider, lang } = found;
      const form = req.body ?? {};
      const email = normalizeEmail(form.email ?? '');
      const password = form.password ?? '';
      const view = { ...signInView(req.params.uid, found), email };
      const errors: FieldErrors<'email' | 'password'> = {};
      if (!email) errors.email = { key: 'errorRequired' };
      else if (!isValidEmail(email)) errors.email = { key: 'errorEmailInvalid' };
      if (!password) errors.password = { key: 'errorRequired' };
      else if (password.length > PASSWORD_MAX) errors.password = { key: 'errorTooLong', vars: { max: PASSWORD_MAX } };
      if (Object.keys(errors).length) return send(reply, 400, signInPage(lang, { ...view, errors }));

      // Who is trying: the holder's browser (device cookie), the holder's usual address, or a stranger. Each
      // has its own count, so a stranger's failures never hold the other two back (limits.ts).
      const device = await trusted.deviceFor(req.headers.cookie, email);
      const known = !device && (await trusted.isKnownAddress(email, req.ip));
      const [passed, passedKey] = device
        ? [limiters.signInPerDevice, device]
        : known
          ? [limiters.signInPerKnownAddress, `${email}|${addressKey(req.ip) ?? req.ip}`]
          : [limiters.signInPerAccount, email];
      const keys: Array<[Limiter, string]> = device ? [[passed, passedKey]] : [[limiters.signInPerAddress, req.ip], [passed, passedKey]];
      const blocked = await longestBlock(keys);
      if (blocked !== null) return send(reply, 429, signInPage(lang, { ...view, formError: minutes(blocked) }), blocked);

      const result = await accounts.signIn(email, password);
      if (!result.ok && result.reason === 'credentials') {
        await hitAll(keys);
        return send(reply, 401, signInPage(lang, { ...view, formError: { key: 'errorCredentials' } }));
      }
      if (!result.ok) return send(reply, 403, signInPage(lang, { ...view, formError: { key: 'errorUnverified' }, resendAction: hrefs(req.params.uid).resend }));
      await passed.reset(passedKey);
      await trusted.rememberAddress(result.user.id, req.ip);
      reply.header('set-cookie', await trusted.deviceCookie(req.headers.cookie, email));
      const returnTo = await provider.interactionResult(req.raw, reply.raw, { login: { accountId: result.user.id, amr: ['pwd'], remember: true } }, { mergeWithLastSubmission: false });
      return reply.redirect(returnTo, 303);
    });

    app.post<{ Params: { uid: string }; Body: Form }>(`${base}/:uid/resend`, async (req, reply) => {
      const found = await interaction(req, reply);
      if (!found) return reply;
      const email = normalizeEmail(req.body?.email ?? '');
      const view = { ...signInView(req.params.uid, found), email };
      if (!isValidEmail(email)) return send(reply, 400, signInPage(found.lang, { ...view, errors: { email: { key: 'errorEmailInvalid' } } }));
      const blocked = await hitAll([
        [limiters.mailPerAddress, req.ip],
        [limiters.mailPerAccount, email],
      ]);
      if (blocked !== null) return send(reply, 429, signInPage(found.lang, { ...view, formError: minutes(blocked) }), blocked);
      await accounts.resendVerification(email, found.storeBase);
      return send(reply, 200, signInPage(found.lang, { ...view, notice: { key: 'resendDone', vars: { email } } }));
    });

    app.get<{ Params: { uid: string } }>(`${base}/:uid/signup`, async (req, reply) => {
      const found = await interaction(req, reply);
      if (!found) return reply;
      if (found.staff) return reply.redirect(hrefs(req.params.uid).signIn, 303);
      return send(reply, 200, signUpPage(found.lang, { store: found.store, action: hrefs(req.params.uid).signUp, signInHref: hrefs(req.params.uid).signIn }));
    });

    app.post<{ Params: { uid: string }; Body: Form }>(`${base}/:uid/signup`, async (req, reply) => {
      const found = await interaction(req, reply);
      if (!found) return reply;
      if (found.staff) return reply.redirect(hrefs(req.params.uid).signIn, 303);
      const { lang } = found;
      const form = req.body ?? {};
      const values = { name: (form.name ?? '').trim(), email: normalizeEmail(form.email ?? '') };
      const password = form.password ?? '';
      const view = { store: found.store, action: hrefs(req.params.uid).signUp, signInHref: hrefs(req.params.uid).signIn, values };
      const errors: FieldErrors<'name' | 'email' | 'password'> = {};
      if (!values.name) errors.name = { key: 'errorRequired' };
      else if (values.name.length > NAME_MAX) errors.name = { key: 'errorTooLong', vars: { max: NAME_MAX } };
      if (!values.email) errors.email = { key: 'errorRequired' };
      else if (values.email.length > EMAIL_MAX) errors.email = { key: 'errorTooLong', vars: { max: EMAIL_MAX } };
      else if (!isValidEmail(values.email)) errors.email = { key: 'errorEmailInvalid' };
      const passwordRefused = newPasswordError(password, values);
      if (passwordRefused) errors.password = passwordRefused;
      if (Object.keys(errors).length) return send(reply, 400, signUpPage(lang, { ...view, errors }));

      const blocked = await hitAll([
        [limiters.signUpPerAddress, req.ip],
        [limiters.signUpPerAccount, values.email],
      ]);
      if (blocked !== null) return send(reply, 429, signUpPage(lang, { ...view, formError: minutes(blocked) }), blocked);
      const user = await accounts.signUp({ ...values, password, locale: lang, store: found.storeBase });
      if (!user) return send(reply, 409, signUpPage(lang, { ...view, errors: { email: { key: 'errorEmailTaken' } } }));
      return send(reply, 200, messagePage(lang, 'checkEmailTitle', translate(lang, 'checkEmailBody', { email: values.email }), found.store, { link: { href: hrefs(req.params.uid).signIn, text: 'backToSignIn' } }));
    });

    app.get<{ Params: { uid: string } }>(`${base}/:uid/forgot`, async (req, reply) => {
      const found = await interaction(req, reply);
      if (!found) return reply;
      return send(reply, 200, forgotPage(found.lang, { store: found.store, action: hrefs(req.params.uid).forgot, signInHref: hrefs(req.params.uid).signIn }));
    });

    app.post<{ Params: { uid: string }; Body: Form }>(`${base}/:uid/forgot`, async (req, reply) => {
      const found = await interaction(req, reply);
      if (!found) return reply;
      const { lang } = found;
      const email = normalizeEmail(req.body?.email ?? '');
      const view = { store: found.store, action: hrefs(req.params.uid).forgot, signInHref: hrefs(req.params.uid).signIn, email };
      if (!email) return send(reply, 400, forgotPage(lang, { ...view, errors: { email: { key: 'errorRequired' } } }));
      if (!isValidEmail(email)) return send(reply, 400, forgotPage(lang, { ...view, errors: { email: { key: 'errorEmailInvalid' } } }));
      const blocked = await hitAll([
        [limiters.mailPerAddress, req.ip],
        [limiters.mailPerAccount, email],
      ]);
      if (blocked !== null) return send(reply, 429, forgotPage(lang, { ...view, formError: minutes(blocked) }), blocked);
      await accounts.requestPasswordReset(email, found.storeBase);
      // The same answer whether or not the account exists.
      return send(reply, 200, messagePage(lang, 'forgotTitle', translate(lang, 'forgotDone', { email }), found.store, { link: { href: hrefs(req.params.uid).signIn, text: 'backToSignIn' } }));
    });
  };
  flow(`${settings.mountPath}/interaction`, 'store');
  flow(`${settings.staffMountPath}/interaction`, 'staff');

  const linkLanguage = (value: unknown): Language => (isLanguage(value) ? value : 'en');
  /** The store an e-mail link goes back to: the market the sign-up or reset started in (checked again: links are typed by anyone). */
  const linkStore = (value: unknown) => storeReturnPath(value);
  const invalidLink = (reply: FastifyReply, lang: Language, store: string) =>
    send(reply, 400, messagePage(lang, 'errorPageTitle', translate(lang, 'linkInvalid'), store));

  /**
   * The confirmation link. Opening it confirms; opening it again (mail scanners fetch links before the
   * person does) says the address is already confirmed, never an error. Both offer the way to sign in:
   * the store's account page, which starts a sign-in.
   */
  app.get<{ Querystring: { token?: string; lang?: string; store?: string } }>(`${settings.mountPath}/account/verify`, async (req, reply) => {
    const lang = linkLanguage(req.query.lang);
    const path = linkStore(req.query.store);
    const store = storeHref(settings.storeUrl, path);
    const signIn = { href: storeHref(settings.storeUrl, path ? `${storeBase(path)}account/` : null), text: 'signInSubmit' } as const;
    const token = req.query.token ?? '';
    if (token && (await accounts.confirmEmail(token))) {
      return send(reply, 200, messagePage(lang, 'verifyDoneTitle', translate(lang, 'verifyDoneBody'), store, { button: signIn }));
    }
    if (token && (await accounts.emailLinkConfirmed(token))) {
      return send(reply, 200, messagePage(lang, 'verifyAlreadyTitle', translate(lang, 'verifyAlreadyBody'), store, { button: signIn }));
    }
    return invalidLink(reply, lang, store);
  });

  const resetAction = `${settings.mountPath}/account/reset`;
  app.get<{ Querystring: { token?: string; lang?: string; store?: string } }>(resetAction, async (req, reply) => {
    const lang = linkLanguage(req.query.lang);
    const path = linkStore(req.query.store);
    const store = storeHref(settings.storeUrl, path);
    const token = req.query.token ?? '';
    if (!token || !(await accounts.resetLinkUser(token))) return invalidLink(reply, lang, store);
    return send(reply, 200, resetPage(lang, { store, storePath: path, action: resetAction, token }));
  });

  app.post<{ Body: Form }>(resetAction, async (req, reply) => {
    const form = req.body ?? {};
    const lang = linkLanguage(form.lang);
    const path = linkStore(form.store);
    const store = storeHref(settings.storeUrl, path);
    const token = form.token ?? '';
    const password = form.password ?? '';
    const refuse = (error: FieldError) => send(reply, 400, resetPage(lang, { store, storePath: path, action: resetAction, token, errors: { password: error } }));
    // Length first (no lookup), then what the password may not hold: the account's e-mail and name.
    const badLength = newPasswordError(password);
    if (badLength) return refuse(badLength);
    const owner = token ? await accounts.resetLinkUser(token) : null;
    if (!owner) return invalidLink(reply, lang, store);
    const refused = newPasswordError(password, owner);
    if (refused) return refuse(refused);
    const user = await accounts.resetPassword(token, password);
    if (!user) return invalidLink(reply, lang, store);
    return send(reply, 200, messagePage(lang, 'resetTitle', translate(lang, 'resetDone'), store, { button: { href: storeHref(settings.storeUrl, path ? `${storeBase(path)}account/` : null), text: 'signInSubmit' } }));
  });
}

/**
 * Why a new password (sign-up, reset) is refused, in the page's words; undefined when it may be used.
 * Without an owner only its length is checked.
 */
function newPasswordError(password: string, owner?: PasswordOwner): FieldError | undefined {
  if (!password) return { key: 'errorRequired' };
  if ([...password].length < PASSWORD_MIN) return { key: 'errorPasswordShort', vars: { min: PASSWORD_MIN } };
  if (password.length > PASSWORD_MAX) return { key: 'errorTooLong', vars: { max: PASSWORD_MAX } };
  if (!owner) return undefined;
  const problem = passwordProblem(password, owner);
  if (problem === 'personal') return { key: 'errorPasswordPersonal' };
  if (problem === 'common') return { key: 'errorPasswordCommon' };
  return undefined;
}

/**
 * Our own clients never see a consent screen: the provider's grant loader already grants what they ask
 * for, and this covers a request that still reaches the consent prompt.
 */
async function autoConsent(provider: Provider, req: FastifyRequest, reply: FastifyReply) {
  const details = await provider.interactionDetails(req.raw, reply.raw);
  const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  const grant = details.grantId
    ? (await provider.Grant.find(details.grantId))!
    : new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
  if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
  if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
  const grantId = await grant.save();
  const returnTo = await provider.interactionResult(req.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
  return reply.redirect(returnTo, 303);
}
