import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  isArgumentElement, isDateElement, isNumberElement, isPluralElement, isSelectElement, isTagElement, isTimeElement, parse, type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { LANGUAGES, URL_LANGUAGES, type Language } from '@probe/domain';
import { describe, expect, it } from 'vitest';

/**
 * The one check of every message catalogue in the repository (docs/decisions/0032): the storefront's, the
 * console's, and the server's e-mails, documents, subscription notices and identity pages. They share one
 * format and layout, `<surface>/i18n/messages/[<part>/]<language>.json` (a flat JSON object: message id →
 * ICU message, English the source), so one test reads them all, from disk: apps never import each other,
 * and this project's Vite plugin would fill a missing key with English and hide it.
 *
 * For every surface: a file for each of its languages and no other; every English key in every language
 * and no key English lacks (a regional variant such as en-US holds only the messages it changes); no empty
 * message; every message valid ICU, with the same arguments as English (names, kinds, select cases and
 * tags; a plain argument may take plural forms); and no English copied into another language, but for the
 * words in SAME_AS_ENGLISH.
 */
const REPO = join(import.meta.dirname, '../../..');

interface Surface {
  name: string;
  /** The catalogues' folder, from the repository's root. */
  dir: string;
  languages: readonly string[];
}

const SURFACES: readonly Surface[] = [
  { name: 'storefront', dir: 'apps/storefront/src/i18n/messages', languages: LANGUAGES },
  { name: 'storefront screens', dir: 'apps/storefront/src/i18n/messages/screens', languages: LANGUAGES },
  { name: 'storefront forms', dir: 'apps/storefront/src/i18n/messages/forms', languages: LANGUAGES },
  // The console speaks English and German (docs/decisions/0024).
  { name: 'console', dir: 'apps/admin/src/i18n/messages', languages: ['en', 'de'] },
  { name: 'identity pages and account e-mails', dir: 'apps/server/src/identity/i18n/messages', languages: URL_LANGUAGES },
  { name: 'order e-mails', dir: 'apps/server/src/modules/orders/emails/i18n/messages', languages: URL_LANGUAGES },
  { name: 'invoice and quote PDFs', dir: 'apps/server/src/modules/documents/i18n/messages', languages: URL_LANGUAGES },
  { name: 'subscription notices', dir: 'apps/server/src/modules/subscriptions/notices/i18n/messages', languages: URL_LANGUAGES },
  { name: 'organization invitation e-mails', dir: 'apps/server/src/modules/accounts/invitations/i18n/messages', languages: URL_LANGUAGES },
  { name: 'data export e-mails', dir: 'apps/server/src/modules/privacy/i18n/messages', languages: URL_LANGUAGES },
  { name: 'staff invitations and the console sign-in', dir: 'apps/server/src/modules/staff/i18n/messages', languages: URL_LANGUAGES },
  { name: 'draft order pay-link e-mails', dir: 'apps/server/src/modules/draft-orders/i18n/messages', languages: URL_LANGUAGES },
];

const ALL: readonly Language[] = LANGUAGES;
/**
 * Words a language writes as English does, so a message that is only these (its arguments and punctuation
 * aside) may equal English's: names (the store, its plans, probe models, payment brands, standards) in every
 * language, and ordinary words in the languages listed.
 */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly Language[]>> = {
  // Names, written as their owners write them.
  'Probe Store': ALL, Pro: ALL, 'Pro Custom': ALL, Core: ALL, IQ: ALL,
  Bancontact: ALL, iDEAL: ALL, Klarna: ALL, PayPal: ALL, Przelewy: ALL, IBAN: ALL, UTC: ALL,
  // The same word in these languages.
  Version: ['da', 'de', 'fr', 'sv'],
  Team: ['da', 'de', 'it', 'nl', 'no', 'sv'],
  Name: ['de'],
  Plan: ['es', 'pl', 'tr'],
  Collaboration: ['fr'],
  Contact: ['fr', 'nl'],
  Send: ['da', 'no'],
  'Send link': ['da'],
  Hospital: ['da', 'es', 'pt'],
  Message: ['fr'],
  'Social media': ['it'],
  Status: ['de'],
  Details: ['de'],
  Code: ['de'],
  Banner: ['de'],
  Link: ['de'],
  Menu: ['da', 'fr', 'it', 'nl', 'pl', 'pt'],
  Password: ['it'],
  Subtotal: ['da', 'es', 'pt'],
  Total: ['es', 'fr', 'pt'],
  Date: ['fr'],
  Description: ['fr'],
  VAT: ['pl'],
  // The Arabic invoice's, quote's and credit note's PDF file names stay ASCII (`invoice-1001.pdf`).
  invoice: ['ar'],
  quote: ['ar'],
  'credit note': ['ar'],
};

