import { LANDING_PAGE_PATHS, PUBLIC_STORE_PATHS } from '@probe/domain';
import { describe, expect, it } from 'vitest';
import { LANDING_PAGES } from '../src/features/catalogue/landing/pages.ts';

/** sitemap.xml lists the landing pages from the domain's list: it must be the storefront's. */
describe('public pages', () => {
  it('the domain lists exactly the storefront\'s landing pages, and every one is public', () => {
    expect([...LANDING_PAGE_PATHS].sort()).toEqual(LANDING_PAGES.map((page) => page.path).sort());
    for (const path of LANDING_PAGE_PATHS) expect(PUBLIC_STORE_PATHS).toContain(path);
  });
});
