/**
 * The version of a consent's wording as the person saw it (issue 38, consent on record): the catalogue key
 * and a hash (FNV-1a, 32 bits) of the exact text in their language, e.g. `consent.text#1a2b3c4d`. The
 * catalogues' history (git) holds every wording, so the version names the one shown; a change of the
 * text in any language gives that language a new version.
 */
export function textVersion(key: string, text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text.normalize('NFC'))) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${key}#${hash.toString(16).padStart(8, '0')}`;
}
