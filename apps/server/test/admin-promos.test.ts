import { DEMO_USERS, schema } from '@probe/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGql, denied, startStaffApp } from './admin-support.ts';
import { readyCheckout } from './checkout-support.ts';
import type { TestApp } from './harness.ts';

const [individual, , member, vet, , lapsed, operator] = DEMO_USERS;
let t: TestApp;
const as: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  const app = await startStaffApp([[member!, 'SUPPORT'], [vet!, 'CATALOGUE_MANAGER'], [lapsed!, 'ORDER_MANAGER']]);
  t = app.t;
  as.owner = await app.sign(operator!);
  as.catalogue = await app.sign(vet!);
  as.support = await app.sign(member!);
  as.orders = await app.sign(lapsed!);
  as.buyer = await app.sign(individual!);
});
afterAll(() => t?.close());

interface Errors { errors: Array<{ field: string | null; code: string; message: string }> }
interface Promo { id: number; code: string; name: string; percent: number | null; bannerMessage: string | null; bannerColor: string | null; bannerVisibilityPages: string[]; freeProductVariants: string[]; usedCount: number; isActive: boolean }
const PROMO = 'id code name percent bannerMessage bannerColor bannerVisibilityPages freeProductVariants usedCount isActive';
const CREATE = `mutation C($i: StaffPromoInput!) { promoCreate(input: $i) { promo { ${PROMO} } errors { field code message } } }`;
const UPDATE = `mutation U($id: Int!, $i: StaffPromoInput!) { promoUpdate(id: $id, input: $i) { promo { ${PROMO} } errors { field code message } } }`;
const ACTIVE = `mutation A($id: Int!, $a: Boolean!) { promoActiveSet(id: $id, active: $a) { ${PROMO} } }`;
const LIST = `{ promos { ${PROMO} } }`;
const OFFER = 'mutation O($id: Int, $i: StaffOfferInput!) { offerSave(id: $id, input: $i) { offer { id slug startDate endDate } errors { field code } } }';
const BANNER = 'mutation B($id: Int, $i: StaffBannerInput!) { bannerSave(id: $id, input: $i) { banner { id content visibility } errors { field code } } }';

const SPRING = {
  code: 'clinic12', name: 'Clinic week', percent: 12, countries: ['US', 'CA'], expiresAt: '2099-01-31T23:59:59Z', attributionDays: 14, applyNTimesPerOrder: 2,
  bannerMessage: 'Clinic week: 12 % off cables', bannerLink: '/pricing/', bannerColor: '#1A7F37', bannerVisibilityPages: ['home', 'cart'],
  voucherApplicableItemsSKUs: ['ACC-USBC-1M'], freeProductVariants: ['ACC-USBC-3M'],
};
const shopPromos = async (country: string) =>
  (await t.gql<{ shop: { catalogue: { promos: Array<{ code: string; bannerMessage: string; bannerColor: string; bannerLink: string; bannerVisibilityPages: string[] }> } } }>(
    `{ shop { catalogue(country: ${country}, languageCode: EN) { promos { code bannerMessage bannerColor bannerLink bannerVisibilityPages } } } }`)).body.data!.shop.catalogue.promos;
const shopBanner = async (page: string, country = 'US') =>
  (await t.gql<{ shop: { catalogue: { banner: { content: string } | null } } }>(`query B($p: String) { shop { catalogue(country: ${country}, languageCode: EN) { banner(page: $p) { content } } } }`, { p: page })).body.data!.shop.catalogue.banner;
const auditFor = async (subject: string) =>
  (await adminGql<{ auditLog: Array<{ actorEmail: string; action: string; before: string | null; after: string | null }> }>(t, 'query A($s: String) { auditLog(subject: $s) { actorEmail action before after } }', { s: subject }, as.owner)).data!.auditLog;

