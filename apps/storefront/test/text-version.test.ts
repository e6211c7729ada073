import { describe, expect, it } from 'vitest';
import { textVersion } from '../src/lib/text-version.ts';

describe('the version of a consent\'s wording', () => {
  it('names the catalogue key and changes with the text, not with its Unicode form', () => {
    const v = textVersion('consent.text', 'Mit Ihrer Erlaubnis zählen wir Seitenaufrufe.');
    expect(v).toMatch(/^consent\.text#[0-9a-f]{8}$/);
    expect(textVersion('consent.text', 'Mit Ihrer Erlaubnis zählen wir Seitenaufrufe.')).toBe(v);
    expect(textVersion('consent.text', 'Mit Ihrer Erlaubnis za\u0308hlen wir Seitenaufrufe.')).toBe(v);
    expect(textVersion('consent.text', 'Mit Ihrer Erlaubnis zählen wir Seitenaufrufe!')).not.toBe(v);
    // FNV-1a of the empty text is its offset basis.
    expect(textVersion('k', '')).toBe('k#811c9dc5');
  });
});
