import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './harness.ts';
import { Browser, exchangeCode, lastLinkTo, mails, openSignIn, REDIRECT_URI, startIdentityApp, submitSignIn } from './identity-support.ts';

describe('built-in identity provider: sign-up, e-mail confirmation, password reset', () => {
  let t: TestApp;
  let clock = new Date('2026-03-01T10:00:00Z');
  beforeAll(async () => {
    t = await startIdentityApp({ now: () => clock });
  });
  afterAll(() => t.close());

  it('signs up, queues the confirmation mail in the user’s language, and lets in only after the link is followed', async () => {
    const browser = new Browser(t);
    const { signInPath, verifier } = await openSignIn(browser, { ui_locales: 'de-DE en' });
    const signUpPage = await browser.get(`${signInPath}/signup`);
    expect(signUpPage.body).toContain('lang="de"');
    expect(signUpPage.body).toContain('Konto erstellen');

    // Bad input: per-field errors tied to the fields, what was typed kept (not the password), nothing written.
    const bad = await browser.post(`${signInPath}/signup`, { name: 'Dana Doctor', email: 'not-an-email', password: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('aria-describedby="f-email-error"');
    expect(bad.body).toMatch(/id="f-password"[^>]*aria-describedby="f-password-hint f-password-error"/);
    expect(bad.body).toContain('value="Dana Doctor"');
    expect(bad.body).toContain('value="not-an-email"');
    expect(bad.body).not.toContain('value="short"');
    expect(await mails(t)).toHaveLength(0);

    // Long enough but guessed at once, or built on the e-mail or name: refused, saying why, in German.
    const common = await browser.post(`${signInPath}/signup`, { name: 'Dana Doctor', email: 'dana@example.com', password: 'Passwort2024!' });
    expect(common.statusCode).toBe(400);
    expect(common.body).toContain('Dieses Passwort ist zu leicht zu erraten');
    const personal = await browser.post(`${signInPath}/signup`, { name: 'Dana Doctor', email: 'dana@example.com', password: 'Doctor.Dana.1987' });
    expect(personal.statusCode).toBe(400);
    expect(personal.body).toContain('Verwenden Sie weder Ihre E-Mail-Adresse noch Ihren Namen im Passwort.');
    expect(await mails(t)).toHaveLength(0);

    const ok = await browser.post(`${signInPath}/signup`, { name: 'Dana Doctor', email: 'Dana@Example.com', password: 'correct horse battery' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('dana@example.com');
    const [mail] = await mails(t);
    expect(mail).toMatchObject({ to: 'dana@example.com', locale: 'de', subject: 'Bestätigen Sie Ihre E-Mail-Adresse' });
    expect(mail!.html).toContain('lang="de"');
    expect(mail!.text).toContain('Hallo Dana Doctor');

    // The same address again, in any case, is taken.
    const again = await browser.post(`${signInPath}/signup`, { name: 'Other', email: 'DANA@example.com', password: 'another quiet harbour lamp' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('f-email-error');

    // Not confirmed yet: the right password is not enough, and the page offers to send the link again.
    const early = await submitSignIn(browser, signInPath, 'dana@example.com', 'correct horse battery');
    expect(early.res.statusCode).toBe(403);
    expect(early.callback).toBeNull();
    expect(early.res.body).toContain(`action="${signInPath}/resend"`);
    const resent = await browser.post(`${signInPath}/resend`, { email: 'dana@example.com' });
    expect(resent.statusCode).toBe(200);
    expect(await mails(t)).toHaveLength(2);

    // Only the newest link works; it works once.
    const link = await lastLinkTo(t, 'dana@example.com');
    expect(link).toMatch(/^\/oidc\/account\/verify\?token=[\w-]+&lang=de$/);
    const confirmed = await browser.get(link);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('E-Mail-Adresse bestätigt');
    // Opened again (a mail scanner fetches links first): not an error, the address is confirmed already.
    const twice = await browser.get(link);
    expect(twice.statusCode).toBe(200);
    expect(twice.body).toContain('E-Mail-Adresse bereits bestätigt');

    const signedIn = await submitSignIn(browser, signInPath, 'dana@example.com', 'correct horse battery');
    expect(signedIn.callback!.origin + signedIn.callback!.pathname).toBe(REDIRECT_URI);
    expect((await exchangeCode(t, signedIn.callback!.searchParams.get('code')!, verifier)).status).toBe(200);
  });

  it('resets a password with a one-use link, answering the same whether the account exists or not', async () => {
    const browser = new Browser(t);
    const { signInPath } = await openSignIn(browser);
    await browser.post(`${signInPath}/signup`, { name: 'Rex Reset', email: 'rex@example.com', password: 'first amber kettle route' });
    await browser.get(await lastLinkTo(t, 'rex@example.com'));
    const before = (await mails(t)).length;

    const known = await browser.post(`${signInPath}/forgot`, { email: 'rex@example.com' });
    const unknown = await browser.post(`${signInPath}/forgot`, { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body.replace('rex@example.com', 'X')).toBe(unknown.body.replace('nobody@example.com', 'X'));
    const sent = (await mails(t)).slice(before);
    expect(sent.map((m) => m.to)).toEqual(['rex@example.com']);
    expect(sent[0]!.subject).toBe('Reset your Probe Store password');

    const link = await lastLinkTo(t, 'rex@example.com');
    const form = await browser.get(link);
    expect(form.statusCode).toBe(200);
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    const tooShort = await browser.post('/oidc/account/reset', { token, lang: 'en', password: 'short' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.body).toContain('f-password-error');
    // The reset refuses what sign-up refuses: the account's name is part of the check.
    const common = await browser.post('/oidc/account/reset', { token, lang: 'en', password: '1234567890' });
    expect(common.statusCode).toBe(400);
    expect(common.body).toContain('This password is too easy to guess');
    const personal = await browser.post('/oidc/account/reset', { token, lang: 'en', password: 'rex.reset.2024!' });
    expect(personal.statusCode).toBe(400);
    expect(personal.body).toContain('Do not use your e-mail address or your name in your password.');
    const done = await browser.post('/oidc/account/reset', { token, lang: 'en', password: 'second amber kettle route' });
    expect(done.statusCode).toBe(200);
    expect((await browser.post('/oidc/account/reset', { token, lang: 'en', password: 'third amber kettle route' })).statusCode).toBe(400);
    expect((await browser.get(link)).statusCode).toBe(400);

    const fresh = new Browser(t);
    const { signInPath: path } = await openSignIn(fresh);
    expect((await submitSignIn(fresh, path, 'rex@example.com', 'first amber kettle route')).res.statusCode).toBe(401);
    expect((await submitSignIn(fresh, path, 'rex@example.com', 'second amber kettle route')).callback).not.toBeNull();
  });

  it('refuses a reset link after an hour', async () => {
    const browser = new Browser(t);
    const { signInPath } = await openSignIn(browser);
    await browser.post(`${signInPath}/forgot`, { email: 'rex@example.com' });
    const link = await lastLinkTo(t, 'rex@example.com');
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    clock = new Date(clock.getTime() + 61 * 60 * 1000);
    expect((await browser.get(link)).statusCode).toBe(400);
    const late = await browser.post('/oidc/account/reset', { token, lang: 'en', password: 'late amber kettle route' });
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain('no longer valid');
  });
});
