import { describe, expect, it } from 'vitest';
import { messages } from '../src/modules/subscriptions/notices/i18n/catalogues.ts';
import { renderNotice, type Notice } from '../src/modules/subscriptions/notices/render.ts';

const STORE_LANGUAGES = ['ar', 'da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nl', 'no', 'pl', 'pt', 'sv', 'tr'];

describe('subscription notice translations', () => {
  // Every catalogue complete, ICU-valid, with English's arguments: apps/storefront/test/message-catalogues.test.ts.
  it('has every store language, each signing off as the store', () => {
    expect([...messages.languages].sort()).toEqual(STORE_LANGUAGES);
    for (const language of messages.languages) expect(messages.format(language, 'signoff'), language).toBe('— Probe Store');
  });
});

describe('renderNotice', () => {
  const failed: Notice = { subscriptionId: 'sub_1', kind: 'failed', amount: 123456, currency: 'eur', date: '2027-03-01T00:00:00Z' };
  const manageUrl = 'https://store.example.com/account/subscriptions/sub_1';

  it('formats the amount and date the German way', () => {
    const out = renderNotice(failed, { language: 'de', plan: 'Pro', manageUrl });
    expect(out.subject).toContain('Pro');
    expect(out.text).toContain('1.234,56');
    expect(out.text).toContain('2027');
    expect(out.html).toContain('1.234,56');
    expect(out.html).toContain('dir="ltr"');
    expect(out.text).not.toMatch(/\{\w+\}/);
  });

  it('writes Arabic right to left', () => {
    const out = renderNotice(failed, { language: 'ar', plan: 'Pro', manageUrl });
    expect(out.html).toContain('dir="rtl"');
    expect(out.html).toContain('lang="ar"');
    expect(out.text).not.toMatch(/\{\w+\}/);
  });

  it('links the manage URL in English', () => {
    const out = renderNotice(failed, { language: 'en', plan: 'Pro', manageUrl });
    expect(out.text).toContain(manageUrl);
    expect(out.html).toContain(`href="${manageUrl}"`);
    expect(out.subject).toBe('We could not renew your Pro subscription');
  });

  it('fills every placeholder for every kind in every language', () => {
    for (const language of STORE_LANGUAGES) {
      for (const kind of ['renewed', 'failed', 'pastDue', 'ended', 'reversed'] as const) {
        const out = renderNotice({ ...failed, kind, attempts: 3 }, { language: language as (typeof messages.languages)[number], plan: 'Pro', manageUrl });
        expect(`${out.subject}\n${out.text}`, `${language} ${kind}`).not.toMatch(/\{\w+\}/);
      }
    }
  });
});
