import type { Language } from '@probe/domain';
import en from './messages/en.json';

export type MessageId = keyof typeof en;
export type Messages = Record<string, string>;

/** Each language's catalogue is its own chunk, loaded when a route in that language is first shown. */
const loaders = import.meta.glob<{ default: Messages }>(['./messages/*.json', '!./messages/en.json']);

const loaded = new Map<Language, Messages>([['en', en]]);

export function catalogueChunkPath(language: Language): string {
  return `./messages/${language}.json`;
}

/** Loads a language's catalogue merged over English key by key, once per process or page. */
export async function loadMessages(language: Language): Promise<Messages> {
  const cached = loaded.get(language);
  if (cached) return cached;
  const load = loaders[catalogueChunkPath(language)];
  if (!load) throw new Error(`No message catalogue for ${language}`);
  const merged = { ...en, ...(await load()).default };
  loaded.set(language, merged);
  return merged;
}

/** The catalogue a loader has already loaded; rendering never waits for one. */
export function loadedMessages(language: Language): Messages {
  const messages = loaded.get(language);
  if (!messages) throw new Error(`Message catalogue for ${language} used before it was loaded`);
  return messages;
}
