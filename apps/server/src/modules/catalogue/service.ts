import { schema, type Database } from '@probe/db';
import { eq } from 'drizzle-orm';
import { buildSnapshot, type CatalogueSnapshot } from './snapshot.ts';
import {
  loadBannerPromos, loadBanners, loadCatalogueRows, loadCountryTaxSettings, loadOffers, type BannerRow, type OfferRow, type PublicPromoRow,
} from './repo.ts';

export interface CatalogueServiceOptions {
  /** Keep built snapshots between requests (off to measure the uncached path). */
  cache: boolean;
  /** How long a read of the catalogue version is trusted before asking the database again. */
  versionTtlMs: number;
}

/**
 * Serves catalogue snapshots (and banners, promos, offers). With the cache on, each is built once per
 * catalogue version (a snapshot per country and language); the version comes from shop_settings, bumped by a trigger on every catalogue
 * change, and is re-read at most every `versionTtlMs`, so every server instance sees edits quickly.
 */
export class CatalogueService {
  private versionValue = 0;
  private versionReadAt = -Infinity;
  private versionRead: Promise<number> | null = null;
  /** Snapshots, banners, promos and offers made under `entriesVersion`. */
  private entries = new Map<string, Promise<unknown>>();
  private entriesVersion = -1;

  /** A prepared statement: with the read-ahead off (versionTtlMs 0) it runs on every request, so it is not planned every time. */
  private readonly versionStatement;

  constructor(
    private readonly db: Database,
    readonly options: CatalogueServiceOptions,
  ) {
    this.versionStatement = db.select({ v: schema.shopSettings.catalogueVersion }).from(schema.shopSettings).where(eq(schema.shopSettings.id, 1)).prepare('catalogue_version');
  }

  /** The current catalogue version (cached for versionTtlMs). */
  async version(): Promise<number> {
    if (performance.now() - this.versionReadAt < this.options.versionTtlMs) return this.versionValue;
    this.versionRead ??= this.versionStatement
      .execute()
      .then(([row]) => {
        this.versionValue = row?.v ?? 0;
        this.versionReadAt = performance.now();
        return this.versionValue;
      })
      .finally(() => {
        this.versionRead = null;
      });
    return this.versionRead;
  }

  /** The catalogue of a country in a language; null for a country the store does not know. */
  snapshot(country: string, language: string): Promise<CatalogueSnapshot | null> {
    return this.cached(`snapshot:${country}:${language}`, () => this.build(country, language));
  }

  /** Offers, shop-wide. */
  offers(): Promise<OfferRow[]> {
    return this.cached('offers', () => loadOffers(this.db));
  }

  /** Banners in a language; loaded only when a query asks for them. */
  banners(language: string): Promise<BannerRow[]> {
    return this.cached(`banners:${language}`, () => loadBanners(this.db, language));
  }

  /** Promos announcing themselves with a banner, in a language; loaded only when asked for. */
  promos(language: string): Promise<PublicPromoRow[]> {
    return this.cached(`promos:${language}`, () => loadBannerPromos(this.db, language));
  }

  /** Two statements, run together: the country's price and tax settings, and its catalogue rows. */
  private async build(country: string, language: string): Promise<CatalogueSnapshot | null> {
    const [settings, rows] = await Promise.all([loadCountryTaxSettings(this.db, country), loadCatalogueRows(this.db, country, language)]);
    return settings ? buildSnapshot(settings, language, rows) : null;
  }

  /** One value per catalogue version (or none, with the cache off). */
  private async cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.options.cache) return load();
    const version = await this.version();
    if (version !== this.entriesVersion) {
      this.entries.clear();
      this.entriesVersion = version;
    }
    let value = this.entries.get(key) as Promise<T> | undefined;
    if (!value) {
      value = load();
      this.entries.set(key, value);
      value.catch(() => this.entries.delete(key));
    }
    return value;
  }
}
