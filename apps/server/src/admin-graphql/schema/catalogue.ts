import { findCountry } from '../../modules/shop/index.ts';
import { previewPriceChanges, pricesForCountry, setCountryPrices, type CountryPrice, type PriceChangeError } from '../../modules/catalogue/index.ts';
import { builder } from '../builder.ts';

const PriceRef = builder.objectRef<CountryPrice>('StaffPrice').implement({
  fields: (t) => ({
    sku: t.exposeString('sku'), productName: t.exposeString('productName'), variantName: t.exposeString('variantName'),
    currency: t.exposeString('currency'), amount: t.exposeInt('amount'), amountUndiscounted: t.exposeInt('amountUndiscounted'),
  }),
});

const CountryPrices = builder.objectRef<{ country: string; pricesEntered: string; prices: CountryPrice[] }>('StaffCountryPrices').implement({
  fields: (t) => ({
    country: t.exposeString('country'),
    pricesEntered: t.string({ description: 'gross or net: how this country\'s prices are entered (and stored)', resolve: (c) => c.pricesEntered }),
    prices: t.field({ type: [PriceRef], resolve: (c) => c.prices }),
  }),
});

const PriceChangeInput = builder.inputType('StaffPriceChange', {
  fields: (t) => ({ sku: t.string({ required: true }), amount: t.int({ required: true }), amountUndiscounted: t.int() }),
});

const ChangedPrice = builder.objectRef<{ before: CountryPrice; after: { amount: number; amountUndiscounted: number } }>('StaffChangedPrice').implement({
  fields: (t) => ({
    sku: t.string({ resolve: (c) => c.before.sku }),
    name: t.string({ resolve: (c) => `${c.before.productName} · ${c.before.variantName}` }),
    currency: t.string({ resolve: (c) => c.before.currency }),
    amountBefore: t.int({ resolve: (c) => c.before.amount }),
    amountAfter: t.int({ resolve: (c) => c.after.amount }),
    listBefore: t.int({ resolve: (c) => c.before.amountUndiscounted }),
    listAfter: t.int({ resolve: (c) => c.after.amountUndiscounted }),
  }),
});
const PriceErrorRef = builder.objectRef<PriceChangeError>('StaffPriceError').implement({
  fields: (t) => ({ sku: t.exposeString('sku', { nullable: true }), code: t.exposeString('code'), message: t.exposeString('message') }),
});
const PriceChangesPayload = builder.objectRef<Awaited<ReturnType<typeof previewPriceChanges>> & { saved: boolean }>('StaffPriceChanges').implement({
  fields: (t) => ({
    saved: t.exposeBoolean('saved'),
    changed: t.field({ type: [ChangedPrice], resolve: (p) => p.changed }),
    errors: t.field({ type: [PriceErrorRef], resolve: (p) => p.errors }),
  }),
});

async function country(code: string) {
  return /^[A-Z]{2}$/.test(code) ? code : null;
}

builder.queryFields((t) => ({
  countryPrices: t.field({
    type: CountryPrices,
    nullable: true,
    description: 'Every priced variant of a country, as the country enters prices (gross or net); null for a country without prices.',
    args: { country: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await ctx.require('catalogue.read');
      const code = await country(args.country);
      const row = code ? await findCountry(ctx.db, code) : null;
      if (!row) return null;
      return { country: row.code, pricesEntered: row.pricesEntered, prices: await pricesForCountry(ctx.db, row.code) };
    },
  }),
  priceChangesPreview: t.field({
    type: PriceChangesPayload,
    description: 'What a bulk price edit for one country would change, every price before and after; nothing is saved.',
    args: { country: t.arg.string({ required: true }), changes: t.arg({ type: [PriceChangeInput], required: true }) },
    resolve: async (_root, args, ctx) => {
      await ctx.require('catalogue.read');
      return { ...(await previewPriceChanges(ctx.db, args.country, args.changes)), saved: false };
    },
  }),
}));

builder.mutationField('countryPricesUpdate', (t) => t.field({
  type: PriceChangesPayload,
  description: 'Saves a bulk price edit for one country, all or nothing, one audit entry per price. Storefront caches drop the old prices with the catalogue version.',
  args: { country: t.arg.string({ required: true }), changes: t.arg({ type: [PriceChangeInput], required: true }) },
  resolve: async (_root, args, ctx) => {
    const staff = await ctx.require('catalogue.write');
    const result = await setCountryPrices(ctx.db, staff, args.country, args.changes);
    return { ...result, saved: !result.errors.length && result.changed.length > 0 };
  },
}));
