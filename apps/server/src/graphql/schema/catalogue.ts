import { countryPermits, REQUIRED_DEVICE_SKUS, RESTRICTED_GROUPS, THUMBNAIL_SIZES, VOUCHER_CODE, voucherStatus, type CatalogueGroup, type VoucherStatus } from '@probe/domain';
import { GraphQLError } from 'graphql';
import { builder } from '../builder.ts';
import type { GraphQLContext } from '../context.ts';
import {
  BillingPeriodEnum, CatalogueGroupEnum, ConnectorEnum, CountryCodeEnum, MarketEnum, ModelEnum, PlanTypeEnum, VoucherStatusEnum,
} from '../enums.ts';
import { permissionDenied } from '../errors.ts';
import { toGlobalId } from '../global-id.ts';
import { TaxedMoney } from '../money.ts';
import { catalogueLanguage, LanguageCodeEnum } from '../language-code.ts';
import { Shop } from './shop.ts';
import { countryRate, priceVariant, findPromoByCode, type PromoRow, type PublicPromoRow, type CatalogueProduct, type CatalogueSnapshot, type CatalogueVariant } from '../../modules/catalogue/index.ts';

/** The root of one catalogue answer: a country's snapshot plus the voucher asked for. */
interface CatalogueRoot {
  snapshot: CatalogueSnapshot;
  voucherCode: string | null;
  voucherStatus: VoucherStatus | null;
  voucher: PromoRow | null;
  now: Date;
}
interface ProductNode { p: CatalogueProduct; root: CatalogueRoot }
export interface VariantNode { v: CatalogueVariant; root: CatalogueRoot }

const Image = builder.objectRef<{ url: string; alt: string }>('Image').implement({
  fields: (t) => ({ url: t.exposeString('url'), alt: t.exposeString('alt') }),
});

const imageOf = (path: string, alt: string, size?: number) => ({ url: `/media/${path}${size ? `?size=${size}` : ''}`, alt });

const TaxRate = builder.objectRef<{ rate: number; rateType: string }>('TaxRate').implement({
  fields: (t) => ({
    rate: t.float({ description: 'Percent, e.g. 19 or 8.1.', resolve: (r) => r.rate / 1000 }),
    rateType: t.exposeString('rateType'),
  }),
});

const Category = builder.objectRef<CatalogueProduct['category']>('Category').implement({
  fields: (t) => ({ id: t.id({ resolve: (c) => toGlobalId('Category', c.id) }), slug: t.exposeString('slug'), name: t.exposeString('name') }),
});

const ProductType = builder.objectRef<CatalogueProduct['productType']>('ProductType').implement({
  fields: (t) => ({
    id: t.id({ resolve: (p) => toGlobalId('ProductType', p.id) }),
    slug: t.exposeString('slug'),
    name: t.exposeString('name'),
    isShippingRequired: t.exposeBoolean('isShippingRequired'),
  }),
});

export const VariantPricingInfo = builder.objectRef<NonNullable<ReturnType<typeof priceVariant>>>('VariantPricingInfo').implement({
  fields: (t) => ({
    onSale: t.exposeBoolean('onSale'),
    price: t.field({ type: TaxedMoney, resolve: (p) => p.price }),
    priceUndiscounted: t.field({ type: TaxedMoney, resolve: (p) => p.priceUndiscounted }),
    discount: t.field({ type: TaxedMoney, nullable: true, resolve: (p) => (p.discount.gross > 0 ? p.discount : null) }),
  }),
});

const Attribute = builder.objectRef<{ slug: string; name: string }>('Attribute').implement({
  fields: (t) => ({ id: t.id({ resolve: (a) => toGlobalId('Attribute', a.slug) }), slug: t.exposeString('slug'), name: t.exposeString('name') }),
});
const AttributeValue = builder.objectRef<{ attribute: string; value: string }>('AttributeValue').implement({
  fields: (t) => ({ id: t.id({ resolve: (v) => toGlobalId('AttributeValue', `${v.attribute}:${v.value}`) }), name: t.exposeString('value') }),
});
const SelectedAttribute = builder.objectRef<{ slug: string; name: string; value: string }>('SelectedAttribute').implement({
  fields: (t) => ({
    attribute: t.field({ type: Attribute, resolve: (a) => a }),
    values: t.field({ type: [AttributeValue], resolve: (a) => [{ attribute: a.slug, value: a.value }] }),
  }),
});

