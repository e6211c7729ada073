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
/**
 * The loads under way or done, by part and language. On the server one process renders every request: two
 * requests in one language may add its screens' and its forms' parts at the same time, and each part must be
 * merged into what is loaded when its chunk arrives, not into what was loaded when it was asked for (a merge
 * from an older copy dropped the other part for the life of the process: German screens rendered their
 * message ids on the server).
 */
const loads = new Map<string, Promise<void>>();

function once(key: string, load: () => Promise<void>): Promise<void> {
  let pending = loads.get(key);
  if (!pending) {
    // A chunk that failed to arrive (the browser offline) is asked for again next time.
    pending = load().catch((error: unknown) => {
      loads.delete(key);
      throw error;
    });
    loads.set(key, pending);
  }
  return pending;
}

export function catalogueChunkPath(language: Language): string {
  return `./messages/${language}.json`;
}

/** Loads a language's core catalogue, once per process or page; answers with every part loaded so far. */
export async function loadMessages(language: Language): Promise<Messages> {
  await once(`core:${language}`, async () => {
    const load = loaders[catalogueChunkPath(language)];
    if (!load) throw new Error(`No message catalogue for ${language}`);
    const messages = (await load()).default;
    loaded.set(language, messages);
  });
  return loaded.get(language)!;
}

/** Adds a part's catalogue of a language (the screens', the forms') to its loaded messages, once. */
async function addPart(language: Language, part: Record<string, () => Promise<{ default: Messages }>>, folder: string): Promise<Messages> {
  await once(`${folder}:${language}`, async () => {
    await loadMessages(language);
    const own = (await part[`./messages/${folder}/${language}.json`]?.())?.default ?? {};
    // A new object, so the IntlProvider above the screen renders with the added keys.
    loaded.set(language, { ...loaded.get(language)!, ...own });
  });
  return loaded.get(language)!;
}

/** Adds the screens catalogue of a language to its loaded messages. */
export function loadScreenMessages(language: Language): Promise<Messages> {
  return addPart(language, screenLoaders, 'screens');
}

/** Adds the marketing forms' catalogue of a language to its loaded messages. */
export function loadFormMessages(language: Language): Promise<Messages> {
  return addPart(language, formLoaders, 'forms');
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
