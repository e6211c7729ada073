import { IntlMessageFormat } from 'intl-messageformat';

/** A catalogue as its JSON file holds it: message id → ICU message (the storefront's and console's format). */
export type Catalogue = Readonly<Record<string, string>>;

/**
 * A message's arguments. A number is put in as the caller wrote it (`10`, not the language's digits) and a
 * string as it is, so the words stay the ones the TypeScript tables gave; a message that wants the
 * language's digits, plurals or dates says so in ICU (`{count, plural, …}`, `{n, number}`).
 */
export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * One surface's messages (the identity pages, the order e-mails, …) in every language it speaks, from its
 * JSON catalogues (`<surface>/i18n/messages/<lang>.json`, docs/decisions/0032), formatted with
 * intl-messageformat, react-intl's own formatter. English is the source and the fallback: another
 * language is laid over it key by key, so a key it lacked would read in English, never as its id (the
 * catalogue check in `npm run test:unit` fails on it first). A message is compiled once, when first used.
 */
export function surfaceMessages<L extends string, K extends string>(
  catalogues: Readonly<Record<L, Catalogue>> & { readonly en: Readonly<Record<K, string>> },
) {
  const english: Readonly<Record<K, string>> = catalogues.en;
  const compiled = new Map<string, IntlMessageFormat>();

  function compile(requested: L, key: K): IntlMessageFormat {
    // A language the surface does not speak (a value read from a row, say) reads English.
    const language = Object.hasOwn(catalogues, requested) ? requested : 'en';
    const id = `${language}\u0000${key}`;
    let format = compiled.get(id);
    if (!format) {
      const own = (catalogues[language as L] as Catalogue)[key];
      format = new IntlMessageFormat(own ?? english[key], language);
      compiled.set(id, format);
    }
    return format;
  }

  /** A message in the language, its arguments filled. Throws when the message names an argument not given. */
  function format(language: L, key: K, values: MessageValues = {}): string {
    const strings: Record<string, string> = {};
    for (const [name, value] of Object.entries(values)) strings[name] = String(value);
    const out = compile(language, key).format<string>(strings);
    return Array.isArray(out) ? out.join('') : String(out);
  }

  return { languages: Object.keys(catalogues) as L[], format };
}