const ATTRIBUTES = [
  ['model', 'Model'], ['connector', 'Connector'], ['market', 'Market'], ['billingPeriod', 'Billing period'], ['planKind', 'Plan'],
] as const;

export const ProductVariant = builder.objectRef<VariantNode>('ProductVariant');
const Product = builder.objectRef<ProductNode>('Product');

ProductVariant.implement({
  fields: (t) => ({
    id: t.id({ resolve: ({ v }) => toGlobalId('ProductVariant', v.id) }),
    sku: t.string({ resolve: ({ v }) => v.sku }),
    name: t.string({ resolve: ({ v }) => v.name }),
    model: t.field({ type: ModelEnum, nullable: true, resolve: ({ v }) => v.model as never }),
    connector: t.field({ type: ConnectorEnum, nullable: true, resolve: ({ v }) => v.connector as never }),
    market: t.field({ type: MarketEnum, resolve: ({ v }) => v.market as never }),
    billingPeriod: t.field({ type: BillingPeriodEnum, resolve: ({ v }) => v.billingPeriod as never }),
    planKind: t.field({ type: PlanTypeEnum, resolve: ({ v }) => v.planKind as never }),
    attributes: t.field({
      type: [SelectedAttribute],
      resolve: ({ v }) =>
        ATTRIBUTES.flatMap(([slug, name]) => (v[slug] ? [{ slug, name, value: String(v[slug]) }] : [])),
    }),
    pricing: t.field({
      type: VariantPricingInfo,
      nullable: true,
      description: 'Prices in the catalogue\'s country, with its voucher where it applies; null where the variant is not sold.',
      resolve: ({ v, root }) => priceVariant(v, root.snapshot.country, root.voucherStatus === 'APPLIED' ? root.voucher : null),
    }),
    isAvailable: t.boolean({ resolve: ({ v }) => v.price !== null && (!v.trackInventory || v.stock > 0) }),
    product: t.field({ type: Product, resolve: ({ v, root }) => ({ p: v.product, root }) }),
  }),
});

Product.implement({
  fields: (t) => ({
    id: t.id({ resolve: ({ p }) => toGlobalId('Product', p.id) }),
    slug: t.string({ resolve: ({ p }) => p.slug }),
    name: t.string({ resolve: ({ p }) => p.name }),
    shortDescription: t.string({ resolve: ({ p }) => p.shortDescription }),
    descriptionJson: t.string({ description: 'Rich description (JSON).', resolve: ({ p }) => JSON.stringify(p.descriptionJson) }),
    category: t.field({ type: Category, resolve: ({ p }) => p.category }),
    productType: t.field({ type: ProductType, resolve: ({ p }) => p.productType }),
    thumbnail: t.field({
      type: Image,
      nullable: true,
      args: { size: t.arg.int({ required: false, description: `One of ${THUMBNAIL_SIZES.join(', ')}.` }) },
      resolve: ({ p }, { size }) => {
        if (size != null && !(THUMBNAIL_SIZES as readonly number[]).includes(size)) {
          throw new GraphQLError(`Thumbnail size must be one of ${THUMBNAIL_SIZES.join(', ')}`, { extensions: { exception: { code: 'INVALID' } } });
        }
        const first = p.images[0];
        return first ? imageOf(first.path, first.alt, size ?? undefined) : null;
      },
    }),
    images: t.field({ type: [Image], resolve: ({ p }) => p.images.map((i) => imageOf(i.path, i.alt)) }),
    taxRate: t.field({
      type: TaxRate,
      resolve: ({ p, root }) => ({ rate: countryRate(root.snapshot.country, p.productType.taxClass), rateType: p.productType.taxClass.toLowerCase() }),
    }),
    variants: t.field({
      type: [ProductVariant],
      description: 'Its variants, but restricted shop data (team plans, their vet variants) the country\'s countryPermissions do not permit.',
      resolve: ({ p, root }) => p.variants.filter((v) => countryPermits(root.snapshot.country.permissions, v)).map((v) => ({ v, root })),
    }),
  }),
});

