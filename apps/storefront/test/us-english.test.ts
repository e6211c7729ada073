import { describe, expect, it } from 'vitest';
import { loadFormMessages, loadMessages, loadScreenMessages } from '../src/i18n/catalogues.ts';

/** British spellings the English catalogue uses that a US page must not show (en-US overrides them); "cancellation" is American too. */
const BRITISH = /\b(programmes?|centres?|cancell(ed|ing)|organis\w*|colours?|licences?|catalogues?)\b/i;

describe('US English on US pages', () => {
  it('spells every message of the en-US catalogue the American way', async () => {
    const us = { ...(await loadMessages('en-US')), ...(await loadScreenMessages('en-US')), ...(await loadFormMessages('en-US')) };
    const british = Object.entries(us).filter(([, text]) => BRITISH.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(british).toEqual([]);
    expect(us['landing.tradeIn.title']).toBe('Trade-in program');
    expect(us['contact.supportLink']).toBe('Visit the help center');
  });

  it('keeps the British spelling for the other English-speaking markets', async () => {
    const en = await loadScreenMessages('en');
    expect(en['landing.tradeIn.title']).toBe('Trade-in programme');
  });
});
