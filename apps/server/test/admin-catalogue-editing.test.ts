import { DEMO_USERS, schema } from '@probe/db';
import { EXPORT_COUNTRIES } from '@probe/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGql, denied, startAppWithEveryRole } from './admin-support.ts';
import type { TestApp } from './harness.ts';

const [, , , vet] = DEMO_USERS;
let t: TestApp;
let as: Awaited<ReturnType<typeof startAppWithEveryRole>>['as'];

beforeAll(async () => {
  ({ t, as } = await startAppWithEveryRole());
});
afterAll(() => t?.close());

interface StoreProduct {
  name: string; shortDescription: string; taxRate: { rate: number };
  variants: Array<{ sku: string; name: string; isAvailable: boolean; pricing: { price: { gross: { fractionalAmount: number }; net: { fractionalAmount: number } } } | null }>;
}
/** What the store's own API (the shop schema) answers for the USB-C cable in Germany, in a language. */
const storeCable = async (language = 'DE', slug = 'usb-c-cable') => (await t.gql<{ shop: { catalogue: { product: StoreProduct | null } } }>(
  `{ shop { catalogue(country: DE, languageCode: ${language}) { product(slug: "${slug}") {
    name shortDescription taxRate { rate } variants { sku name isAvailable pricing { price { gross { fractionalAmount } net { fractionalAmount } } } } } } } }`,
)).body.data!.shop.catalogue.product!;

const version = async () => (await t.database.db.select({ v: schema.shopSettings.catalogueVersion }).from(schema.shopSettings))[0]!.v;
const auditFor = async (subject: string) =>
  (await adminGql<{ auditLog: Array<{ actorEmail: string; action: string; before: string | null; after: string | null }> }>(t,
    'query A($s: String) { auditLog(subject: $s) { actorEmail action before after } }', { s: subject }, as.owner)).data!.auditLog;

interface Variant { id: number; sku: string; stock: number; isPublished: boolean; trackInventory: boolean; translations: Array<{ language: string; name: string }> }
interface Product { id: number; slug: string; translations: Array<{ language: string; name: string; shortDescription: string }>; variants: Variant[] }
const PRODUCT = 'query P($id: Int!) { product(id: $id) { id slug translations { language name shortDescription } variants { id sku stock isPublished trackInventory translations { language name } } } }';
const PRODUCT_UPDATE = 'mutation U($id: Int!, $t: [StaffProductTextInput!]!) { productUpdate(id: $id, translations: $t) { product { translations { language name } } errors { field code } } }';
const VARIANT_UPDATE = 'mutation V($id: Int!, $i: StaffVariantInput!) { variantUpdate(id: $id, input: $i) { variant { sku stock isPublished } errors { field code message } } }';
const TAX_UPDATE = 'mutation T($c: [StaffTaxRateChange!]!) { taxRatesUpdate(country: "DE", changes: $c) { saved rates { area taxClass percent name } errors { field code } } }';

const cable = async (who = as.support, slug = 'usb-c-cable') => {
  const list = await adminGql<{ products: Array<{ id: number; slug: string; variants: number; published: number }> }>(t, '{ products { id slug variants published } }', {}, who);
  const summary = list.data!.products.find((p) => p.slug === slug)!;
  return (await adminGql<{ product: Product }>(t, PRODUCT, { id: summary.id }, who)).data!.product;
};

