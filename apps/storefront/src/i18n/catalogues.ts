import { catalogueLanguage, type KnownCountry, type Language, type UrlLanguage } from '@probe/domain';
import en from './messages/en.json';

export type Messages = Record<string, string>;

/**
 * Two catalogues per language, each its own chunk: the core one (the shell and the browsing screens a
 * first visit sees), loaded with the first route in that language, and the screens one (landing pages,
 * step flows, cart, checkout, payment), loaded only by the routes that need it. English is the fallback,
 * key by key.
 */
const loaders = import.meta.glob<{ default: Messages }>(['./messages/*.json', '!./messages/en.json']);
const screenLoaders = import.meta.glob<{ default: Messages }>('./messages/screens/*.json');
const formLoaders = import.meta.glob<{ default: Messages }>('./messages/forms/*.json');

const loaded = new Map<Language, Messages>([['en', en]]);
const withScreens = new Set<Language>();
const withForms = new Set<Language>();

export function catalogueChunkPath(language: Language): string {
  return `./messages/${language}.json`;
}

/** Loads a language's core catalogue merged over English key by key, once per process or page. */
export async function loadMessages(language: Language): Promise<Messages> {
  const cached = loaded.get(language);
  if (cached) return cached;
  const load = loaders[catalogueChunkPath(language)];
  if (!load) throw new Error(`No message catalogue for ${language}`);
  const merged = { ...en, ...(await load()).default };
  loaded.set(language, merged);
  return merged;
}

/** Adds the screens catalogue of a language (and English's, as its fallback) to its loaded messages. */
export async function loadScreenMessages(language: Language): Promise<Messages> {
  const core = await loadMessages(language);
  if (withScreens.has(language)) return core;
  const load = (l: Language) => screenLoaders[`./messages/screens/${l}.json`]?.().then((m) => m.default) ?? Promise.resolve({});
  const [english, own] = await Promise.all([load('en'), language === 'en' ? Promise.resolve({}) : load(language)]);
  // A new object, so the IntlProvider above the screen renders with the added keys.
  const merged = { ...core, ...english, ...own };
  loaded.set(language, merged);
  withScreens.add(language);
  return merged;
}

/** Adds the marketing forms' catalogue of a language (and English's, as its fallback) to its loaded messages. */
export async function loadFormMessages(language: Language): Promise<Messages> {
  const core = await loadMessages(language);
  if (withForms.has(language)) return core;
  const load = (l: Language) => formLoaders[`./messages/forms/${l}.json`]?.().then((m) => m.default) ?? Promise.resolve({});
  const [english, own] = await Promise.all([load('en'), language === 'en' ? Promise.resolve({}) : load(language)]);
  const merged = { ...core, ...english, ...own };
  loaded.set(language, merged);
  withForms.add(language);
  return merged;
}

/** The catalogue language of a store route's parameters (as the base route computes it). */
export function routeLanguage(params: { countryCode?: string; language?: string }): Language {
  return catalogueLanguage((params.countryCode ?? '').toUpperCase() as KnownCountry, params.language as UrlLanguage);
}

/** The catalogue a loader has already loaded; rendering never waits for one. */
export function loadedMessages(language: Language): Messages {
  const messages = loaded.get(language);
  if (!messages) throw new Error(`Message catalogue for ${language} used before it was loaded`);
  return messages;
}
