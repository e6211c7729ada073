import { describe, expect, it } from 'vitest';
import en from '../src/i18n/messages/en.json';
import screensEn from '../src/i18n/messages/screens/en.json';
import { LANDING_PAGES, landingPageAt, pathAfterBase, POINTS_PER_SET, priceStyle, productPagePath } from '../src/features/catalogue/landing/pages.ts';
import { TERMS_PARTS } from '../src/features/catalogue/landing/terms.ts';

const messages: Record<string, string> = { ...en, ...screensEn };

describe('landing pages', () => {
  it('have unique keys and paths, each ending in a slash, none clashing with another screen', () => {
    expect(new Set(LANDING_PAGES.map((p) => p.key)).size).toBe(LANDING_PAGES.length);
    expect(new Set(LANDING_PAGES.map((p) => p.path)).size).toBe(LANDING_PAGES.length);
    for (const page of LANDING_PAGES) {
      expect(page.path).toMatch(/^[a-z0-9-]+(\/[a-z0-9-]+)*\/$/);
      expect(['', 'iq/', 'vet/', 'iq/bundle/', 'vet/bundle/', 'pricing/', 'accessories/', 'contact/', 'site-map/']).not.toContain(page.path);
    }
  });

  it('finds the page of a store path, with or without its trailing slash', () => {
    expect(landingPageAt('iq-3/')?.key).toBe('iq3');
    expect(landingPageAt('vet/pro/2-year')?.key).toBe('vetPro2');
    expect(landingPageAt(pathAfterBase('/de/de/pricing/cable/'))?.key).toBe('cable');
    expect(landingPageAt('vet/')).toBeUndefined();
    expect(landingPageAt('iq-4/')).toBeUndefined();
  });

  it('shows a yearly-billed price per month with its yearly amount, and anything else in full', () => {
    expect(priceStyle('ANNUAL')).toEqual({ perMonth: true, suffix: 'mo', billedYearly: true });
    for (const period of ['ONE_TIME', 'ONE_YEAR', 'THREE_YEARS'] as const) expect(priceStyle(period)).toEqual({ perMonth: false, suffix: null, billedYearly: false });
  });

  it('links a product to the page that sells all of it, not to a page that sells some of its variants', () => {
    expect(productPagePath('iq3')).toBe('iq-3/');
    expect(productPagePath('iq-plus')).toBe('iq-plus/');
    expect(productPagePath('probe-only')).toBeUndefined();
  });

  it('have every message they show in English: a title for the site map, their own heading and lead, their highlights, their call to action', () => {
    const missing: string[] = [];
    const need = (id: string) => (id in messages ? null : missing.push(id));
    for (const page of LANDING_PAGES) {
      need(`landing.${page.key}.title`);
      if (page.lead === 'message') need(`landing.${page.key}.lead`);
      for (let i = 1; i <= POINTS_PER_SET; i++) need(`landing.points.${page.points}.${i}`);
      if (page.cta.kind === 'link') need(page.cta.label);
      expect(page.products.length, page.key).toBeGreaterThan(0);
    }
    for (const part of TERMS_PARTS) {
      need(`terms.${part.id}.title`);
      for (const clause of part.clauses) {
        need(`terms.${part.id}.${clause}.heading`);
        need(`terms.${part.id}.${clause}.text`);
      }
    }
    expect(missing).toEqual([]);
  });
});
