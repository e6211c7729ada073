import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The operator console's catalogues (apps/admin/src/i18n/messages). The console has no test project of its
 * own; `npm run test:unit` runs this one. Apps never import each other, so the console's files are read, not
 * imported: its sources as text, its catalogues as the JSON on disk (not through this project's Vite plugin,
 * which would fill a missing German key with English and hide it).
 */
const ADMIN_SRC = join(import.meta.dirname, '../../admin/src');
const catalogue = (language: string): Record<string, string> => JSON.parse(readFileSync(join(ADMIN_SRC, 'i18n/messages', `${language}.json`), 'utf8'));
const en = catalogue('en');

/** The console's sources, by path under apps/admin/src. */
function sources(dir = ADMIN_SRC): Array<{ file: string; text: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [{ file: relative(ADMIN_SRC, path), text: readFileSync(path, 'utf8') }] : [];
  });
}

/**
 * The message ids a source asks for: t('…'), formatMessage({ id: '…' }), <FormattedMessage id="…">, and both
 * ids of a choice written in place (t(cond ? 'a' : 'b'), id={cond ? 'a' : 'b'}). Ids kept in typed tables
 * (MessageId) are checked by the type checker.
 */
function usedIds(text: string): string[] {
  const patterns = [
    /\bt\(\s*'([^']+)'/g,
    /formatMessage\(\s*\{\s*id:\s*'([^']+)'/g,
    /<FormattedMessage\s+id="([^"]+)"/g,
    /(?:\bt\(|\bid=\{)[^'(){}]*\?\s*'([^']+)'\s*:\s*'([^']+)'/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].flatMap((m) => m.slice(1).filter((id): id is string => Boolean(id))));
}

describe('console message catalogues', () => {
  // German complete, ICU-valid, with English's arguments and no English copied: message-catalogues.test.ts.
  const files = sources();
  const used = files.flatMap(({ file, text }) => usedIds(text).map((id) => ({ file, id })));

  it('finds the ids the console uses (the scan works)', () => {
    expect(files.some((f) => f.file === 'layout.tsx')).toBe(true);
    expect(new Set(used.map((u) => u.id)).size).toBeGreaterThan(300);
  });

  it('English has every id the console uses', () => {
    expect(used.filter(({ id }) => !(id in en)).map(({ file, id }) => `${file}: ${id}`)).toEqual([]);
  });

  it('every English key is used somewhere in the console (no dead messages)', () => {
    const all = files.map((f) => f.text).join('\n');
    expect(Object.keys(en).filter((key) => !all.includes(`'${key}'`) && !all.includes(`"${key}"`))).toEqual([]);
  });
});
