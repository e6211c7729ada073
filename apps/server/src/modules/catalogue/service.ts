import { schema, type Database } from '@probe/db';
import { eq } from 'drizzle-orm';
import { buildSnapshot, type CatalogueSnapshot } from './snapshot.ts';
import {
  loadBannerPromos, loadBanners, loadCatalogueRows, loadCountryTaxSettings, loadOffers, type BannerRow, type OfferRow, type PublicPromoRow,
} from './repo.ts';

/** The shop's one settings row; it carries the catalogue version. */
export type ShopStateRow = typeof schema.shopSettings.$inferSelect;

/** What a request reads of the catalogue and the shop's settings. */
export interface CatalogueReads {
  version(): Promise<number>;
  /** The shop's settings row, read once per request (and carrying the catalogue version with it). */
  settings(): Promise<ShopStateRow>;
  snapshot(country: string, language: string): Promise<CatalogueSnapshot | null>;
  offers(): Promise<OfferRow[]>;
  banners(language: string): Promise<BannerRow[]>;
  promos(language: string): Promise<PublicPromoRow[]>;
}

export interface CatalogueServiceOptions {
  /** Keep built snapshots between requests (off to measure the uncached path). */
  cache: boolean;
  /** How long a read of the catalogue version is trusted before asking the database again. */
  versionTtlMs: number;
  /** Told each settings row read (the maintenance switch rides on them: the check before a request then needs no read of its own). */
  onState?: (row: ShopStateRow) => void;
}

/**
 * Serves catalogue snapshots (and banners, promos, offers). With the cache on, each is built once per
 * catalogue version (a snapshot per country and language); the version comes from shop_settings, bumped by a trigger on every catalogue
 * change, and is re-read at most every `versionTtlMs`, so every server instance sees edits quickly.
 */
export class CatalogueService implements CatalogueReads {
  private versionValue = 0;
  private versionReadAt = -Infinity;
  /** Snapshots, banners, promos and offers made under `entriesVersion`. */
  private entries = new Map<string, Promise<unknown>>();
  private entriesVersion = -1;

  /**
   * The settings row, which carries the catalogue version: one prepared statement (with the read-ahead off,
   * versionTtlMs 0, it runs on every request, so it is not planned every time) gives a request both.
   */
  private readonly stateStatement;
  /** The settings read running now, and the one that starts when it ends, shared by the requests that asked meanwhile. */
  private stateRunning: Promise<ShopStateRow> | null = null;
  private stateQueued: Promise<ShopStateRow> | null = null;

  constructor(
    private readonly db: Database,
    readonly options: CatalogueServiceOptions,
  ) {
    this.stateStatement = db.select().from(schema.shopSettings).where(eq(schema.shopSettings.id, 1)).prepare('shop_state');
  }

  /** Reads the settings row; the version it carries refreshes the read-ahead. */
  private async readState(): Promise<ShopStateRow> {
    const [row] = await this.stateStatement.execute();
    if (!row) throw new Error('shop_settings row is missing: the demo data was not loaded');
    this.versionValue = row.catalogueVersion;
    this.versionReadAt = performance.now();
    this.options.onState?.(row);
    return row;
  }

  /**
   * The settings row as a request reads it: from a statement sent after the request asked (an edit
   * committed before is seen), shared by every request that asked while the previous one ran. Uncached, at
   * 50 connections, each request sent its own: the statement's round trip was most of the server's time.
   */
  private sharedState(): Promise<ShopStateRow> {
    if (!this.stateRunning) return this.startState();
    this.stateQueued ??= this.stateRunning.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      this.stateQueued = null;
      return this.startState();
    });
    return this.stateQueued;
  }

  private startState(): Promise<ShopStateRow> {
    const read: Promise<ShopStateRow> = this.readState().finally(() => {
      if (this.stateRunning === read) this.stateRunning = null;
    });
    this.stateRunning = read;
    return read;
  }

  private versionIsFresh(): boolean {
    return performance.now() - this.versionReadAt < this.options.versionTtlMs;
  }

  /** The current catalogue version (cached for versionTtlMs; reads running at once share one statement). */
  async version(): Promise<number> {
    if (this.versionIsFresh()) return this.versionValue;
    return (await (this.stateRunning ?? this.startState())).catalogueVersion;
  }

  settings(): Promise<ShopStateRow> {
    return this.readState();
  }

  /** A read of the settings row sent now (shared with the requests asking meanwhile), to seed a request's reads (forRequest). */
  requestSettings(): Promise<ShopStateRow> {
    return this.sharedState();
  }

  /**
   * The reads of one request: the settings row is read at most once, and gives the catalogue version too
   * when the read-ahead has none fresh. Uncached (versionTtlMs 0), the Shop query was three statements
   * (version, settings, version again) and is one. `seed`: a read of the row already sent for this request (the
   * maintenance check's, before the operation ran), which the request's reads then share.
   */
  forRequest(seed?: Promise<ShopStateRow>): CatalogueReads {
    let state: Promise<ShopStateRow> | undefined = seed;
    const settings = () => (state ??= this.sharedState());
    const version = async () => (this.versionIsFresh() ? this.versionValue : (await settings()).catalogueVersion);
    return {
      version,
      settings,
      snapshot: (country, language) => this.snapshotAt(version, country, language),
      offers: () => this.offersAt(version),
      banners: (language) => this.bannersAt(version, language),
      promos: (language) => this.promosAt(version, language),
    };
  }

  /** The catalogue of a country in a language; null for a country the store does not know. */
  snapshot(country: string, language: string): Promise<CatalogueSnapshot | null> {
    return this.snapshotAt(() => this.version(), country, language);
  }

  /** Offers, shop-wide. */
  offers(): Promise<OfferRow[]> {
    return this.offersAt(() => this.version());
  }

  /** Banners in a language; loaded only when a query asks for them. */
  banners(language: string): Promise<BannerRow[]> {
    return this.bannersAt(() => this.version(), language);
  }

  /** Promos announcing themselves with a banner, in a language; loaded only when asked for. */
  promos(language: string): Promise<PublicPromoRow[]> {
    return this.promosAt(() => this.version(), language);
  }

  private snapshotAt(version: () => Promise<number>, country: string, language: string) {
    return this.cached(version, `snapshot:${country}:${language}`, () => this.build(country, language));
  }

  private offersAt(version: () => Promise<number>) {
    return this.cached(version, 'offers', () => loadOffers(this.db));
  }

  private bannersAt(version: () => Promise<number>, language: string) {
    return this.cached(version, `banners:${language}`, () => loadBanners(this.db, language));
  }

  private promosAt(version: () => Promise<number>, language: string) {
    return this.cached(version, `promos:${language}`, () => loadBannerPromos(this.db, language));
  }

  /** Two statements, run together: the country's price and tax settings, and its catalogue rows. */
  private async build(country: string, language: string): Promise<CatalogueSnapshot | null> {
    const [settings, rows] = await Promise.all([loadCountryTaxSettings(this.db, country), loadCatalogueRows(this.db, country, language)]);
    return settings ? buildSnapshot(settings, language, rows) : null;
  }

  /** One value per catalogue version (or none, with the cache off). */
  private async cached<T>(currentVersion: () => Promise<number>, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.options.cache) return load();
    const version = await currentVersion();
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