describe('catalogue editing in the console (issue 16)', () => {
  it('lets support and order managers read products and tax rates, and refuses them every change on the server', async () => {
    const product = await cable(as.orders);
    expect(product.translations.map((x) => x.language)).toEqual(['en', 'ar', 'da', 'de', 'es', 'fi', 'fr', 'it', 'no', 'nl', 'pl', 'pt', 'sv', 'tr']);
    expect(product.translations[0]!.name).toBe('USB-C Cable');
    const variant = product.variants[0]!;
    const rates = await adminGql<{ taxRates: Array<{ taxClass: string; percent: string }> }>(t, '{ taxRates(country: "DE") { taxClass percent } }', {}, as.support);
    expect(rates.data!.taxRates).toContainEqual({ taxClass: 'STANDARD', percent: '19.00' });

    const before = await version();
    for (const who of [as.support, as.orders]) {
      expect(denied(await adminGql(t, PRODUCT_UPDATE, { id: product.id, t: [{ language: 'de', name: 'Kabel', shortDescription: 'Kurz' }] }, who))).toBe(true);
      expect(denied(await adminGql(t, VARIANT_UPDATE, { id: variant.id, i: { stock: 1 } }, who))).toBe(true);
      expect(denied(await adminGql(t, TAX_UPDATE, { c: [{ area: '', taxClass: 'STANDARD', percent: '20', name: 'MwSt.' }] }, who))).toBe(true);
    }
    expect(await version()).toBe(before);
    expect((await cable()).variants[0]!.stock).toBe(variant.stock);
    expect(await auditFor(`variant:${variant.id}`)).toEqual([]);
  });

  it('renames a product in German: bad texts get per-field errors and change nothing; the store answers the new name at once, audited', async () => {
    const product = await cable();
    const bad = await adminGql<{ productUpdate: { errors: Array<{ field: string; code: string }> } }>(t, PRODUCT_UPDATE, {
      id: product.id, t: [{ language: 'en', name: ' ', shortDescription: 'x' }, { language: 'de', name: 'Nur ein Name', shortDescription: '' }, { language: 'xx', name: 'a', shortDescription: 'b' }],
    }, as.catalogue);
    expect(bad.data!.productUpdate.errors).toEqual([
      { field: 'translations.en.name', code: 'REQUIRED' }, { field: 'translations.de.shortDescription', code: 'REQUIRED' }, { field: 'translations.xx', code: 'INVALID' },
    ]);
    expect(await cable()).toEqual(product);

    const before = await version();
    const saved = await adminGql<{ productUpdate: { product: { translations: Array<{ language: string; name: string }> }; errors: unknown[] } }>(t, PRODUCT_UPDATE, {
      id: product.id, t: [{ language: 'de', name: 'USB-C-Kabel (geflochten)', shortDescription: 'Geflochtenes Kabel für die Sonde.' }],
    }, as.catalogue);
    expect(saved.data!.productUpdate.errors).toEqual([]);
    expect(saved.data!.productUpdate.product.translations.find((x) => x.language === 'de')!.name).toBe('USB-C-Kabel (geflochten)');
    expect(await version()).toBeGreaterThan(before);
    expect(await storeCable('DE')).toMatchObject({ name: 'USB-C-Kabel (geflochten)', shortDescription: 'Geflochtenes Kabel für die Sonde.' });
    expect((await storeCable('EN')).name).toBe('USB-C Cable');

    const [entry] = await auditFor(`product:${product.id}`);
    expect(entry).toMatchObject({ actorEmail: vet!.email, action: 'product.update' });
    expect(JSON.parse(entry!.after!).translations).toEqual([{ language: 'de', name: 'USB-C-Kabel (geflochten)', shortDescription: 'Geflochtenes Kabel für die Sonde.' }]);
    expect(JSON.parse(entry!.before!).translations[0].name).not.toBe('USB-C-Kabel (geflochten)');

    // An empty translation falls back to English in the store.
    await adminGql(t, PRODUCT_UPDATE, { id: product.id, t: [{ language: 'de', name: '', shortDescription: '' }] }, as.owner);
    expect((await storeCable('DE')).name).toBe('USB-C Cable');
  });

  it('sets a variant\'s stock, refusing a stale number; the store\'s availability follows at once', async () => {
    const variant = (await cable()).variants[0]!;
    expect(variant.trackInventory).toBe(true);
    const stale = await adminGql<{ variantUpdate: { errors: Array<{ field: string; code: string }> } }>(t, VARIANT_UPDATE, { id: variant.id, i: { stock: 0, stockSeen: variant.stock + 1 } }, as.catalogue);
    expect(stale.data!.variantUpdate.errors).toMatchObject([{ field: 'stock', code: 'STALE' }]);
    const negative = await adminGql<{ variantUpdate: { errors: Array<{ field: string; code: string }> } }>(t, VARIANT_UPDATE, { id: variant.id, i: { stock: -1, stockSeen: variant.stock } }, as.catalogue);
    expect(negative.data!.variantUpdate.errors).toMatchObject([{ field: 'stock', code: 'INVALID' }]);
    expect((await storeCable()).variants.find((v) => v.sku === variant.sku)!.isAvailable).toBe(true);

    const out = await adminGql<{ variantUpdate: { variant: { stock: number }; errors: unknown[] } }>(t, VARIANT_UPDATE, { id: variant.id, i: { stock: 0, stockSeen: variant.stock } }, as.catalogue);
    expect(out.data!.variantUpdate).toEqual({ variant: { sku: variant.sku, stock: 0, isPublished: true }, errors: [] });
    expect((await storeCable()).variants.find((v) => v.sku === variant.sku)!.isAvailable).toBe(false);
    const [entry] = await auditFor(`variant:${variant.id}`);
    expect(entry).toMatchObject({ action: 'variant.update' });
    expect(JSON.parse(entry!.before!)).toMatchObject({ stock: variant.stock });
    expect(JSON.parse(entry!.after!)).toMatchObject({ stock: 0 });

    await adminGql(t, VARIANT_UPDATE, { id: variant.id, i: { stock: 25, stockSeen: 0 } }, as.owner);
    expect((await storeCable()).variants.find((v) => v.sku === variant.sku)!.isAvailable).toBe(true);
  });

  it('renames, re-SKUs and unpublishes a variant: a taken SKU or one a voucher names is refused; the store follows each change', async () => {
    const named = (await cable()).variants[0]!;
    const inUse = await adminGql<{ variantUpdate: { errors: Array<{ field: string; code: string }> } }>(t, VARIANT_UPDATE, { id: named.id, i: { sku: 'ACC-USBC-1M-NEW' } }, as.catalogue);
    expect(inUse.data!.variantUpdate.errors).toMatchObject([{ field: 'sku', code: 'IN_USE' }]);

    const product = await cable(as.support, 'lightning-cable-long');
    const [variant] = product.variants;
    const taken = await adminGql<{ variantUpdate: { errors: Array<{ field: string; code: string }> } }>(t, VARIANT_UPDATE, {
      id: variant!.id, i: { sku: 'IQ3-USBC-VET-EXTRA', translations: [{ language: 'de', name: 'Neu' }] },
    }, as.catalogue);
    expect(taken.data!.variantUpdate.errors).toMatchObject([{ field: 'sku', code: 'TAKEN' }]);
    const badSku = await adminGql<{ variantUpdate: { errors: Array<{ field: string; code: string }> } }>(t, VARIANT_UPDATE, { id: variant!.id, i: { sku: 'a b' } }, as.catalogue);
    expect(badSku.data!.variantUpdate.errors).toMatchObject([{ field: 'sku', code: 'INVALID' }]);
    expect(await cable(as.support, 'lightning-cable-long')).toEqual(product);

    const renamed = await adminGql<{ variantUpdate: { errors: unknown[] } }>(t, VARIANT_UPDATE, {
      id: variant!.id, i: { sku: 'acc-lightning-3m-braided', translations: [{ language: 'de', name: '3 m, geflochten' }] },
    }, as.catalogue);
    expect(renamed.data!.variantUpdate.errors).toEqual([]);
    expect((await storeCable('DE', 'lightning-cable-long')).variants).toEqual([expect.objectContaining({ sku: 'ACC-LIGHTNING-3M-BRAIDED', name: '3 m, geflochten' })]);

    await adminGql(t, VARIANT_UPDATE, { id: variant!.id, i: { isPublished: false } }, as.catalogue);
    // A product whose only variant is unpublished is gone from the store.
    const gone = await t.gql<{ shop: { catalogue: { product: unknown } } }>('{ shop { catalogue(country: DE, languageCode: DE) { product(slug: "lightning-cable-long") { name } } } }');
    expect(gone.body.data!.shop.catalogue.product).toBeNull();
    const summary = (await adminGql<{ products: Array<{ slug: string; published: number; variants: number }> }>(t, '{ products { slug variants published } }', {}, as.support))
      .data!.products.find((p) => p.slug === 'lightning-cable-long')!;
    expect(summary).toMatchObject({ variants: 1, published: 0 });
    await adminGql(t, VARIANT_UPDATE, { id: variant!.id, i: { isPublished: true, sku: variant!.sku } }, as.catalogue);
    expect((await storeCable('DE', 'lightning-cable-long')).variants.map((v) => v.sku)).toEqual([variant!.sku]);
  });

  it('edits a tax rate within 0–100 % and two decimals; the store\'s tax rate and gross prices follow', async () => {
    const bad = await adminGql<{ taxRatesUpdate: { saved: boolean; errors: Array<{ field: string; code: string }> } }>(t, TAX_UPDATE, {
      c: [{ area: '', taxClass: 'STANDARD', percent: '100.01', name: 'MwSt.' }, { area: '', taxClass: 'DIGITAL', percent: '7.755', name: '' }, { area: 'BY', taxClass: 'STANDARD', percent: '1', name: 'x' }],
    }, as.catalogue);
    expect(bad.data!.taxRatesUpdate.saved).toBe(false);
    expect(bad.data!.taxRatesUpdate.errors).toEqual([
      { field: '/STANDARD.percent', code: 'INVALID' }, { field: '/DIGITAL.percent', code: 'INVALID' }, { field: '/DIGITAL.name', code: 'REQUIRED' }, { field: 'BY/STANDARD', code: 'NOT_FOUND' },
    ]);
    for (const percent of ['-1', '1e1', '']) {
      const one = await adminGql<{ taxRatesUpdate: { errors: Array<{ field: string }> } }>(t, TAX_UPDATE, { c: [{ area: '', taxClass: 'STANDARD', percent, name: 'MwSt.' }] }, as.catalogue);
      expect(one.data!.taxRatesUpdate.errors.map((e) => e.field)).toEqual(['/STANDARD.percent']);
    }
    const before = await storeCable();
    expect(before.taxRate.rate).toBe(19);

    const saved = await adminGql<{ taxRatesUpdate: { saved: boolean; rates: Array<{ taxClass: string; percent: string; name: string }> } }>(t, TAX_UPDATE, {
      c: [{ area: '', taxClass: 'STANDARD', percent: '21,5', name: 'MwSt.' }],
    }, as.catalogue);
    expect(saved.data!.taxRatesUpdate.saved).toBe(true);
    expect(saved.data!.taxRatesUpdate.rates).toContainEqual({ area: '', taxClass: 'STANDARD', percent: '21.50', name: 'MwSt.' });
    const after = await storeCable();
    expect(after.taxRate.rate).toBe(21.5);
    // Germany enters prices gross: the gross price stays, the net price drops with the higher rate.
    const [was, now] = [before.variants[0]!.pricing!.price, after.variants[0]!.pricing!.price];
    expect(now.gross.fractionalAmount).toBe(was.gross.fractionalAmount);
    expect(now.net.fractionalAmount).toBeLessThan(was.net.fractionalAmount);
    const [entry] = await auditFor('tax:DE:/STANDARD');
    expect(entry).toMatchObject({ actorEmail: vet!.email, action: 'tax-rate.update' });
    expect(JSON.parse(entry!.before!)).toMatchObject({ percent: '19.00' });
    expect(JSON.parse(entry!.after!)).toEqual({ percent: '21.50', name: 'MwSt.' });
  });
  it('prices and taxes every store country, the 12 export countries too (decision 0049): Singapore\'s USD price and tax name are saved and audited', async () => {
    for (const country of EXPORT_COUNTRIES) {
      const read = await adminGql<{ countryPrices: { prices: Array<{ currency: string }> } | null; taxRates: Array<{ taxClass: string; percent: string }> }>(t,
        'query R($c: String!) { countryPrices(country: $c) { prices { currency } } taxRates(country: $c) { taxClass percent } }', { c: country }, as.catalogue);
      expect(read.data!.countryPrices!.prices.length, country).toBeGreaterThan(0);
      expect(new Set(read.data!.countryPrices!.prices.map((p) => p.currency)), country).toEqual(new Set(['usd']));
      expect(read.data!.taxRates, country).toContainEqual({ taxClass: 'STANDARD', percent: '0.00' });
    }
    const price = await adminGql<{ countryPricesUpdate: { saved: boolean; changed: Array<{ sku: string; currency: string; amountAfter: number }>; errors: unknown[] } }>(t,
      'mutation P($c: [StaffPriceChange!]!) { countryPricesUpdate(country: "SG", changes: $c) { saved changed { sku currency amountAfter } errors { sku } } }',
      { c: [{ sku: 'ACC-USBC-1M', amount: 2345 }] }, as.catalogue);
    expect(price.data!.countryPricesUpdate).toEqual({ saved: true, changed: [{ sku: 'ACC-USBC-1M', currency: 'usd', amountAfter: 2345 }], errors: [] });
    expect((await auditFor('price:SG:ACC-USBC-1M'))[0]).toMatchObject({ actorEmail: vet!.email, action: 'price.update' });

    const tax = await adminGql<{ taxRatesUpdate: { saved: boolean; rates: Array<{ taxClass: string; name: string; percent: string }> } }>(t,
      'mutation T($c: [StaffTaxRateChange!]!) { taxRatesUpdate(country: "SG", changes: $c) { saved rates { taxClass name percent } } }',
      { c: [{ area: '', taxClass: 'STANDARD', percent: '0', name: 'Export' }] }, as.catalogue);
    expect(tax.data!.taxRatesUpdate.saved).toBe(true);
    expect(tax.data!.taxRatesUpdate.rates).toContainEqual({ taxClass: 'STANDARD', name: 'Export', percent: '0.00' });
    expect((await auditFor('tax:SG:/STANDARD'))[0]).toMatchObject({ actorEmail: vet!.email, action: 'tax-rate.update' });
  });
});