/** The SAME_AS_ENGLISH words the catalogues use: an entry none needs is taken out. */
const allowancesUsed = new Set<string>();

type Catalogue = Record<string, unknown>;
/** en-US and the like: a regional variant of the source language, holding only the messages it changes. */
const isVariant = (language: string) => language.startsWith('en-');

/** A message's arguments, name → kinds (`argument`, `number`, `plural`, `select(card|other)`, …), and its tags (`<b>` → `tag`), in every branch. */
function argumentsOf(elements: MessageFormatElement[], into = new Map<string, Set<string>>()): Map<string, Set<string>> {
  const add = (name: string, kind: string) => into.set(name, (into.get(name) ?? new Set()).add(kind));
  for (const el of elements) {
    if (isArgumentElement(el)) add(el.value, 'argument');
    else if (isNumberElement(el)) add(el.value, 'number');
    else if (isDateElement(el)) add(el.value, 'date');
    else if (isTimeElement(el)) add(el.value, 'time');
    else if (isSelectElement(el)) add(el.value, `select(${Object.keys(el.options).sort().join('|')})`);
    else if (isPluralElement(el)) add(el.value, el.pluralType === 'ordinal' ? 'selectordinal' : 'plural');
    else if (isTagElement(el)) {
      add(`<${el.value}>`, 'tag');
      argumentsOf(el.children, into);
    }
    if (isSelectElement(el) || isPluralElement(el)) for (const option of Object.values(el.options)) argumentsOf(option.value, into);
  }
  return into;
}

const describeArguments = (args: Map<string, Set<string>>) => [...args].map(([name, kinds]) => `${name}:${[...kinds].sort().join('+')}`).sort().join(' ') || '(none)';
/** What a plain argument of English's may be in another language: a number there too, which may need plural forms English does not ("{count} presets"). */
const NUMERIC = new Set(['argument', 'number', 'plural', 'selectordinal']);

/** Whether a translation's arguments are English's: the same names and tags, each of the same kind (a plain one may become numeric). */
function sameArguments(english: Map<string, Set<string>>, translated: Map<string, Set<string>>): boolean {
  if (english.size !== translated.size) return false;
  return [...english].every(([name, kinds]) => {
    const theirs = translated.get(name);
    if (!theirs) return false;
    if ([...kinds].sort().join() === [...theirs].sort().join()) return true;
    return kinds.size === 1 && kinds.has('argument') && [...theirs].every((kind) => NUMERIC.has(kind));
  });
}

/** The words of a message: its arguments, digits and punctuation taken out. */
const wordsOf = (message: string) => message.replace(/\{[^{}]*\}/g, ' ').replace(/[^\p{L}]+/gu, ' ').trim();

/** What is wrong with one surface's catalogues (language → its file's messages), one line each; none when all is well. */
function problems(languages: readonly string[], catalogues: Readonly<Record<string, Catalogue>>): string[] {
  const found: string[] = [];
  const files = Object.keys(catalogues);
  for (const language of languages) if (!files.includes(language)) found.push(`${language}.json: missing`);
  for (const language of files) if (!languages.includes(language)) found.push(`${language}.json: not one of the surface's languages`);
  const english = catalogues.en;
  if (!english) return found;
  const englishArguments = new Map<string, Map<string, Set<string>>>();

  for (const language of ['en', ...files.filter((l) => l !== 'en' && languages.includes(l))]) {
    const messages = catalogues[language]!;
    const at = (key: string) => `${language}.json ${key}`;
    if (language !== 'en' && !isVariant(language)) {
      for (const key of Object.keys(english)) if (!(key in messages)) found.push(`${at(key)}: missing`);
    }
    for (const [key, message] of Object.entries(messages)) {
      if (!(key in english)) {
        found.push(`${at(key)}: not an English key`);
        continue;
      }
      if (typeof message !== 'string') {
        found.push(`${at(key)}: not a string`);
        continue;
      }
      if (!message.trim()) found.push(`${at(key)}: empty`);
      let args: Map<string, Set<string>>;
      try {
        args = argumentsOf(parse(message));
      } catch (error) {
        found.push(`${at(key)}: not ICU (${(error as Error).message})`);
        continue;
      }
      if (language === 'en') englishArguments.set(key, args);
      else if (englishArguments.has(key) && !sameArguments(englishArguments.get(key)!, args)) {
        found.push(`${at(key)}: arguments ${describeArguments(args)}, English has ${describeArguments(englishArguments.get(key)!)}`);
      }
      if (language !== 'en' && !isVariant(language) && message === english[key]) {
        const words = wordsOf(message);
        if (words && SAME_AS_ENGLISH[words]?.includes(language as Language)) allowancesUsed.add(words);
        else if (words) found.push(`${at(key)}: English copied (${JSON.stringify(message)})`);
      }
    }
  }
  return found;
}

