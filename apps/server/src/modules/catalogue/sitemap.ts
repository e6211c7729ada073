import { DEFAULT_BASE_PATH, isStoreCountry, LOCALE_ENTRIES, PUBLIC_STORE_PATHS, productStorePath, REQUIRED_DEVICE_SKUS, type LocaleEntry } from '@probe/domain';
import type { CatalogueReads } from './service.ts';
import type { CatalogueSnapshot } from './snapshot.ts';

/** Search engines read at most 50,000 URLs (and 50 MB) per sitemap; with ~50 hreflang alternates a URL is ~6 KB, so 1,000 a file. */
export const URLS_PER_SITEMAP = 1000;

/** One page of the store in every locale that serves it. */
interface SitemapPage {
  path: string;
  /** The locales whose market has this page. */
  locales: LocaleEntry[];
}

/** What one catalogue version gives the sitemap: the locales served and each one's pages. */
export interface SitemapPlan {
  locales: LocaleEntry[];
  pagesOf: (locale: LocaleEntry) => SitemapPage[];
}

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const localeUrl = (origin: string, entry: LocaleEntry, path: string) => `${origin}/${entry.code}/${entry.languageInUrl}/${path}`;
/** A locale's sitemap files are named by its base path: /sitemaps/us-en-1.xml. */
export const sitemapFileName = (entry: LocaleEntry, part: number) => `${entry.code}-${entry.languageInUrl}-${part}.xml`;

const isSold = (snapshot: CatalogueSnapshot, slug: string) => snapshot.productBySlug.get(slug)?.variants.some((v) => v.price) ?? false;

/**
 * The store's locales and pages at the catalogue version `catalogue` reads: a store country whose devices
 * are priced (a store path for any other redirects), in each of its languages; in each, the public pages
 * and one page per product with a variant sold there. Reads one snapshot per store country (in English:
 * what a market sells does not depend on the language), which the catalogue keeps per version.
 */
export async function planSitemap(catalogue: Pick<CatalogueReads, 'snapshot'>): Promise<SitemapPlan> {
  const countries = [...new Set(LOCALE_ENTRIES.filter((e) => isStoreCountry(e.code.toUpperCase())).map((e) => e.code.toUpperCase()))];
  const snapshots = new Map<string, CatalogueSnapshot>();
  await Promise.all(countries.map(async (country) => {
    const snapshot = await catalogue.snapshot(country, 'en');
    if (snapshot && Object.values(REQUIRED_DEVICE_SKUS).every((sku) => snapshot.variantBySku.get(sku)?.price)) snapshots.set(country, snapshot);
  }));
  const locales = LOCALE_ENTRIES.filter((e) => snapshots.has(e.code.toUpperCase()));
  const slugs = [...new Set([...snapshots.values()].flatMap((s) => s.products.map((p) => p.slug)))];
  const productPages = slugs.map((slug) => ({ path: productStorePath(slug), locales: locales.filter((e) => isSold(snapshots.get(e.code.toUpperCase())!, slug)) }));
  const publicPages = PUBLIC_STORE_PATHS.map((path) => ({ path, locales }));
  return {
    locales,
    pagesOf: (locale) => [...publicPages, ...productPages.filter((page) => page.locales.includes(locale))],
  };
}

/** The sitemap index: one file per locale and 1,000 pages. */
export function sitemapIndexXml(plan: SitemapPlan, origin: string): string {
  const files = plan.locales.flatMap((locale) => {
    const parts = Math.max(1, Math.ceil(plan.pagesOf(locale).length / URLS_PER_SITEMAP));
    return Array.from({ length: parts }, (_, i) => `  <sitemap><loc>${xml(`${origin}/sitemaps/${sitemapFileName(locale, i + 1)}`)}</loc></sitemap>`);
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...files, '</sitemapindex>', ''].join('\n');
}

/**
 * One file of a locale's pages: each page's URL with its alternates in every locale that has it (hreflang
 * as the pages' own <link rel="alternate"> tags name them) and x-default at the default store when it has
 * the page. Null for
 * a file that does not exist.
 */
export function localeSitemapXml(plan: SitemapPlan, origin: string, code: string, language: string, part: number): string | null {
  const locale = plan.locales.find((e) => e.code === code && e.languageInUrl === language);
  if (!locale || !Number.isSafeInteger(part) || part < 1) return null;
  const pages = plan.pagesOf(locale).slice((part - 1) * URLS_PER_SITEMAP, part * URLS_PER_SITEMAP);
  if (!pages.length && part > 1) return null;
  const urls = pages.map((page) => [
    `  <url><loc>${xml(localeUrl(origin, locale, page.path))}</loc>`,
    ...page.locales.map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt.locale}" href="${xml(localeUrl(origin, alt, page.path))}"/>`),
    ...(page.locales.some((alt) => `/${alt.code}/${alt.languageInUrl}` === DEFAULT_BASE_PATH)
      ? [`    <xhtml:link rel="alternate" hreflang="x-default" href="${xml(`${origin}${DEFAULT_BASE_PATH}/${page.path}`)}"/>`]
      : []),
    '  </url>',
  ].join('\n'));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
