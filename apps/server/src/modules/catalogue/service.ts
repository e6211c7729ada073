import { schema, type Database } from '@probe/db';
import { eq } from 'drizzle-orm';
import { buildSnapshot, type CatalogueSnapshot } from './snapshot.ts';
import { loadBannerPromos, loadBanners, loadCatalogueRows, loadCountryTaxSettings, loadOffers, type OfferRow } from './repo.ts';

export interface CatalogueServiceOptions {
  /** Keep built snapshots between requests (off to measure the uncached path). */
  cache: boolean;
  /** How long a read of the catalogue version is trusted before asking the database again. */
  versionTtlMs: number;
}

/**
 * Serves catalogue snapshots. With the cache on, a snapshot is built once per (catalogue version,
 * country, language); the version comes from shop_settings, bumped by a trigger on every catalogue
 * change, and is re-read at most every `versionTtlMs`, so every server instance sees edits quickly.
 */
export class CatalogueService {
  private versionValue = 0;
  private versionReadAt = -Infinity;
  private versionRead: Promise<number> | null = null;
  private snapshots = new Map<string, Promise<CatalogueSnapshot | null>>();
  private snapshotsVersion = -1;
  private offersCache: { version: number; rows: Promise<OfferRow[]> } | null = null;

  constructor(
    private readonly db: Database,
    readonly options: CatalogueServiceOptions,
  ) {}

  /** The current catalogue version (cached for versionTtlMs). */
  async version(): Promise<number> {
    if (performance.now() - this.versionReadAt < this.options.versionTtlMs) return this.versionValue;
    this.versionRead ??= this.db
      .select({ v: schema.shopSettings.catalogueVersion })
      .from(schema.shopSettings)
      .where(eq(schema.shopSettings.id, 1))
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
  async snapshot(country: string, language: string): Promise<CatalogueSnapshot | null> {
    if (!this.options.cache) return this.build(country, language);
    const version = await this.version();
    if (version !== this.snapshotsVersion) {
      this.snapshots.clear();
      this.snapshotsVersion = version;
    }
    const key = `${country}:${language}`;
    let snapshot = this.snapshots.get(key);
    if (!snapshot) {
      snapshot = this.build(country, language);
      this.snapshots.set(key, snapshot);
      snapshot.catch(() => this.snapshots.delete(key));
    }
    return snapshot;
  }

  /** Offers, shop-wide, cached like the snapshots. */
  async offers(): Promise<OfferRow[]> {
    if (!this.options.cache) return loadOffers(this.db);
    const version = await this.version();
    if (!this.offersCache || this.offersCache.version !== version) this.offersCache = { version, rows: loadOffers(this.db) };
    return this.offersCache.rows;
  }

  /** Four statements, run together: country and tax settings, catalogue rows, banners, banner promos. */
  private async build(country: string, language: string): Promise<CatalogueSnapshot | null> {
    const [settings, rows, banners, promos] = await Promise.all([
      loadCountryTaxSettings(this.db, country),
      loadCatalogueRows(this.db, country, language),
      loadBanners(this.db, language),
      loadBannerPromos(this.db, language),
    ]);
    return settings ? buildSnapshot(settings, language, rows, banners, promos) : null;
  }
}
