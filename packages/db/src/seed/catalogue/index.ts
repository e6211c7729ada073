import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { currencyOf, KNOWN_COUNTRIES } from '@probe/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../client.ts';
import * as s from '../../schema/index.ts';
import { standardRate, taxRateRows } from '../tax-rates.ts';
import { countryPrice, GROSS_COUNTRIES } from './pricing.ts';
import { CATEGORIES, LABELS, PRODUCT_TYPES, PRODUCTS } from './products.ts';
import { BANNERS, OFFERS, PROMOS } from './promos.ts';

interface CatalogueTranslation {
  categories: Record<string, string>;
  products: Record<string, { name: string; shortDescription: string }>;
  labels: Record<string, string>;
  /** A promo's name and banner message, by its code. */
  promos?: Record<string, { name: string; bannerMessage?: string }>;
  /** A site banner's content, by its link. */
  banners?: Record<string, string>;
}

const translationsDir = fileURLToPath(new URL('./translations', import.meta.url));

function loadTranslations(): Array<[string, CatalogueTranslation]> {
  return readdirSync(translationsDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(`${translationsDir}/${f}`, 'utf8')) as CatalogueTranslation]);
}

const excluded = (columns: string[]) => Object.fromEntries(columns.map((c) => [c, sql.raw(`excluded.${c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)}`)]));

