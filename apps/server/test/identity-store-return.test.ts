import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeReturnPath } from '../src/identity/store-return.ts';
import type { TestApp } from './harness.ts';
import { Browser, lastLinkTo, openSignIn, PUBLIC_URL, startIdentityApp, submitSignIn } from './identity-support.ts';

const STORE = `${PUBLIC_URL}/`;
const HOSTILE = [
  '//evil.example/de/de/',
  '/\\evil.example/de/de/',
  '/%2F%2Fevil.example/',
  '%2F%2Fevil.example',
  '/%5Cevil.example',
  '/%252F%252Fevil.example/',
  '/de/de/..//evil.example/',
  '/.//evil.example/',
  'https://evil.example/de/de/',
  'javascript:alert(1)',
  '/de/de/\u0000',
  '/xx/de/',
  '/de/xx/',
  '/DE/de/',
  `/de/de/${'a'.repeat(600)}`,
];

/** The href of the page's "back to the store" link (the footer's) and of its header's mark. */
function storeLinks(html: string): string[] {
  return [...html.matchAll(/<(?:header class="brand"><a class="brand__home"|footer class="back"><a) href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

describe('the identity pages lead back to the store page the user came from', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startIdentityApp();
  });
  afterAll(() => t.close());

  it('takes only a path on the store under a real market prefix', () => {
    expect(storeReturnPath('/de/de/')).toBe('/de/de/');
    expect(storeReturnPath('/sa/ar/product/iq3/?plan=yearly')).toBe('/sa/ar/product/iq3/?plan=yearly');
    for (const hostile of HOSTILE) expect(storeReturnPath(hostile), hostile).toBeNull();
  });

  it('links the sign-in, sign-up and forgotten-password pages back to that page, on the configured origin, with the store’s mark and favicon', async () => {
    const browser = new Browser(t);
    const { signInPath } = await openSignIn(browser, { ui_locales: 'de', return_path: '/de/de/product/iq3/?plan=yearly' });
    for (const path of [signInPath, `${signInPath}/signup`, `${signInPath}/forgot`]) {
      const page = await browser.get(path);
      expect(page.body).toContain('lang="de"');
      expect(storeLinks(page.body)).toEqual([`${PUBLIC_URL}/de/de/product/iq3/?plan=yearly`, `${PUBLIC_URL}/de/de/product/iq3/?plan=yearly`]);
      expect(page.body).toContain('Zurück zum Shop');
      expect(page.body).toContain('<svg class="logo"');
      expect(page.body).toMatch(/<link rel="icon" type="image\/svg\+xml" href="\/oidc\/assets\/favicon\.svg\?v=\w+">/);
    }
    const icon = await browser.get('/oidc/assets/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
  });

  it('falls back to the store’s front page for a hostile return path, never to another host', async () => {
    for (const hostile of HOSTILE) {
      const browser = new Browser(t);
      const { signInPath } = await openSignIn(browser, { return_path: hostile });
      const page = await browser.get(signInPath);
      expect(page.statusCode, hostile).toBe(200);
      expect(storeLinks(page.body), hostile).toEqual([STORE, STORE]);
      expect(page.body, hostile).not.toContain('evil.example');
    }
  });

  it('confirms an address from a link opened twice (a mail scanner first), and both times offers to sign in at the store the sign-up came from', async () => {
    const browser = new Browser(t);
    const { signInPath } = await openSignIn(browser, { ui_locales: 'de', return_path: '/de/de/pricing/' });
    await browser.post(`${signInPath}/signup`, { name: 'Sam Scanner', email: 'sam@example.com', password: 'amber kettle route lamp' });
    const link = await lastLinkTo(t, 'sam@example.com');
    expect(link).toMatch(/^\/oidc\/account\/verify\?token=[\w-]+&lang=de&store=%2Fde%2Fde%2F$/);

    const scanner = await new Browser(t, '198.51.100.7').get(link);
    expect(scanner.statusCode).toBe(200);
    expect(scanner.body).toContain('E-Mail-Adresse bestätigt');
    const person = await browser.get(link);
    expect(person.statusCode).toBe(200);
    expect(person.body).toContain('E-Mail-Adresse bereits bestätigt');
    for (const page of [scanner, person]) {
      expect(page.body).toContain(`<a class="button" href="${PUBLIC_URL}/de/de/account/">Anmelden</a>`);
      expect(storeLinks(page.body)).toEqual([`${PUBLIC_URL}/de/de/`, `${PUBLIC_URL}/de/de/`]);
    }
    expect((await submitSignIn(browser, signInPath, 'sam@example.com', 'amber kettle route lamp')).callback).not.toBeNull();

    // A link for nobody is still an error, and a hostile store in a link leads to the front page.
    const unknown = await browser.get('/oidc/account/verify?token=nope&lang=de&store=%2F%2Fevil.example%2F');
    expect(unknown.statusCode).toBe(400);
    expect(storeLinks(unknown.body)).toEqual([STORE, STORE]);
    expect(unknown.body).not.toContain('evil.example');
  });

  it('carries the market into the reset link: its form, a refusal and the done page lead back to it', async () => {
    const browser = new Browser(t);
    const { signInPath } = await openSignIn(browser, { ui_locales: 'fr', return_path: '/fr/fr/accessories/' });
    await browser.post(`${signInPath}/forgot`, { email: 'sam@example.com' });
    const link = await lastLinkTo(t, 'sam@example.com');
    expect(link).toMatch(/^\/oidc\/account\/reset\?token=[\w-]+&lang=de&store=%2Ffr%2Ffr%2F$/);
    const form = await browser.get(link);
    expect(storeLinks(form.body)).toEqual([`${PUBLIC_URL}/fr/fr/`, `${PUBLIC_URL}/fr/fr/`]);
    const token = new URL(link, PUBLIC_URL).searchParams.get('token')!;
    const refused = await browser.post('/oidc/account/reset', { token, lang: 'de', store: '/fr/fr/', password: 'short' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('name="store" value="/fr/fr/"');
    const hostile = await browser.post('/oidc/account/reset', { token, lang: 'de', store: '//evil.example/', password: 'short' });
    expect(hostile.body).not.toContain('evil.example');
    const done = await browser.post('/oidc/account/reset', { token, lang: 'de', store: '/fr/fr/', password: 'granite lantern harbour mile' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(`<a class="button" href="${PUBLIC_URL}/fr/fr/account/">Anmelden</a>`);
  });

  it('says an older link of a confirmed address is confirmed, and an older link of an unconfirmed one is not valid', async () => {
    const browser = new Browser(t);
    const { signInPath } = await openSignIn(browser);
    await browser.post(`${signInPath}/signup`, { name: 'Olga Older', email: 'olga@example.com', password: 'quiet lantern harbour stone' });
    const first = await lastLinkTo(t, 'olga@example.com');
    await browser.post(`${signInPath}/resend`, { email: 'olga@example.com' });
    const second = await lastLinkTo(t, 'olga@example.com');
    expect((await browser.get(first)).statusCode).toBe(400);
    expect((await browser.get(second)).statusCode).toBe(200);
    const again = await browser.get(first);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('E-mail address already confirmed');
  });
});
