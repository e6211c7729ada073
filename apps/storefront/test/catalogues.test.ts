import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@probe/domain';
import { IntlMessageFormat } from 'intl-messageformat';
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

/** The argument names an ICU message uses ({country}, {count, plural, …}). */
function argumentsOf(message: string): string[] {
  return [...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]!).filter((n, i, all) => all.indexOf(n) === i).sort();
}

/** Brand and plan names (spec: catalogue names that are English may stay), and words that are the same in some languages ("Version"). */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'app.brand', 'app.footerVersion', 'account.name', 'account.plan', 'plans.pro.name', 'plans.custom.name', 'plans.team.name', 'compare.core', 'compare.pro', 'compare.custom', 'compare.team',
  // The Pro Custom add-on named as in the plan copy; French spells it as English does.
  'proCustom.addon.COLLABORATION',
  // Payment brands, named as their owners name them everywhere.
  'payment.methods.IDEAL', 'payment.methods.KLARNA', 'payment.methods.BANCONTACT', 'payment.methods.PRZELEWY24', 'payment.methods.PAYPAL_ONE_TIME',
  // Probe model names.
  'cart.tradeIn.model.IQ_PLUS',
  // The IBAN is called so in most store languages.
  'savedMethods.field.iban',
  // "Contact" is French and Dutch too.
  'express.sheet.contact',
  // Words several store languages share with English ("Send" in Danish and Norwegian, "Hospital", "Message", "Social media").
  'forms.submit', 'forms.choice.PRACTICE_PLACE.HOSPITAL', 'forms.field.COMMENT', 'forms.choice.HEARD_ABOUT_US.SOCIAL_MEDIA', 'forms.field.ORGANIZATION_NAME',
]);

describe('message catalogues', () => {
  it('exist for exactly the 15 store languages', () => {
    for (const folder of [dir, join(dir, 'screens'), join(dir, 'forms')]) {
      const files = readdirSync(folder).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort();
      expect(files).toEqual([...LANGUAGES].sort());
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'en' && l !== 'en-US'))('%s is complete: every English key, nothing else, no English left', (language) => {
    const messages = catalogue(language);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
    const untranslated = Object.entries(messages).filter(
      ([key, value]) => value === en[key as keyof typeof en] && !SAME_IN_EVERY_LANGUAGE.has(key) && /\p{L}/u.test(value.replace(/\{[^}]*\}/g, '')),
    );
    expect(untranslated).toEqual([]);
  });

  it.each([...LANGUAGES])('%s parses as ICU and uses the same arguments as English', (language) => {
    for (const [key, message] of Object.entries(catalogue(language))) {
      expect(() => new IntlMessageFormat(message, language), `${language} ${key}`).not.toThrow();
      expect(argumentsOf(message), `${language} ${key}`).toEqual(argumentsOf(en[key as keyof typeof en]));
    }
  });

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

  it('keeps the spec\'s exact English error-screen texts', () => {
    expect(en['error.heading']).toBe('An Error Occurred');
    expect(en['error.text']).toBe('There was a problem processing your request. Please contact support to complete your order.');
    expect(en['error.errorId']).toBe('Please share the following error ID with the support team: {errorId}');
  });
});