/** Loads (or brings up to date) the demo catalogue: upserts by slug and SKU, so ids stay stable. */
export async function seedCatalogue(db: Database): Promise<void> {
  const translations = loadTranslations();

  await db.update(s.countries).set({ pricesEntered: 'net', displayGrossPrices: false });
  await db.update(s.countries).set({ pricesEntered: 'gross', displayGrossPrices: true }).where(inArray(s.countries.code, [...GROSS_COUNTRIES]));

  const rates = taxRateRows();
  await db.insert(s.taxRates).values(rates).onConflictDoUpdate({ target: [s.taxRates.country, s.taxRates.area, s.taxRates.taxClass], set: excluded(['rate', 'name']) });

  const types = await db
    .insert(s.productTypes)
    .values(Object.entries(PRODUCT_TYPES).map(([slug, t]) => ({ slug, ...t })))
    .onConflictDoUpdate({ target: s.productTypes.slug, set: excluded(['name', 'isShippingRequired', 'taxClass']) })
    .returning();
  const typeId = new Map(types.map((t) => [t.slug, t.id]));

  const categories = await db
    .insert(s.categories)
    .values(Object.entries(CATEGORIES).map(([slug, name], position) => ({ slug, name, position })))
    .onConflictDoUpdate({ target: s.categories.slug, set: excluded(['name', 'position']) })
    .returning();
  const categoryId = new Map(categories.map((c) => [c.slug, c.id]));
  if (translations.length) await db
    .insert(s.categoryTranslations)
    .values(translations.flatMap(([language, t]) => categories.map((c) => ({ categoryId: c.id, language, name: t.categories[c.slug] ?? c.name }))))
    .onConflictDoUpdate({ target: [s.categoryTranslations.categoryId, s.categoryTranslations.language], set: excluded(['name']) });

  const products = await db
    .insert(s.products)
    .values(
      PRODUCTS.map((p, position) => ({
        slug: p.slug,
        productTypeId: typeId.get(p.type)!,
        categoryId: categoryId.get(p.category)!,
        name: p.name,
        shortDescription: p.shortDescription,
        descriptionJson: { blocks: [{ type: 'paragraph', data: { text: p.shortDescription } }] },
        position,
      })),
    )
    .onConflictDoUpdate({ target: s.products.slug, set: excluded(['productTypeId', 'categoryId', 'name', 'shortDescription', 'descriptionJson', 'position']) })
    .returning();
  const productId = new Map(products.map((p) => [p.slug, p.id]));

  if (translations.length) await db
    .insert(s.productTranslations)
    .values(
      translations.flatMap(([language, t]) =>
        PRODUCTS.filter((p) => t.products[p.slug]).map((p) => ({ productId: productId.get(p.slug)!, language, ...t.products[p.slug]! })),
      ),
    )
    .onConflictDoUpdate({ target: [s.productTranslations.productId, s.productTranslations.language], set: excluded(['name', 'shortDescription']) });

  await db.delete(s.productImages).where(inArray(s.productImages.productId, [...productId.values()]));
  await db.insert(s.productImages).values(PRODUCTS.map((p) => ({ productId: productId.get(p.slug)!, path: `products/${p.image}`, alt: p.name })));

  const variantDefs = PRODUCTS.flatMap((p) => p.variants.map((v, position) => ({ product: p, v, position })));
  const variants = await db
    .insert(s.productVariants)
    .values(
      variantDefs.map(({ product, v, position }) => ({
        productId: productId.get(product.slug)!,
        sku: v.sku,
        name: LABELS[v.label] ?? v.label,
        model: v.model ?? null,
        connector: v.connector ?? null,
        market: v.market,
        billingPeriod: v.billingPeriod,
        planKind: v.planKind,
        trackInventory: v.stock !== undefined,
        stock: v.stock ?? 0,
        position,
      })),
    )
    .onConflictDoUpdate({
      target: s.productVariants.sku,
      set: excluded(['productId', 'name', 'model', 'connector', 'market', 'billingPeriod', 'planKind', 'trackInventory', 'position']),
    })
    .returning();
  const variantId = new Map(variants.map((v) => [v.sku, v.id]));

  if (translations.length) await db
    .insert(s.variantTranslations)
    .values(translations.flatMap(([language, t]) => variantDefs.map(({ v }) => ({ variantId: variantId.get(v.sku)!, language, name: t.labels[v.label] ?? LABELS[v.label]! }))))
    .onConflictDoUpdate({ target: [s.variantTranslations.variantId, s.variantTranslations.language], set: excluded(['name']) });

  await db.delete(s.variantGroups).where(inArray(s.variantGroups.variantId, [...variantId.values()]));
  await db.insert(s.variantGroups).values(variantDefs.flatMap(({ v }, position) => v.groups.map((group) => ({ variantId: variantId.get(v.sku)!, group, position }))));

  const prices = variantDefs.flatMap(({ v }) =>
    KNOWN_COUNTRIES.filter((country) => !v.notSoldIn?.includes(country)).map((country) => ({
      variantId: variantId.get(v.sku)!,
      country,
      currency: currencyOf(country),
      amount: countryPrice(v.usd, country, standardRate(country)),
      amountUndiscounted: countryPrice(v.usdUndiscounted ?? v.usd, country, standardRate(country)),
    })),
  );
  await db.delete(s.variantPrices).where(inArray(s.variantPrices.variantId, [...variantId.values()]));
  for (let i = 0; i < prices.length; i += 1000) await db.insert(s.variantPrices).values(prices.slice(i, i + 1000));

  for (const promo of PROMOS) {
    const { freeVariants = [], ...fields } = promo;
    const values = {
      ...fields,
      startsAt: fields.startsAt ? new Date(fields.startsAt) : null,
      expiresAt: fields.expiresAt ? new Date(fields.expiresAt) : null,
    };
    // A promo without a code (the student prices) is one per kind: replaced, not added again.
    if (!fields.code) await db.delete(s.promos).where(and(isNull(s.promos.code), eq(s.promos.codeKind, fields.codeKind ?? 'VOUCHER')));
    const [row] = await db.insert(s.promos).values(values).onConflictDoUpdate({ target: s.promos.code, set: values }).returning();
    const texts = translations.flatMap(([language, t]) => {
      const text = fields.code ? t.promos?.[fields.code] : undefined;
      return text ? [{ promoId: row!.id, language, name: text.name, bannerMessage: text.bannerMessage ?? null }] : [];
    });
    if (texts.length) await db
      .insert(s.promoTranslations)
      .values(texts)
      .onConflictDoUpdate({ target: [s.promoTranslations.promoId, s.promoTranslations.language], set: excluded(['name', 'bannerMessage']) });
    for (const free of freeVariants) {
      await db.insert(s.promoFreeVariants).values({ promoId: row!.id, variantId: variantId.get(free.sku)!, quantity: free.quantity }).onConflictDoNothing();
    }
  }

  await db.delete(s.banners);
  const banners = await db.insert(s.banners).values(BANNERS).returning();
  const bannerTexts = banners.flatMap((banner) =>
    translations.flatMap(([language, t]) => {
      const content = banner.url ? t.banners?.[banner.url] : undefined;
      return content ? [{ bannerId: banner.id, language, content }] : [];
    }),
  );
  if (bannerTexts.length) await db.insert(s.bannerTranslations).values(bannerTexts);
  await db
    .insert(s.offers)
    .values(OFFERS.map((o) => ({ slug: o.slug, startDate: new Date(o.startDate), endDate: new Date(o.endDate) })))
    .onConflictDoNothing();

  await db.update(s.shopSettings).set({
    programFlags: {
      existingBasicIqPlusPromo: false,
      existingIndividualIqPlusPromo: true,
      tradeInProgram: true,
      extendedAllInTradeIn: false,
      studentPromo: true,
      vetStudentPromo: true,
      timeLimitedStudentPromo: false,
      twentyImagingPresets: true,
    },
  });
}
