import { schema } from '@probe/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENT_BUDGETS } from './statement-budgets.ts';
import { Measured, OPERATIONS, ORG, startCountingApp, type CountingApp, type Run } from './statement-count-support.ts';

/**
 * Issue 18: a statement count per GraphQL operation the storefront sends, within the budget of
 * statement-budgets.ts, and no growth with the size of the lists it answers. This file: the table covers
 * every operation, and the shop's and the catalogue's anonymous reads; statement-counts-account.test.ts
 * and statement-counts-checkout.test.ts measure the rest.
 */
const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe('the budget table', () => {
  it('has one line for every operation the storefront sends, and only for those', () => {
    expect(Object.keys(STATEMENT_BUDGETS).sort()).toEqual([...OPERATIONS.keys()].sort());
    expect(OPERATIONS.size).toBeGreaterThan(60);
  });

  it('says why wherever it allows more than 3 statements', () => {
    const unexplained = Object.entries(STATEMENT_BUDGETS).filter(([, [max, , , why]]) => max > 3 && !why?.trim());
    expect(unexplained.map(([name]) => name)).toEqual([]);
  });
});

describe(`the shop and the catalogue, anonymous (${DB})`, () => {
  let c: CountingApp;
  const measured = new Measured('shop');
  beforeAll(async () => {
    c = await startCountingApp();
  });
  afterAll(async () => {
    measured.print();
    await c?.t.close();
  });

  /** Any catalogue write moves its version (a trigger), so the next read builds the snapshot from the database. */
  const coldCache = () => c.t.database.db.update(schema.countries).set({ position: sql`${schema.countries.position}` }).where(eq(schema.countries.code, 'DE'));
  const cold = async (name: string, variables: Record<string, unknown>) => {
    await coldCache();
    return c.run(name, variables, 'anonymous');
  };

  it('the shop\'s own reads', async () => {
    measured.within('EnabledCountries', await c.run('EnabledCountries', { languageCode: 'DE' }, 'anonymous'));
    measured.within('Geolocalization', await c.run('Geolocalization', {}, 'anonymous'));
    measured.within('MaintenanceQuery', await c.run('MaintenanceQuery', {}, 'anonymous'));
    measured.within('Shop', await cold('Shop', { country: 'DE', languageCode: 'DE' }));
    measured.within('CountryAddressValidation', await c.run('CountryAddressValidation', { countryCode: 'US', languageCode: 'EN' }, 'anonymous'));
    const [offer] = await c.t.database.db.select().from(schema.offers).limit(1);
    const found = await cold('ProductOffer', { slug: offer!.slug });
    expect(found.data.shop.offer.slug).toBe(offer!.slug);
    measured.within('ProductOffer', found);
    const [membership] = await c.t.database.db.select().from(schema.organizationMemberships).where(eq(schema.organizationMemberships.organizationId, ORG.lakeside)).limit(1);
    const referrer = await c.run('Referrer', { token: membership!.referrerToken }, 'anonymous');
    expect(referrer.data.referrer.organizationName).toBe('Lakeside Clinic');
    measured.within('Referrer', referrer);
  });

  it('a marketing form, and a lead sent with it', async () => {
    const form = await c.run('LeadForm', { path: 'demo', languageCode: 'EN' }, 'anonymous');
    expect(form.data.leadForm.fields.length).toBeGreaterThan(3);
    measured.within('LeadForm', form);
    const values: Record<string, string> = {
      FIRST_NAME: 'Ada', LAST_NAME: 'Lovelace', EMAIL: 'ada@example.com', PHONE: '(202) 555-0123', ORGANIZATION_NAME: 'Lakeside Clinic',
      JOB_TITLE: 'PHYSICIAN', PRACTICE_PLACE: 'HOSPITAL', COUNTRY: 'US', COUNTRY_AREA: 'New York', POSTAL_CODE: '10001', EMAIL_OPT_IN: 'true',
    };
    const sent = await c.run('LeadFormSubmit', {
      input: { path: 'demo', submissionId: crypto.randomUUID(), ticket: form.data.leadForm.ticket, fields: Object.entries(values).map(([key, value]) => ({ key, value })), languageCode: 'EN', countryCode: 'us' },
    }, 'anonymous');
    expect(sent.data.leadFormSubmit.errors).toEqual([]);
    measured.within('LeadFormSubmit', sent);
  });

  /** The catalogue screens' reads (cold), with the variables the storefront sends. */
  const CATALOGUE: Array<[string, Record<string, unknown>]> = [
    ['Home', { country: 'DE', languageCode: 'DE', page: 'home' }],
    ['PromoBanners', { country: 'DE', languageCode: 'DE' }],
    ['Pricing', { country: 'DE', languageCode: 'DE' }],
    ['GroupCards', { country: 'DE', languageCode: 'DE', group: 'ACCESSORIES' }],
    ['AccessoriesStep', { country: 'DE', languageCode: 'DE', device: 'iq3' }],
    ['Product', { country: 'DE', languageCode: 'DE', slug: 'iq3' }],
    ['FlowCatalogue', { country: 'DE', languageCode: 'DE' }],
    ['UpgradeCatalogue', { country: 'DE', languageCode: 'DE' }],
  ];

  it('the catalogue screens: within budget, and not one statement more with three times the products, variants, promos and offers', async () => {
    const small = new Map<string, Run>();
    for (const [name, variables] of CATALOGUE) {
      const run = await cold(name, variables);
      measured.within(name, run);
      small.set(name, run);
    }
    await growCatalogue();
    for (const [name, variables] of CATALOGUE) measured.noGrowth(name, small.get(name)!, await cold(name, variables));
  });

  it('measured every line of its area, and grew every list', () => {
    measured.expectComplete();
  });

  /** More of everything the catalogue screens list: variants in every group (one more on the iq3 too), promos with banners, offers. */
  async function growCatalogue() {
    const db = c.t.database.db;
    const groups = (await db.selectDistinct({ group: schema.variantGroups.group }).from(schema.variantGroups)).map((g) => g.group);
    const [type] = await db.select().from(schema.productTypes).limit(1);
    const [category] = await db.select().from(schema.categories).limit(1);
    const [iq3] = await db.select().from(schema.products).where(eq(schema.products.slug, 'iq3'));
    for (const [i, group] of groups.entries()) {
      const [product] = await db.insert(schema.products).values({ slug: `grown-${i}`, name: `Grown ${i}`, shortDescription: 'x', productTypeId: type!.id, categoryId: category!.id, position: 1000 + i }).returning();
      for (const [j, market] of (['HUMAN', 'VETERINARY', 'HUMAN'] as const).entries()) {
        const [variant] = await db.insert(schema.productVariants)
          .values({ productId: j === 2 ? iq3!.id : product!.id, sku: `GROWN-${i}-${j}`, name: 'x', market, billingPeriod: 'ONE_TIME', planKind: 'NONE', connector: 'USBC' })
          .returning();
        await db.insert(schema.variantPrices).values({ variantId: variant!.id, country: 'DE', currency: 'eur', amount: 100_00, amountUndiscounted: 120_00 });
        await db.insert(schema.variantGroups).values({ variantId: variant!.id, group });
      }
    }
    for (let i = 0; i < 3; i++) {
      await db.insert(schema.promos).values({ code: `GROWN${i}`, name: `Grown ${i}`, discountKind: 'PERCENT', discountPercent: 5000, bannerMessage: 'Grown', bannerVisibilityPages: ['home'] });
      await db.insert(schema.offers).values({ slug: `grown-offer-${i}`, startDate: new Date(Date.now() - 86_400_000), endDate: new Date(Date.now() + 30 * 86_400_000) });
    }
  }
});
