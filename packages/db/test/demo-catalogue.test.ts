import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EXPORT_COUNTRIES, KNOWN_COUNTRIES, STORE_COUNTRIES } from '@probe/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type DatabaseHandle } from '../src/index.ts';
import { NO_DEVICE_COUNTRIES } from '../src/seed/catalogue/products.ts';
import { openTestDatabase } from '../src/testing.ts';

const CATALOGUE_LANGUAGES = ['ar', 'da', 'de', 'es', 'fi', 'fr', 'it', 'no', 'nl', 'pl', 'pt', 'sv', 'tr'];
const MEDIA = fileURLToPath(new URL('../../../apps/storefront/public/media/', import.meta.url));

describe(`the demo catalogue (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle?.close());

  it('names every product and variant in every catalogue language', async () => {
    const result = (await handle.db.execute(sql`
      select (select count(*) from products)::int as products,
             (select count(*) from product_translations)::int as product_translations,
             (select count(*) from product_variants)::int as variants,
             (select count(*) from variant_translations)::int as variant_translations`)) as unknown as { rows: Array<{ products: number; product_translations: number; variants: number; variant_translations: number }> };
    const counts = result.rows[0]!;
    expect(counts.product_translations).toBe(counts.products * CATALOGUE_LANGUAGES.length);
    expect(counts.variant_translations).toBe(counts.variants * CATALOGUE_LANGUAGES.length);
    const languages = await handle.db.selectDistinct({ language: schema.productTranslations.language }).from(schema.productTranslations);
    expect(languages.map((l) => l.language).sort()).toEqual([...CATALOGUE_LANGUAGES].sort());
  });

  it('prices every variant in all 32 store countries and the further usd countries, except devices where none are sold', async () => {
    const variants = await handle.db.select().from(schema.productVariants);
    const prices = await handle.db.select().from(schema.variantPrices);
    const priced = new Set(prices.map((p) => `${p.variantId}:${p.country}`));
    for (const variant of variants) {
      for (const country of KNOWN_COUNTRIES) {
        const expected = !(variant.model && NO_DEVICE_COUNTRIES.includes(country));
        expect(priced.has(`${variant.id}:${country}`), `${variant.sku} in ${country}`).toBe(expected);
      }
    }
    for (const price of prices) {
      expect(Number.isInteger(price.amount) && price.amount > 0).toBe(true);
      expect(price.amountUndiscounted).toBeGreaterThanOrEqual(price.amount);
    }
    expect(STORE_COUNTRIES.every((c) => !NO_DEVICE_COUNTRIES.includes(c))).toBe(true);
  });

  it('has a picture in the repository for every product image', async () => {
    const images = await handle.db.select().from(schema.productImages);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(existsSync(MEDIA + image.path), image.path).toBe(true);
  });

  it('taxes every EU member state, GB, NO, CH, AU and NZ, every Canadian province and US state', async () => {
    const rows = await handle.db.select().from(schema.taxRates);
    const areas = (country: string) => new Set(rows.filter((r) => r.country === country).map((r) => r.area));
    expect(areas('CA').size).toBe(13);
    expect(areas('US').size).toBeGreaterThanOrEqual(51);
    for (const c of ['DE', 'FR', 'SE', 'GB', 'NO', 'CH', 'AU', 'NZ']) expect(areas(c), c).toEqual(new Set(['']));
  });

  it('has a tax row of each class, at 0 %, for each of the 12 export countries, so every store country has its tax settings', async () => {
    const rows = await handle.db.select().from(schema.taxRates);
    for (const country of EXPORT_COUNTRIES) {
      const mine = rows.filter((r) => r.country === country).map((r) => [r.area, r.taxClass, r.rate]);
      expect(mine.sort(), country).toEqual([['', 'DIGITAL', 0], ['', 'STANDARD', 0]]);
    }
    const taxed = new Set(rows.map((r) => r.country));
    expect(STORE_COUNTRIES.filter((c) => !taxed.has(c))).toEqual([]);
  });
});