const AppliedVoucher = builder.objectRef<CatalogueRoot>('CatalogueVoucher').implement({
  description: 'The voucher asked for with the catalogue, and whether its discount is in the prices.',
  fields: (t) => ({
    code: t.string({ resolve: (r) => r.voucherCode ?? '' }),
    status: t.field({ type: VoucherStatusEnum, resolve: (r) => r.voucherStatus! }),
    name: t.string({ nullable: true, resolve: (r) => (r.voucherStatus === 'APPLIED' ? (r.voucher?.name ?? null) : null) }),
  }),
});

const Banner = builder.objectRef<{ content: string; url: string | null; visibility: string[] }>('Banner').implement({
  fields: (t) => ({ content: t.exposeString('content'), url: t.exposeString('url', { nullable: true }), visibility: t.exposeStringList('visibility') }),
});

const Promo = builder.objectRef<PublicPromoRow>('Promo').implement({
  fields: (t) => ({
    code: t.exposeString('code', { nullable: true }),
    name: t.string({ resolve: (p) => p.translatedName ?? p.name }),
    discount: t.float({ nullable: true, description: 'Percent off, for percentage promos.', resolve: (p) => (p.discountPercent === null ? null : p.discountPercent / 1000) }),
    countries: t.exposeStringList('countries'),
    expiresAt: t.string({ nullable: true, resolve: (p) => p.expiresAt?.toISOString() ?? null }),
    attributionDays: t.exposeInt('attributionDays', { nullable: true }),
    applyNTimesPerOrder: t.exposeInt('applyNTimesPerOrder', { nullable: true }),
    bannerMessage: t.string({ nullable: true, resolve: (p) => p.translatedBannerMessage ?? p.bannerMessage }),
    bannerLink: t.exposeString('bannerLink', { nullable: true }),
    bannerColor: t.exposeString('bannerColor', { nullable: true }),
    bannerVisibilityPages: t.exposeStringList('bannerVisibilityPages'),
    freeProductVariants: t.stringList({ description: 'SKUs added free of charge.', resolve: (p) => p.freeSkus ?? [] }),
    voucherApplicableItemsSKUs: t.exposeStringList('voucherApplicableItemsSkus'),
    bundles: t.exposeStringList('bundles'),
  }),
});

const activeNow = (now: Date, startsAt: Date | null, endsAt: Date | null) => (!startsAt || startsAt <= now) && (!endsAt || endsAt >= now);

