import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import coreEn from '../src/i18n/messages/en.json';
import screensEn from '../src/i18n/messages/screens/en.json';
import formsEn from '../src/i18n/messages/forms/en.json';
import { loadFormMessages, loadMessages, loadScreenMessages } from '../src/i18n/catalogues.ts';

const dir = join(import.meta.dirname, '../src/i18n/messages');
const read = (file: string): Record<string, string> => JSON.parse(readFileSync(join(dir, file), 'utf8'));
/** A language's whole catalogue: its core part, its screens part and the forms' part (three chunks in the apps). */
const catalogue = (language: string): Record<string, string> => ({ ...read(`${language}.json`), ...read(`screens/${language}.json`), ...read(`forms/${language}.json`) });
const en = { ...coreEn, ...screensEn, ...formsEn };

describe('storefront message catalogues, as the app loads them', () => {
  // Every catalogue complete, ICU-valid, with English's arguments and no English copied: message-catalogues.test.ts.
  it('merges a language over English key by key', async () => {
    const us = await loadMessages('en-US');
    expect(us['error.heading']).toBe('An Error Occurred');
    const de = await loadMessages('de');
    expect(de['error.heading']).not.toBe('An Error Occurred');
    expect(Object.keys(de)).toHaveLength(Object.keys(coreEn).length);
  });

  it('keeps the screens\' messages out of the first load, and adds them when a screen needs them', async () => {
    const core = await loadMessages('fr');
    expect(core['checkout.title']).toBeUndefined();
    expect(core['cart.title']).toBeTruthy(); // the header's cart link is on every page
    const full = await loadScreenMessages('fr');
    expect(full['checkout.title']).toBe(catalogue('fr')['checkout.title']);
    expect(Object.keys(full)).toHaveLength(Object.keys({ ...coreEn, ...screensEn }).length);
  });

  it('keeps the forms\' messages to the forms application, added by its route', async () => {
    const core = await loadMessages('pl');
    expect(core['forms.submit']).toBeUndefined();
    const forms = await loadFormMessages('pl');
    expect(forms['forms.submit']).toBe('Wyślij');
    expect(forms['forms.choice.SPECIALTY.CARDIOLOGY']).toBe(catalogue('pl')['survey.specialty.CARDIOLOGY']);
  });

  it('keeps both parts when two requests add them at the same time (one server renders every request)', async () => {
    const [screens, forms] = await Promise.all([loadScreenMessages('nl'), loadFormMessages('nl'), loadMessages('nl')]);
    const whole = catalogue('nl');
    expect(screens['checkout.title']).toBe(whole['checkout.title']);
    expect(forms['forms.submit']).toBe(whole['forms.submit']);
    // What a later render reads holds both: the screens' part was not dropped by the forms' merge.
    const now = await loadMessages('nl');
    expect(now['checkout.title']).toBe(whole['checkout.title']);
    expect(now['forms.submit']).toBe(whole['forms.submit']);
    expect((await loadScreenMessages('nl'))['forms.submit']).toBe(whole['forms.submit']);
  });

  it('keeps the spec\'s exact English error-screen texts', () => {
    expect(en['error.heading']).toBe('An Error Occurred');
    expect(en['error.text']).toBe('There was a problem processing your request. Please contact support to complete your order.');
    expect(en['error.errorId']).toBe('Please share the following error ID with the support team: {errorId}');
  });
});
