import { REQUIRED_DEVICE_SKUS, STORE_COUNTRIES } from '@probe/domain';
import { schema } from '@probe/db';
import { eq, sql } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const SHOP = `query Shop($country: CountryCode!, $languageCode: LanguageCodeEnum!, $voucherCode: String) {
  shop {
    catalogue(country: $country, languageCode: $languageCode, voucherCode: $voucherCode) {
      currency displayGrossPrices isDevicePriced voucher { code status name }
      variants(group: IQ3_DEVICE, market: HUMAN) { sku name product { name slug } pricing { onSale price { ...T } priceUndiscounted { ...T } } }
    }
  }
}
fragment T on TaxedMoney { currency net { fractionalAmount amount } tax { fractionalAmount } gross { fractionalAmount amount currency fractionDigits } }`;

interface Taxed { currency: string; net: { fractionalAmount: number; amount: number }; tax: { fractionalAmount: number }; gross: { fractionalAmount: number; amount: number; currency: string } }
interface ShopAnswer {
  shop: {
    catalogue: {
      currency: string; displayGrossPrices: boolean; isDevicePriced: boolean; voucher: { code: string; status: string; name: string | null } | null;
      variants: Array<{ sku: string; name: string; product: { name: string; slug: string }; pricing: { onSale: boolean; price: Taxed; priceUndiscounted: Taxed } | null }>;
    };
  };
}