const Catalogue = builder.objectRef<CatalogueRoot>('Catalogue').implement({
  description: 'What the store sells in one country, in one language, at that country\'s prices.',
  fields: (t) => ({
    countryCode: t.string({ resolve: (r) => r.snapshot.country.code }),
    currency: t.string({ resolve: (r) => r.snapshot.country.currency.toUpperCase() }),
    displayGrossPrices: t.boolean({ description: 'The VAT flag: show gross prices.', resolve: (r) => r.snapshot.country.displayGrossPrices }),
    pricesIncludeTax: t.boolean({ resolve: (r) => r.snapshot.country.pricesEntered === 'gross' }),
    countryPermissions: t.stringList({ resolve: (r) => r.snapshot.country.permissions }),
    voucher: t.field({ type: AppliedVoucher, nullable: true, resolve: (r) => (r.voucherCode ? r : null) }),
    variants: t.field({
      type: [ProductVariant],
      description: 'The variants of a catalogue group, optionally of one market. TEAM groups need a signed-in user, and are offered only as far as the country\'s countryPermissions allow (TEAM_SUBSCRIPTIONS; VET_VARIANTS for their vet variants).',
      args: { group: t.arg({ type: CatalogueGroupEnum, required: true }), market: t.arg({ type: MarketEnum, required: false }) },
      resolve: (root, { group, market }, ctx) => {
        if (RESTRICTED_GROUPS.includes(group as CatalogueGroup) && !ctx.requester().userId) throw permissionDenied();
        // Restricted shop data the country's permissions do not cover is not offered there (spec 6).
        const permissions = root.snapshot.country.permissions;
        return (root.snapshot.variantsByGroup.get(group) ?? []).filter((v) => (!market || v.market === market) && countryPermits(permissions, v)).map((v) => ({ v, root }));
      },
    }),
    products: t.field({
      type: [Product],
      args: { first: t.arg.int({ required: false, defaultValue: 20 }), category: t.arg.string({ required: false }) },
      resolve: (root, { first, category }) => {
        const limit = Math.min(Math.max(first ?? 20, 0), 100);
        return root.snapshot.products.filter((p) => !category || p.category.slug === category).slice(0, limit).map((p) => ({ p, root }));
      },
    }),
    product: t.field({
      type: Product,
      nullable: true,
      args: { slug: t.arg.string({ required: true }) },
      resolve: (root, { slug }) => {
        const p = root.snapshot.productBySlug.get(slug);
        return p ? { p, root } : null;
      },
    }),
    isDevicePriced: t.boolean({
      description: 'Whether the IQ3 and the IQ+ Lightning devices are priced here; a store path for a country without them redirects.',
      resolve: (r) => Object.values(REQUIRED_DEVICE_SKUS).every((sku) => r.snapshot.variantBySku.get(sku)?.price),
    }),
    banner: t.field({
      type: Banner,
      nullable: true,
      description: 'The site banner of a page (spec §3 Banner): of those current in this country and chosen for the page, the newest.',
      args: { page: t.arg.string({ required: false }) },
      resolve: async (r, { page }, ctx) =>
        (await currentBanners(r, ctx)).find((b) => !page || !b.visibility.length || b.visibility.includes(page)) ?? null,
    }),
    banners: t.field({
      type: [Banner],
      description: 'The site banners current in this country, newest first, each with the pages chosen for it (none: every page); a page shows the first that names it.',
      resolve: (r, _a, ctx) => currentBanners(r, ctx),
    }),
    promos: t.field({
      type: [Promo],
      description: 'Promos running in this country that announce themselves with a banner.',
      resolve: async (r, _args, ctx) =>
        (await ctx.catalogue.promos(r.snapshot.language)).filter((p) => voucherStatus(p, r.snapshot.country.code, r.now) === 'APPLIED'),
    }),
  }),
});

/** The banners running now in the root's country, newest first (the newest banner chosen for a page wins). */
async function currentBanners(r: CatalogueRoot, ctx: GraphQLContext) {
  return (await ctx.catalogue.banners(r.snapshot.language))
    .filter((b) => activeNow(r.now, b.startsAt, b.endsAt) && (!b.countries.length || b.countries.includes(r.snapshot.country.code)))
    .reverse();
}

async function catalogueRoot(ctx: GraphQLContext, country: string, languageCode: string, voucherCode: string | null | undefined): Promise<CatalogueRoot> {
  const snapshot = await ctx.catalogue.snapshot(country, catalogueLanguage(languageCode));
  if (!snapshot) throw new GraphQLError(`The store does not sell in ${country}`, { extensions: { exception: { code: 'COUNTRY_NOT_AVAILABLE' } } });
  const now = ctx.now();
  const code = voucherCode?.trim() || null;
  if (!code) return { snapshot, voucherCode: null, voucherStatus: null, voucher: null, now };
  if (!VOUCHER_CODE.test(code)) return { snapshot, voucherCode: code.slice(0, 64), voucherStatus: 'INVALID', voucher: null, now };
  const voucher = await findPromoByCode(ctx.db, code);
  return { snapshot, voucherCode: code, voucherStatus: voucherStatus(voucher, snapshot.country.code, now), voucher, now };
}

builder.objectField(Shop, 'catalogue', (t) =>
  t.field({
    type: Catalogue,
    args: {
      country: t.arg({ type: CountryCodeEnum, required: true }),
      languageCode: t.arg({ type: LanguageCodeEnum, required: true }),
      voucherCode: t.arg.string({ required: false }),
    },
    resolve: (_shop, { country, languageCode, voucherCode }, ctx) => catalogueRoot(ctx, country, languageCode, voucherCode),
  }),
);

/** Saleor's TranslatableItem: the catalogue objects that carry translations. */
builder.unionType('TranslatableItem', {
  types: [Product, ProductVariant, Category],
  resolveType: (item) => ('v' in item ? ProductVariant : 'p' in item ? Product : Category),
});