/** A surface's catalogues as they are on disk. */
function onDisk(surface: Surface): Record<string, Catalogue> {
  const dir = join(REPO, surface.dir);
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  return Object.fromEntries(files.map((f) => [f.slice(0, -'.json'.length), JSON.parse(readFileSync(join(dir, f), 'utf8')) as Catalogue]));
}

/** Every folder of catalogues under apps/<app>/src: `…/i18n/messages` and its parts, each with an en.json. */
function catalogueFolders(dir = join(REPO, 'apps')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    const here = /[\\/]i18n[\\/]messages([\\/][^\\/]+)?$/.test(path) && existsSync(join(path, 'en.json')) ? [relative(REPO, path).split('\\').join('/')] : [];
    return [...here, ...catalogueFolders(path)];
  });
}

describe('message catalogues, every surface', () => {
  it('covers every catalogue folder in the apps (a new surface is added to SURFACES)', () => {
    expect(catalogueFolders().sort()).toEqual(SURFACES.map((s) => s.dir).sort());
  });

  it.each(SURFACES.map((s) => [s.name, s] as const))('%s: every key in every language, ICU with English\'s arguments, no English copied', (_, surface) => {
    expect(problems(surface.languages, onDisk(surface))).toEqual([]);
  });

  it('allows only the English words some catalogue uses (after the surfaces above)', () => {
    expect(Object.keys(SAME_AS_ENGLISH).filter((words) => !allowancesUsed.has(words))).toEqual([]);
  });

  it('finds a missing file or key, an extra one, broken ICU, other arguments, and English copied', () => {
    const en = { title: 'Your order {number}', count: '{count, plural, one {# item} other {# items}}', kind: '{kind, select, card {Card} other {Other}}', brand: '— Probe Store', total: 'Total', thanks: 'Thank you' };
    const de = { title: 'Ihre Bestellung {nummer}', count: '{count, plural, one {# Artikel}', kind: '{kind, select, card {Karte} bank {Bank} other {Andere}}', brand: '— Probe Store', total: 'Total', extra: 'x' };
    const fr = { ...en, title: 'Votre commande {number, date}', thanks: 'Merci', kind: '{kind, select, card {Carte} other {Autre}}', count: '{count, plural, one {# article} other {# articles}}', total: ' ' };
    expect(problems(['en', 'de', 'fr', 'en-US', 'it'], { en, de, fr, 'en-US': { thanks: 'Thanks {name}' }, es: {} }).sort()).toEqual([
      'de.json count: not ICU (MISSING_OTHER_CLAUSE)',
      'de.json extra: not an English key',
      'de.json kind: arguments kind:select(bank|card|other), English has kind:select(card|other)',
      'de.json thanks: missing',
      'de.json title: arguments nummer:argument, English has number:argument',
      'de.json total: English copied ("Total")',
      'en-US.json thanks: arguments name:argument, English has (none)',
      'es.json: not one of the surface\'s languages',
      'fr.json title: arguments number:date, English has number:argument',
      'fr.json total: empty',
      'it.json: missing',
    ].sort());
    // A plain argument may take plural forms in a language that needs them.
    expect(problems(['en', 'es'], { en, es: { ...en, title: 'Su pedido {number, plural, other {#}}', count: '{count, plural, one {# artículo} other {# artículos}}', kind: '{kind, select, card {Tarjeta} other {Otro}}', thanks: 'Gracias' } })).toEqual([]);
  });
});
