import { createVoucher, listVouchers, setVoucherActive, type VoucherRow } from '../../modules/promotions/index.ts';
import { AdminErrorRef, builder } from '../builder.ts';

const VoucherRef = builder.objectRef<VoucherRow>('StaffVoucher').implement({
  fields: (t) => ({
    code: t.string({ resolve: (v) => v.code ?? '' }),
    name: t.exposeString('name'),
    discountKind: t.exposeString('discountKind'),
    percent: t.float({ nullable: true, resolve: (v) => (v.discountPercent == null ? null : v.discountPercent / 1000) }),
    fixed: t.string({ nullable: true, description: 'JSON: minor units per currency', resolve: (v) => (v.discountFixed ? JSON.stringify(v.discountFixed) : null) }),
    countries: t.stringList({ resolve: (v) => v.countries }),
    skus: t.stringList({ resolve: (v) => v.voucherApplicableItemsSkus }),
    expiresAt: t.string({ nullable: true, resolve: (v) => v.expiresAt?.toISOString() ?? null }),
    usageLimit: t.exposeInt('usageLimit', { nullable: true }),
    usedCount: t.exposeInt('usedCount'),
    isActive: t.exposeBoolean('isActive'),
  }),
});

const VoucherInput = builder.inputType('StaffVoucherInput', {
  fields: (t) => ({
    code: t.string({ required: true }), name: t.string({ required: true }),
    percent: t.float({ description: 'A percentage off, e.g. 15' }),
    fixed: t.string({ description: 'JSON: fixed amounts in minor units per currency, e.g. {"eur": 5000}' }),
    countries: t.stringList(), skus: t.stringList(),
    startsAt: t.string(), expiresAt: t.string(), usageLimit: t.int(), applyNTimesPerOrder: t.int(),
  }),
});

const VoucherPayload = builder.objectRef<{ voucher: VoucherRow | null; errors: Array<{ field: string | null; code: string; message: string }> }>('StaffVoucherPayload').implement({
  fields: (t) => ({
    voucher: t.field({ type: VoucherRef, nullable: true, resolve: (p) => p.voucher }),
    errors: t.field({ type: [AdminErrorRef], resolve: (p) => p.errors }),
  }),
});

const dateOf = (s: string | null | undefined) => (s && !Number.isNaN(Date.parse(s)) ? new Date(s) : null);

builder.queryField('vouchers', (t) => t.field({
  type: [VoucherRef],
  resolve: async (_root, _args, ctx) => {
    await ctx.require('promotions.read');
    return listVouchers(ctx.db);
  },
}));

builder.mutationFields((t) => ({
  voucherCreate: t.field({
    type: VoucherPayload,
    description: 'A code buyers can enter from now on (or from startsAt). Refused fields are named; nothing is saved then.',
    args: { input: t.arg({ type: VoucherInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const staff = await ctx.require('promotions.write');
      let fixed: Record<string, number> | null = null;
      if (input.fixed) {
        try {
          fixed = JSON.parse(input.fixed) as Record<string, number>;
        } catch {
          return { voucher: null, errors: [{ field: 'fixed', code: 'INVALID', message: 'Fixed amounts are JSON: {"eur": 5000}' }] };
        }
      }
      const invalidDate = (['startsAt', 'expiresAt'] as const).find((f) => input[f] && !dateOf(input[f]));
      if (invalidDate) return { voucher: null, errors: [{ field: invalidDate, code: 'INVALID', message: 'A date and time, e.g. 2027-01-31T23:59:59Z' }] };
      return createVoucher(ctx.db, staff, {
        code: input.code, name: input.name, percent: input.percent ?? null, fixed, countries: input.countries ?? [], skus: input.skus ?? [],
        startsAt: dateOf(input.startsAt), expiresAt: dateOf(input.expiresAt), usageLimit: input.usageLimit ?? null, applyNTimesPerOrder: input.applyNTimesPerOrder ?? null,
      });
    },
  }),
  voucherActiveSet: t.field({
    type: VoucherRef,
    nullable: true,
    args: { code: t.arg.string({ required: true }), active: t.arg.boolean({ required: true }) },
    resolve: async (_root, { code, active }, ctx) => setVoucherActive(ctx.db, await ctx.require('promotions.write'), code, active),
  }),
}));