describe('promotions in the console (issue 16): promos, offers and banners the shop answers with at once', () => {
  it('a promo made in the console is applied by the shop\'s checkout and its banner is returned on the pages chosen; edits and switching off show at once', async () => {
    const made = await adminGql<{ promoCreate: Errors & { promo: Promo } }>(t, CREATE, { i: SPRING }, as.catalogue);
    expect(made.data!.promoCreate.errors).toEqual([]);
    const promo = made.data!.promoCreate.promo;
    expect(promo).toMatchObject({ code: 'CLINIC12', percent: 12, bannerColor: '#1a7f37', bannerVisibilityPages: ['home', 'cart'], freeProductVariants: ['ACC-USBC-3M'], usedCount: 0, isActive: true });

    // The storefront's Home query: the banner, on the pages chosen, in the countries chosen only.
    expect(await shopPromos('US')).toContainEqual({ code: 'CLINIC12', bannerMessage: 'Clinic week: 12 % off cables', bannerColor: '#1a7f37', bannerLink: '/pricing/', bannerVisibilityPages: ['home', 'cart'] });
    expect((await shopPromos('DE')).map((p) => p.code)).not.toContain('CLINIC12');

    // The checkout applies it: the cable is discounted, the free item is added.
    const ready = await readyCheckout(t, { country: 'US', lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], voucherCode: 'clinic12' });
    expect(ready.checkout.voucherCode).toBe('CLINIC12');
    const lines = ready.checkout.lines as Array<{ variant: { sku: string }; isFreeItemLine: boolean; totalPrice: { gross: { fractionalAmount: number } } }>;
    expect(ready.checkout.discountAmount.fractionalAmount).toBeGreaterThan(0);
    expect(lines.find((l) => l.isFreeItemLine)?.variant.sku).toBe('ACC-USBC-3M');

    const edited = await adminGql<{ promoUpdate: Errors & { promo: Promo } }>(t, UPDATE, { id: promo.id, i: { ...SPRING, bannerMessage: 'Clinic week ends Friday', bannerVisibilityPages: ['checkout'] } }, as.owner);
    expect(edited.data!.promoUpdate.errors).toEqual([]);
    expect((await shopPromos('US')).find((p) => p.code === 'CLINIC12')).toMatchObject({ bannerMessage: 'Clinic week ends Friday', bannerVisibilityPages: ['checkout'] });

    const off = await adminGql<{ promoActiveSet: Promo }>(t, ACTIVE, { id: promo.id, a: false }, as.catalogue);
    expect(off.data!.promoActiveSet.isActive).toBe(false);
    expect((await shopPromos('US')).map((p) => p.code)).not.toContain('CLINIC12');
    await expect(readyCheckout(t, { country: 'US', lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], voucherCode: 'CLINIC12' })).rejects.toThrow(/VOUCHER_NOT_APPLICABLE/);

    const log = await auditFor('promo:CLINIC12');
    expect(log.map((a) => [a.action, a.actorEmail])).toEqual([['promo.deactivate', vet!.email], ['promo.update', operator!.email], ['promo.create', vet!.email]]);
    expect(JSON.parse(log[1]!.before!)).toMatchObject({ bannerMessage: 'Clinic week: 12 % off cables', freeSkus: ['ACC-USBC-3M'] });
    expect(JSON.parse(log[1]!.after!)).toMatchObject({ bannerMessage: 'Clinic week ends Friday', bannerVisibilityPages: ['checkout'] });
  });

  it('refuses bad fields one by one (over 100 %, an end before its start, an unknown SKU or country, a bad colour or page) and saves nothing', async () => {
    const before = await adminGql<{ promos: Promo[] }>(t, LIST, {}, as.owner);
    const bad = await adminGql<{ promoCreate: Errors & { promo: null } }>(t, CREATE, {
      i: { ...SPRING, code: 'BROKEN1', percent: 150, countries: ['US', 'XX'], startsAt: '2027-02-01T00:00:00Z', expiresAt: '2027-01-01T00:00:00Z',
        voucherApplicableItemsSKUs: ['NOPE-SKU'], freeProductVariants: ['GONE-SKU'], bannerColor: 'green', bannerVisibilityPages: ['moon'], bundles: ['NOT_A_CHECKOUT'] },
    }, as.owner);
    expect(bad.data!.promoCreate.promo).toBeNull();
    expect(bad.data!.promoCreate.errors.map((e) => e.field)).toEqual(['percent', 'countries', 'expiresAt', 'bannerColor', 'bannerVisibilityPages', 'bundles', 'skus', 'freeSkus']);
    expect(bad.data!.promoCreate.errors.find((e) => e.field === 'skus')!.message).toContain('NOPE-SKU');
    const notDates = await adminGql<{ promoCreate: Errors }>(t, CREATE, { i: { ...SPRING, code: 'BROKEN2', expiresAt: 'next week', fixed: '{eur: 5}' } }, as.owner);
    expect(notDates.data!.promoCreate.errors.map((e) => e.field)).toEqual(['expiresAt', 'fixed']);
    const noDiscount = await adminGql<{ promoCreate: Errors }>(t, CREATE, { i: { code: 'NOTHING', name: 'Nothing', bannerLink: '/x/' } }, as.owner);
    expect(noDiscount.data!.promoCreate.errors.map((e) => e.field)).toEqual(['discount', 'bannerMessage']);
    const taken = await adminGql<{ promoCreate: Errors }>(t, CREATE, { i: { code: 'spring10', name: 'Again', percent: 5 } }, as.owner);
    expect(taken.data!.promoCreate.errors).toMatchObject([{ field: 'code', code: 'UNIQUE' }]);

    // An edit that is refused leaves the promo as it was; its code cannot change.
    const spring = before.data!.promos.find((p) => p.code === 'SPRING10')!;
    const edit = await adminGql<{ promoUpdate: Errors }>(t, UPDATE, { id: spring.id, i: { code: 'SPRING11', name: 'Spring', percent: 101 } }, as.owner);
    expect(edit.data!.promoUpdate.errors.map((e) => e.field)).toEqual(['code', 'percent']);

    const after = await adminGql<{ promos: Promo[] }>(t, LIST, {}, as.owner);
    expect(after.data!.promos).toEqual(before.data!.promos);
    const rows = await t.database.db.select().from(schema.auditLog).where(inArray(schema.auditLog.subject, ['promo:BROKEN1', 'promo:BROKEN2', 'promo:NOTHING', 'promo:SPRING10']));
    expect(rows).toEqual([]);
  });

  it('says how each promo stands, as the checkout treats it: scheduled, active, expired, used up, switched off', async () => {
    const day = 86_400_000;
    const at = (days: number) => new Date(Date.now() + days * day).toISOString();
    const made: Record<string, number> = {};
    for (const [code, extra] of [['STATE-SOON', { startsAt: at(3) }], ['STATE-NOW', { startsAt: at(-3), expiresAt: at(3) }], ['STATE-PAST', { startsAt: at(-5), expiresAt: at(-1) }],
      ['STATE-USED', { usageLimit: 1 }], ['STATE-OFF', {}]] as const) {
      const answer = await adminGql<{ promoCreate: { promo: { id: number } } & Errors }>(t, CREATE, { i: { code, name: code, percent: 5, ...extra } }, as.catalogue);
      expect(answer.data!.promoCreate.errors, code).toEqual([]);
      made[code] = answer.data!.promoCreate.promo.id;
    }
    await t.database.db.update(schema.promos).set({ usedCount: 1 }).where(eq(schema.promos.code, 'STATE-USED'));
    await adminGql(t, ACTIVE, { id: made['STATE-OFF'], a: false }, as.catalogue);
    const states = Object.fromEntries((await adminGql<{ promos: Array<{ code: string; state: string }> }>(t, '{ promos { code state } }', {}, as.support)).data!.promos.map((p) => [p.code, p.state]));
    expect([states['STATE-SOON'], states['STATE-NOW'], states['STATE-PAST'], states['STATE-USED'], states['STATE-OFF']]).toEqual(['SCHEDULED', 'ACTIVE', 'EXPIRED', 'USED_UP', 'OFF']);
    // The checkout agrees: the scheduled, expired and used-up codes are refused, the running one applies.
    for (const [code, applies] of [['STATE-SOON', false], ['STATE-NOW', true], ['STATE-PAST', false], ['STATE-USED', false]] as const) {
      const ready = await readyCheckout(t, { country: 'US', lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], voucherCode: code }).catch(() => null);
      expect(Boolean(ready && ready.checkout.discountAmount.fractionalAmount > 0), code).toBe(applies);
    }
  });

  it('support and the order manager read promotions but the server refuses their changes; a buyer reads nothing', async () => {
    for (const role of ['support', 'orders'] as const) {
      expect((await adminGql<{ promos: Promo[] }>(t, LIST, {}, as[role])).data!.promos.map((p) => p.code)).toContain('SPRING10');
      expect((await adminGql<{ offers: unknown[]; banners: unknown[] }>(t, '{ offers { slug } banners { content } }', {}, as[role])).data!.offers.length).toBeGreaterThan(0);
      expect(denied(await adminGql(t, CREATE, { i: { code: 'NOPE2', name: 'x', percent: 5 } }, as[role]))).toBe(true);
      expect(denied(await adminGql(t, ACTIVE, { id: 1, a: false }, as[role]))).toBe(true);
      expect(denied(await adminGql(t, OFFER, { i: { slug: 'nope', startDate: '2027-01-01T00:00:00Z' } }, as[role]))).toBe(true);
      expect(denied(await adminGql(t, BANNER, { i: { content: 'nope' } }, as[role]))).toBe(true);
      expect(denied(await adminGql(t, 'mutation { offerDelete(id: 1) }', {}, as[role]))).toBe(true);
    }
    expect(denied(await adminGql(t, LIST, {}, as.buyer))).toBe(true);
    expect((await adminGql<{ promos: Promo[] }>(t, LIST, {}, as.owner)).data!.promos.find((p) => p.id === 1)?.isActive ?? true).toBe(true);
    expect((await t.database.db.select().from(schema.offers).where(eq(schema.offers.slug, 'nope')))).toEqual([]);
  });

  it('an offer with start and end dates is in the shop\'s current offers while it runs; an end before its start is refused', async () => {
    const current = async () => (await t.gql<{ shop: { currentOffers: Array<{ slug: string }> } }>('{ shop { currentOffers { slug } } }')).body.data!.shop.currentOffers.map((o) => o.slug);
    const backwards = await adminGql<{ offerSave: Errors & { offer: null } }>(t, OFFER, { i: { slug: 'Spring Sale!', startDate: '2027-03-01T00:00:00Z', endDate: '2027-02-01T00:00:00Z' } }, as.catalogue);
    expect(backwards.data!.offerSave).toEqual({ offer: null, errors: [{ field: 'slug', code: 'INVALID' }, { field: 'endDate', code: 'INVALID' }] });
    const taken = await adminGql<{ offerSave: Errors }>(t, OFFER, { i: { slug: 'summer-2026', startDate: '2027-03-01T00:00:00Z' } }, as.catalogue);
    expect(taken.data!.offerSave.errors).toEqual([{ field: 'slug', code: 'UNIQUE' }]);

    const made = await adminGql<{ offerSave: Errors & { offer: { id: number; slug: string } } }>(t, OFFER, { i: { slug: 'clinic-week', startDate: '2020-01-01T00:00:00Z', endDate: '2099-01-01T00:00:00Z' } }, as.catalogue);
    expect(made.data!.offerSave.errors).toEqual([]);
    expect(await current()).toContain('clinic-week');
    const ended = await adminGql<{ offerSave: Errors }>(t, OFFER, { id: made.data!.offerSave.offer.id, i: { slug: 'clinic-week', startDate: '2020-01-01T00:00:00Z', endDate: '2020-02-01T00:00:00Z' } }, as.owner);
    expect(ended.data!.offerSave.errors).toEqual([]);
    expect(await current()).not.toContain('clinic-week');
    expect((await adminGql<{ offerDelete: boolean }>(t, `mutation { offerDelete(id: ${made.data!.offerSave.offer.id}) }`, {}, as.owner)).data!.offerDelete).toBe(true);
    expect((await auditFor(`offer:${made.data!.offerSave.offer.id}`)).map((a) => a.action)).toEqual(['offer.delete', 'offer.update', 'offer.create']);
  });

  it('a banner is shown by the shop on the pages and in the countries chosen; a bad link, page or country is refused', async () => {
    const bad = await adminGql<{ bannerSave: Errors }>(t, BANNER, { i: { content: ' ', url: 'javascript:alert(1)', visibility: ['moon'], countries: ['ZZ'], startsAt: '2027-02-01T00:00:00Z', endsAt: '2027-01-01T00:00:00Z' } }, as.catalogue);
    expect(bad.data!.bannerSave.errors.map((e) => e.field)).toEqual(['content', 'url', 'visibility', 'countries', 'endsAt']);
    expect(await shopBanner('cart')).toBeNull();

    const made = await adminGql<{ bannerSave: Errors & { banner: { id: number } } }>(t, BANNER, { i: { content: 'Order by Friday for Monday delivery', url: '/shipping/', visibility: ['cart', 'checkout'], countries: ['US'] } }, as.catalogue);
    expect(made.data!.bannerSave.errors).toEqual([]);
    expect(await shopBanner('cart')).toEqual({ content: 'Order by Friday for Monday delivery' });
    expect(await shopBanner('pricing')).toBeNull();
    expect(await shopBanner('cart', 'DE')).toBeNull();

    const id = made.data!.bannerSave.banner.id;
    await adminGql(t, BANNER, { id, i: { content: 'Order by Thursday', visibility: ['pricing'], countries: ['US'] } }, as.owner);
    expect(await shopBanner('pricing')).toEqual({ content: 'Order by Thursday' });
    expect(await shopBanner('cart')).toBeNull();
    expect((await adminGql<{ bannerDelete: boolean }>(t, `mutation { bannerDelete(id: ${id}) }`, {}, as.owner)).data!.bannerDelete).toBe(true);
    expect(await shopBanner('pricing')).toBeNull();
    expect((await auditFor(`banner:${id}`)).map((a) => a.action)).toEqual(['banner.delete', 'banner.update', 'banner.create']);
  });

  it('maintenance: header, text, link and the addresses let through are refused field by field, saved together, and answered by the shop; only the owner changes them', async () => {
    const SET = 'mutation M($i: StaffMaintenanceInput!) { maintenanceSet(input: $i) { maintenance { on header content url allowIps } errors { field code } } }';
    const shop = async () => (await t.gql<{ shop: Record<string, unknown> }>('{ shop { maintenanceMode maintenanceAccessAllowed maintenancePageHeader maintenancePageContent maintenancePageUrl } }')).body.data!.shop;
    const open = await shop();
    const refused = await adminGql<{ maintenanceSet: Errors }>(t, SET, { i: { on: true, header: 'x'.repeat(201), content: 'y'.repeat(2001), url: 'ftp://example.com', allowIps: ['cafe', '127.0.0.1'] } }, as.owner);
    expect(refused.data!.maintenanceSet.errors.map((e) => e.field)).toEqual(['allowIps', 'url', 'header', 'content']);
    expect(await shop()).toEqual(open);
    for (const role of ['catalogue', 'support', 'orders'] as const) expect(denied(await adminGql(t, SET, { i: { on: true } }, as[role]))).toBe(true);
    expect((await adminGql<{ maintenance: { on: boolean } }>(t, '{ maintenance { on } }', {}, as.support)).data!.maintenance.on).toBe(false);

    const page = { on: true, header: 'Back soon', content: 'We are moving to a new warehouse.', url: 'https://status.probe.store/', allowIps: ['127.0.0.1', '2001:db8::1'] };
    const saved = await adminGql<{ maintenanceSet: Errors & { maintenance: typeof page } }>(t, SET, { i: page }, as.owner);
    expect(saved.data!.maintenanceSet).toEqual({ maintenance: page, errors: [] });
    expect(await shop()).toEqual({ maintenanceMode: true, maintenanceAccessAllowed: true, maintenancePageHeader: 'Back soon', maintenancePageContent: 'We are moving to a new warehouse.', maintenancePageUrl: 'https://status.probe.store/' });
    await adminGql(t, SET, { i: { on: false } }, as.owner);
    expect((await shop()).maintenanceMode).toBe(false);
  });
});
