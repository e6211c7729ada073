import { schema, type Database } from '@probe/db';
import { and, eq, sql } from 'drizzle-orm';

/** One variant of the catalogue with everything the Shop query shows, in one language and one country. */
export interface CatalogueRow {
  id: number;
  sku: string;
  name: string;
  model: string | null;
  connector: string | null;
  market: string;
  billing_period: string;
  plan_kind: string;
  track_inventory: boolean;
  stock: number;
  product_id: number;
  slug: string;
  product_name: string;
  short_description: string;
  description_json: unknown;
  type_id: number;
  type_slug: string;
  type_name: string;
  is_shipping_required: boolean;
  tax_class: string;
  category_id: number;
  category_slug: string;
  category_name: string;
  images: Array<{ path: string; alt: string }> | null;
  currency: string | null;
  amount: number | null;
  amount_undiscounted: number | null;
  groups: string[] | null;
}

/**
 * The whole catalogue of a country in a language, in ONE statement (translations fall back to English,
 * a variant not sold in the country has a null price, an unpublished variant is left out). Its cost does not grow with the number of
 * products a query asks for: there is no per-product or per-variant query.
 */
export async function loadCatalogueRows(db: Database, country: string, language: string): Promise<CatalogueRow[]> {
  const result = await db.execute(sql`
    select v.id, v.sku, coalesce(vt.name, v.name) as name, v.model, v.connector, v.market, v.billing_period, v.plan_kind,
           v.track_inventory, v.stock,
           p.id as product_id, p.slug, coalesce(pt.name, p.name) as product_name,
           coalesce(pt.short_description, p.short_description) as short_description, p.description_json,
           ty.id as type_id, ty.slug as type_slug, ty.name as type_name, ty.is_shipping_required, ty.tax_class,
           c.id as category_id, c.slug as category_slug, coalesce(ct.name, c.name) as category_name,
           (select json_agg(json_build_object('path', i.path, 'alt', i.alt) order by i.position, i.id)
              from product_images i where i.product_id = p.id) as images,
           pr.currency, pr.amount, pr.amount_undiscounted,
           (select array_agg(g."group" order by g."group") from variant_groups g where g.variant_id = v.id) as groups
      from product_variants v
      join products p on p.id = v.product_id
      join product_types ty on ty.id = p.product_type_id
      join categories c on c.id = p.category_id
      left join variant_translations vt on vt.variant_id = v.id and vt.language = ${language}
      left join product_translations pt on pt.product_id = p.id and pt.language = ${language}
      left join category_translations ct on ct.category_id = c.id and ct.language = ${language}
      left join variant_prices pr on pr.variant_id = v.id and pr.country = ${country}
     where v.is_published
     order by p.position, p.id, v.position, v.id`);
  return (result as unknown as { rows: CatalogueRow[] }).rows;
}

export interface CountryTaxSettings {
  code: string;
  name: string;
  currency: string;
  pricesEntered: 'net' | 'gross';
  displayGrossPrices: boolean;
  permissions: string[];
  /** Country-wide rates by tax class; empty where the rate depends on the state or province. */
  rates: Record<string, { rate: number; name: string }>;
  /** The rates of states and provinces (US, Canada), by area code, then tax class. */
  areaRates: Record<string, Record<string, number>>;
}

/** A country's price and tax settings with all its rates (country-wide and by state or province), in one statement. */
export async function loadCountryTaxSettings(db: Database, country: string): Promise<CountryTaxSettings | null> {
  const rows = await db
    .select({
      code: schema.countries.code,
      name: schema.countries.name,
      currency: schema.countries.currency,
      pricesEntered: schema.countries.pricesEntered,
      displayGrossPrices: schema.countries.displayGrossPrices,
      permissions: schema.countries.permissions,
      taxClass: schema.taxRates.taxClass,
      rate: schema.taxRates.rate,
      rateName: schema.taxRates.name,
      area: schema.taxRates.area,
    })
    .from(schema.countries)
    .leftJoin(schema.taxRates, eq(schema.taxRates.country, schema.countries.code))
    .where(eq(schema.countries.code, country));
  const [first] = rows;
  if (!first) return null;
  return {
    code: first.code,
    name: first.name,
    currency: first.currency,
    pricesEntered: first.pricesEntered === 'gross' ? 'gross' : 'net',
    displayGrossPrices: first.displayGrossPrices,
    permissions: first.permissions,
    rates: Object.fromEntries(rows.filter((r) => r.taxClass && r.area === '').map((r) => [r.taxClass!, { rate: r.rate!, name: r.rateName! }])),
    areaRates: rows.filter((r) => r.taxClass && r.area).reduce<CountryTaxSettings['areaRates']>((byArea, r) => {
      (byArea[r.area!] ??= {})[r.taxClass!] = r.rate!;
      return byArea;
    }, {}),
  };
}

export type PromoRow = typeof schema.promos.$inferSelect;

export async function findPromoByCode(db: Database, code: string): Promise<PromoRow | null> {
  const [row] = await db.select().from(schema.promos).where(sql`upper(${schema.promos.code}) = upper(${code})`);
  return row ?? null;
}

export interface BannerRow {
  content: string;
  url: string | null;
  visibility: string[];
  countries: string[];
  startsAt: Date | null;
  endsAt: Date | null;
}

/** All banners with their content in the language when translated; whether one shows now is decided when asked. */
export async function loadBanners(db: Database, language: string): Promise<BannerRow[]> {
  return db
    .select({
      content: sql<string>`coalesce(${schema.bannerTranslations.content}, ${schema.banners.content})`,
      url: schema.banners.url,
      visibility: schema.banners.visibility,
      countries: schema.banners.countries,
      startsAt: schema.banners.startsAt,
      endsAt: schema.banners.endsAt,
    })
    .from(schema.banners)
    .leftJoin(schema.bannerTranslations, and(eq(schema.bannerTranslations.bannerId, schema.banners.id), eq(schema.bannerTranslations.language, language)))
    .orderBy(schema.banners.id);
}

export interface PublicPromoRow extends PromoRow {
  freeSkus: string[] | null;
  translatedName: string | null;
  translatedBannerMessage: string | null;
}

/** Promos that announce themselves with a banner message, with free items and translations. */
export async function loadBannerPromos(db: Database, language: string): Promise<PublicPromoRow[]> {
  const rows = await db
    .select({
      promo: schema.promos,
      freeSkus: sql<string[] | null>`(select array_agg(v.sku order by v.sku) from promo_free_variants f join product_variants v on v.id = f.variant_id where f.promo_id = ${schema.promos.id})`,
      translatedName: schema.promoTranslations.name,
      translatedBannerMessage: schema.promoTranslations.bannerMessage,
    })
    .from(schema.promos)
    .leftJoin(schema.promoTranslations, and(eq(schema.promoTranslations.promoId, schema.promos.id), eq(schema.promoTranslations.language, language)))
    .where(and(eq(schema.promos.isActive, true), sql`${schema.promos.bannerMessage} is not null`));
  return rows.map((r) => ({ ...r.promo, freeSkus: r.freeSkus, translatedName: r.translatedName, translatedBannerMessage: r.translatedBannerMessage }));
}

export type OfferRow = typeof schema.offers.$inferSelect;

export function loadOffers(db: Database): Promise<OfferRow[]> {
  return db.select().from(schema.offers).orderBy(schema.offers.startDate);
}
