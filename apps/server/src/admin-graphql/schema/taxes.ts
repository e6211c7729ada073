import { setTaxRates, taxRatesOf, type StaffTaxRate } from '../../modules/catalogue/index.ts';
import { AdminErrorRef, builder } from '../builder.ts';

const TaxRateRef = builder.objectRef<StaffTaxRate>('StaffTaxRate').implement({
  fields: (t) => ({
    country: t.exposeString('country'),
    area: t.exposeString('area', { description: 'A state or province code; empty for the country-wide rate' }),
    taxClass: t.exposeString('taxClass', { description: 'STANDARD (devices, accessories, warranties) or DIGITAL (cloud subscriptions)' }),
    name: t.exposeString('name'),
    percent: t.exposeString('percent', { description: 'Percent with two decimals, e.g. "19.00"' }),
  }),
});

const TaxRateInput = builder.inputType('StaffTaxRateChange', {
  fields: (t) => ({
    area: t.string({ required: true }), taxClass: t.string({ required: true }),
    percent: t.string({ required: true, description: '0 to 100, at most two decimals' }), name: t.string({ required: true }),
  }),
});

const TaxRatesPayload = builder.objectRef<{ saved: boolean; rates: StaffTaxRate[]; errors: Array<{ field: string; code: string; message: string }> }>('StaffTaxRatesPayload').implement({
  fields: (t) => ({
    saved: t.exposeBoolean('saved'),
    rates: t.field({ type: [TaxRateRef], description: 'The country\'s rates after the call', resolve: (p) => p.rates }),
    errors: t.field({ type: [AdminErrorRef], description: 'field is "{area}/{taxClass}.percent" or ".name"', resolve: (p) => p.errors }),
  }),
});

const countryCode = (code: string) => (/^[A-Z]{2}$/.test(code) ? code : null);

builder.queryField('taxRates', (t) => t.field({
  type: [TaxRateRef],
  description: 'A country\'s tax rates: country-wide first, then per state or province.',
  args: { country: t.arg.string({ required: true }) },
  resolve: async (_root, args, ctx) => {
    await ctx.require('catalogue.read');
    const code = countryCode(args.country);
    return code ? taxRatesOf(ctx.db, code) : [];
  },
}));

builder.mutationField('taxRatesUpdate', (t) => t.field({
  type: TaxRatesPayload,
  description: 'Saves changed tax rates of one country, all or nothing, one audit entry per rate. The store\'s prices follow with the catalogue version.',
  args: { country: t.arg.string({ required: true }), changes: t.arg({ type: [TaxRateInput], required: true }) },
  resolve: async (_root, args, ctx) => {
    const staff = await ctx.require('catalogue.write');
    const code = countryCode(args.country);
    if (!code) return { saved: false, rates: [], errors: [{ field: 'country', code: 'INVALID', message: 'A country is a two-letter code' }] };
    const result = await setTaxRates(ctx.db, staff, code, args.changes);
    return { saved: !result.errors.length && result.changed.length > 0, rates: await taxRatesOf(ctx.db, code), errors: result.errors };
  },
}));