describe(`catalogue queries (${DB})`, () => {
  let t: TestApp;
  let clock = new Date('2026-11-21T12:00:00Z');
  let privateKey: CryptoKey;
  let publicPem: string;

  beforeAll(async () => {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    privateKey = pair.privateKey;
    publicPem = await exportSPKI(pair.publicKey);
    t = await startTestApp({ now: () => clock, config: { AUTH_JWT_PUBLIC_KEY: publicPem } });
  });
  afterAll(() => t?.close());

  const shop = async (variables: Record<string, unknown>, headers?: Record<string, string>) => {
    const res = await t.gql<ShopAnswer>(SHOP, variables, headers);
    expect(res.body.errors).toBeUndefined();
    return res.body.data!.shop.catalogue;
  };
  const iq3 = (c: ShopAnswer['shop']['catalogue']) => c.variants.find((v) => v.sku === REQUIRED_DEVICE_SKUS.iq3)!;

  it('prices the IQ3 in every one of the 32 store countries, in its currency, with net + tax = gross', async () => {
    for (const country of STORE_COUNTRIES) {
      const catalogue = await shop({ country, languageCode: 'EN' });
      expect(catalogue.isDevicePriced, country).toBe(true);
      const pricing = iq3(catalogue).pricing!;
      for (const money of [pricing.price, pricing.priceUndiscounted]) {
        expect(money.net.fractionalAmount + money.tax.fractionalAmount, country).toBe(money.gross.fractionalAmount);
        expect(Number.isInteger(money.gross.fractionalAmount)).toBe(true);
        expect(money.gross.currency).toBe(catalogue.currency);
      }
    }
  });

  it('shows VAT-inclusive prices where the VAT flag is on and net prices in the US and Canada', async () => {
    const de = await shop({ country: 'DE', languageCode: 'DE' });
    expect(de).toMatchObject({ currency: 'EUR', displayGrossPrices: true });
    const price = iq3(de).pricing!.price;
    expect(price.tax.fractionalAmount).toBe(Math.round(price.gross.fractionalAmount - price.gross.fractionalAmount / 1.19));
    const us = await shop({ country: 'US', languageCode: 'EN_US' });
    expect(us).toMatchObject({ currency: 'USD', displayGrossPrices: false });
    expect(iq3(us).pricing!.price).toMatchObject({ tax: { fractionalAmount: 0 }, gross: { fractionalAmount: 3899_00, amount: 3899 } });
    expect((await shop({ country: 'PL', languageCode: 'PL' })).currency).toBe('PLN');
    expect((await shop({ country: 'KE', languageCode: 'EN' })).currency).toBe('USD');
  });

  it('a further usd country without device pricing says so, and has no IQ3 price', async () => {
    const mx = await shop({ country: 'MX', languageCode: 'ES' });
    expect(mx.isDevicePriced).toBe(false);
    expect(iq3(mx).pricing).toBeNull();
    expect((await shop({ country: 'QA', languageCode: 'AR' })).isDevicePriced).toBe(true);
  });

  it('names products in the language asked for, falling back to English', async () => {
    expect(iq3(await shop({ country: 'DE', languageCode: 'DE' })).product.name).toBe('IQ3-Sonde');
    expect(iq3(await shop({ country: 'AE', languageCode: 'AR' })).product.name).not.toBe('IQ3 Probe');
    expect(iq3(await shop({ country: 'US', languageCode: 'JA' })).product.name).toBe('IQ3 Probe');
  });

  it('marks a running sale: onSale only when the undiscounted price is higher', async () => {
    const q = '{ shop { catalogue(country: US, languageCode: EN) { variants(group: IQ_DEVICE, market: HUMAN) { sku pricing { onSale price { gross { fractionalAmount } } priceUndiscounted { gross { fractionalAmount } } } } } } }';
    const res = await t.gql<{ shop: { catalogue: { variants: Array<{ sku: string; pricing: { onSale: boolean; price: { gross: { fractionalAmount: number } }; priceUndiscounted: { gross: { fractionalAmount: number } } } }> } } }>(q);
    for (const v of res.body.data!.shop.catalogue.variants) {
      expect(v.pricing.onSale, v.sku).toBe(v.pricing.priceUndiscounted.gross.fractionalAmount > v.pricing.price.gross.fractionalAmount);
    }
    expect(res.body.data!.shop.catalogue.variants.find((v) => v.sku === 'IQPLUS-LIGHTNING-HUMAN')!.pricing).toMatchObject({
      onSale: true, price: { gross: { fractionalAmount: 2399_00 } }, priceUndiscounted: { gross: { fractionalAmount: 2699_00 } },
    });
  });

  describe('vouchers in the Shop query', () => {
    it('applies an eligible voucher to the prices', async () => {
      const c = await shop({ country: 'US', languageCode: 'EN', voucherCode: 'spring10' });
      expect(c.voucher).toEqual({ code: 'spring10', status: 'APPLIED', name: 'Spring offer' });
      expect(iq3(c).pricing).toMatchObject({ onSale: true, price: { gross: { fractionalAmount: 3509_10 } }, priceUndiscounted: { gross: { fractionalAmount: 3899_00 } } });
    });

    it('a fixed-amount voucher applies in its countries and currencies only', async () => {
      const de = await shop({ country: 'DE', languageCode: 'DE', voucherCode: 'EUROPE50' });
      expect(iq3(de).pricing!.priceUndiscounted.gross.fractionalAmount - iq3(de).pricing!.price.gross.fractionalAmount).toBe(50_00);
      const us = await shop({ country: 'US', languageCode: 'EN', voucherCode: 'EUROPE50' });
      expect(us.voucher!.status).toBe('NOT_APPLICABLE_COUNTRY');
      expect(iq3(us).pricing!.onSale).toBe(false);
    });

    it('reports expired, unknown and malformed codes without failing the page or changing prices', async () => {
      for (const [code, status] of [['EXPIRED20', 'EXPIRED'], ['NOPE-NOPE', 'NOT_FOUND'], ["x'; drop table promos; --", 'INVALID'], ['A'.repeat(65), 'INVALID']] as const) {
        const c = await shop({ country: 'US', languageCode: 'EN', voucherCode: code });
        expect(c.voucher!.status, code).toBe(status);
        expect(iq3(c).pricing!.price.gross.fractionalAmount).toBe(3899_00);
      }
    });

    it('expires at its expiry time, by the server clock', async () => {
      clock = new Date('2027-06-30T23:59:59Z');
      expect((await shop({ country: 'US', languageCode: 'EN', voucherCode: 'SPRING10' })).voucher!.status).toBe('APPLIED');
      clock = new Date('2027-07-01T00:00:00Z');
      expect((await shop({ country: 'US', languageCode: 'EN', voucherCode: 'SPRING10' })).voucher!.status).toBe('EXPIRED');
      clock = new Date('2026-11-21T12:00:00Z');
    });
  });

  it('refuses unknown country and language codes with a GraphQL error, never a 500', async () => {
    for (const variables of [{ country: 'XX', languageCode: 'EN' }, { country: 'US', languageCode: 'XX' }, { country: 'us', languageCode: 'EN' }]) {
      const res = await t.gql(SHOP, variables);
      expect(res.status).toBeLessThan(500);
      expect(res.body.errors![0]!.message).toMatch(/got invalid value/);
    }
  });

  describe('AuthorizedUserShop: the groups restricted to signed-in users', () => {
    const AUTHORIZED = '{ shop { catalogue(country: US, languageCode: EN) { variants(group: TEAM) { sku pricing { price { gross { fractionalAmount } } } } } } }';
    const token = (claims: Record<string, unknown>, key = privateKey) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store').setSubject('user-1').setIssuedAt().setExpirationTime('5m').sign(key);

    it('refuses an anonymous caller with PermissionDenied', async () => {
      const res = await t.gql(AUTHORIZED);
      expect(res.body.errors![0]!.extensions).toMatchObject({ exception: { code: 'PermissionDenied' } });
      expect(res.body.errors![0]!.extensions!.errorId).toBeTruthy();
    });

    it('answers a signed-in user', async () => {
      const res = await t.gql<{ shop: { catalogue: { variants: Array<{ sku: string }> } } }>(AUTHORIZED, undefined, { authorization: `JWT ${await token({})}` });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data!.shop.catalogue.variants.map((v) => v.sku)).toEqual(['TEAM-ANNUAL-HUMAN', 'TEAM-ANNUAL-VET']);
    });

    it('treats a forged or expired token as anonymous', async () => {
      const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
      const forged = await token({}, other.privateKey);
      const expired = await new SignJWT({}).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store').setSubject('user-1').setExpirationTime(Math.floor(Date.now() / 1000) - 3600).sign(privateKey);
      for (const bad of [forged, expired, 'null', '']) {
        const res = await t.gql(AUTHORIZED, undefined, { authorization: `JWT ${bad}` });
        expect(res.body.errors![0]!.extensions!.exception!.code).toBe('PermissionDenied');
      }
    });
  });

  describe('CountryAddressValidation', () => {
    const Q = 'query CountryAddressValidation($countryCode: CountryCode!, $languageCode: LanguageCodeEnum) { addressValidator(countryCode: $countryCode, languageCode: $languageCode) { countryCode requiredFields countryAreaChoices { raw verbose } postalCodeType cityType countryAreaType } }';
    type Rules = { addressValidator: { countryCode: string; requiredFields: string[]; countryAreaChoices: Array<{ raw: string; verbose: string }>; postalCodeType: string; cityType: string; countryAreaType: string } };

    it('gives the United States its states and ZIP code', async () => {
      const us = (await t.gql<Rules>(Q, { countryCode: 'US' })).body.data!.addressValidator;
      expect(us).toMatchObject({ countryCode: 'US', requiredFields: ['streetAddress1', 'city', 'countryArea', 'postalCode'], postalCodeType: 'zip', countryAreaType: 'state' });
      expect(us.countryAreaChoices).toContainEqual({ raw: 'CA', verbose: 'California' });
    });

    it('names Canadian provinces in French for French', async () => {
      const ca = (await t.gql<Rules>(Q, { countryCode: 'CA', languageCode: 'FR_CA' })).body.data!.addressValidator;
      expect(ca.countryAreaChoices).toContainEqual({ raw: 'BC', verbose: 'Colombie-Britannique' });
    });

    it('answers any country code, and Germany needs no area', async () => {
      const de = (await t.gql<Rules>(Q, { countryCode: 'DE' })).body.data!.addressValidator;
      expect(de).toMatchObject({ requiredFields: ['streetAddress1', 'city', 'postalCode'], countryAreaChoices: [] });
      expect((await t.gql<Rules>(Q, { countryCode: 'JP' })).body.data!.addressValidator.countryAreaType).toBe('prefecture');
    });
  });

  describe('no N+1', () => {
    const LIST = (first: number) =>
      `{ shop { catalogue(country: DE, languageCode: DE) { products(first: ${first}) { name thumbnail { url } category { name } variants { sku pricing { price { gross { amount } } } } } } } }`;
    const statementsFor = async (query: string) => {
      const before = t.database.stats.statements;
      const res = await t.gql<{ shop: { catalogue: { products: unknown[] } } }>(query);
      expect(res.body.errors).toBeUndefined();
      return { statements: t.database.stats.statements - before, products: res.body.data!.shop.catalogue.products.length };
    };

    /** Any catalogue write moves the version (trigger), so the next query builds its snapshot from the database. */
    const coldCache = () => t.database.db.update(schema.countries).set({ position: sql`${schema.countries.position}` }).where(eq(schema.countries.code, 'DE'));

    it('a Shop query runs a small, constant number of statements however many products it lists, and as the catalogue grows', async () => {
      await coldCache();
      const one = await statementsFor(LIST(1));
      await coldCache();
      const twenty = await statementsFor(LIST(20));
      expect(twenty.products).toBe(20);
      expect(twenty.statements).toBe(one.statements);
      expect(twenty.statements).toBeLessThanOrEqual(6);

      const [type] = await t.database.db.select().from(schema.productTypes).limit(1);
      const [category] = await t.database.db.select().from(schema.categories).limit(1);
      for (let i = 0; i < 30; i++) {
        const [p] = await t.database.db.insert(schema.products).values({ slug: `grown-${i}`, name: `Grown ${i}`, shortDescription: 'x', productTypeId: type!.id, categoryId: category!.id, position: 1000 + i }).returning();
        const [v] = await t.database.db.insert(schema.productVariants).values({ productId: p!.id, sku: `GROWN-${i}`, name: 'x', market: 'HUMAN', billingPeriod: 'ONE_TIME', planKind: 'NONE' }).returning();
        await t.database.db.insert(schema.variantPrices).values({ variantId: v!.id, country: 'DE', currency: 'eur', amount: 100_00, amountUndiscounted: 100_00 });
      }
      await coldCache();
      const grown = await statementsFor(LIST(50));
      expect(grown.products).toBe(50);
      expect(grown.statements).toBe(one.statements);
    });

    it('with the cache warm, a repeated Shop query only checks the catalogue version', async () => {
      await statementsFor(LIST(20));
      expect((await statementsFor(LIST(20))).statements).toBe(1);
    });

    it('a price change shows at once: the trigger moves the catalogue version and the cache drops', async () => {
      const before = iq3(await shop({ country: 'US', languageCode: 'EN' })).pricing!.price.gross.fractionalAmount;
      const [variant] = await t.database.db.select().from(schema.productVariants).where(eq(schema.productVariants.sku, 'IQ3-USBC-HUMAN'));
      await t.database.db.update(schema.variantPrices).set({ amount: before + 100 }).where(sql`${schema.variantPrices.variantId} = ${variant!.id} and ${schema.variantPrices.country} = 'US'`);
      expect(iq3(await shop({ country: 'US', languageCode: 'EN' })).pricing!.price.gross.fractionalAmount).toBe(before + 100);
      await t.database.db.update(schema.variantPrices).set({ amount: before }).where(sql`${schema.variantPrices.variantId} = ${variant!.id} and ${schema.variantPrices.country} = 'US'`);
    });
  });
});
