import { catalogueLanguage, type KnownCountry, type Language, type UrlLanguage } from '@probe/domain';

export type Messages = Record<string, string>;

/**
 * Two catalogues per language, each its own chunk: the core one (the shell and the browsing screens a
 * first visit sees), loaded with the first route in that language, and the screens one (landing pages,
 * step flows, cart, checkout, payment), loaded only by the routes that need it; the marketing forms have a
 * third. English is the fallback, key by key: each language's files already hold English's messages for the
 * keys they lack (vite.config.ts), so a page loads its own language's chunks only.
 */
const loaders = import.meta.glob<{ default: Messages }>('./messages/*.json');
const screenLoaders = import.meta.glob<{ default: Messages }>('./messages/screens/*.json');
const formLoaders = import.meta.glob<{ default: Messages }>('./messages/forms/*.json');

const loaded = new Map<Language, Messages>();
const withScreens = new Set<Language>();
const withForms = new Set<Language>();

export function catalogueChunkPath(language: Language): string {
  return `./messages/${language}.json`;
}

/** Loads a language's core catalogue, once per process or page. */
export async function loadMessages(language: Language): Promise<Messages> {
  const cached = loaded.get(language);
  if (cached) return cached;
  const load = loaders[catalogueChunkPath(language)];
  if (!load) throw new Error(`No message catalogue for ${language}`);
  const messages = (await load()).default;
  loaded.set(language, messages);
  return messages;
}

/** Adds a part's catalogue of a language (the screens', the forms') to its loaded messages, once. */
async function addPart(language: Language, part: Record<string, () => Promise<{ default: Messages }>>, folder: string, done: Set<Language>): Promise<Messages> {
  const core = await loadMessages(language);
  if (done.has(language)) return core;
  const own = (await part[`./messages/${folder}/${language}.json`]?.())?.default ?? {};
  // A new object, so the IntlProvider above the screen renders with the added keys.
  const merged = { ...core, ...own };
  loaded.set(language, merged);
  done.add(language);
  return merged;
}

/** Adds the screens catalogue of a language to its loaded messages. */
export function loadScreenMessages(language: Language): Promise<Messages> {
  return addPart(language, screenLoaders, 'screens', withScreens);
}

/** Adds the marketing forms' catalogue of a language to its loaded messages. */
export function loadFormMessages(language: Language): Promise<Messages> {
  return addPart(language, formLoaders, 'forms', withForms);
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
