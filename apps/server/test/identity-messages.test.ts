import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickLanguage, translate, type Language } from '../src/identity/i18n.ts';
import type { TestApp } from './harness.ts';
import { Browser, openSignIn, startIdentityApp } from './identity-support.ts';

const STORE_LANGUAGES = ['ar', 'da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nl', 'no', 'pl', 'pt', 'sv', 'tr'];

describe('sign-in page translations', () => {
  // Every catalogue complete, ICU-valid, with English's arguments: apps/storefront/test/message-catalogues.test.ts.
  it('picks the language from ui_locales, English otherwise', () => {
    expect(pickLanguage('en-US')).toBe('en');
    expect(pickLanguage('pt-BR en')).toBe('pt');
    expect(pickLanguage('nb')).toBe('no');
    expect(pickLanguage('xx ar')).toBe('ar');
    expect(pickLanguage('ja')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
  });

  describe('pages', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startIdentityApp();
    });
    afterAll(() => t.close());

    it('renders the sign-in page in the requested language, right to left for Arabic', async () => {
      for (const lang of STORE_LANGUAGES) {
        const browser = new Browser(t);
        const { signInPath } = await openSignIn(browser, { ui_locales: lang });
        const page = await browser.get(signInPath);
        expect(page.body, lang).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
        expect(page.body, lang).toContain(translate(lang as Language, 'signInSubmit'));
      }
      const fallback = new Browser(t);
      const { signInPath } = await openSignIn(fallback, { ui_locales: 'ja-JP' });
      expect((await fallback.get(signInPath)).body).toContain('<html lang="en" dir="ltr">');
    });

    it('serves the one style sheet the pages link to', async () => {
      const browser = new Browser(t);
      const { signInPath } = await openSignIn(browser);
      const page = await browser.get(signInPath);
      const href = /<link rel="stylesheet" href="([^"]+)">/.exec(page.body)![1]!;
      const css = await browser.get(href);
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toContain('text/css');
      expect(css.body).toContain('button');
    });
  });
});
