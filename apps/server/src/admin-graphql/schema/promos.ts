import { CHECKOUT_TYPE_NAMES, PROMO_STATES, promoState } from '@probe/domain';
import { BANNER_PAGES, CODE_KINDS, listPromos, PROMO_TRANSLATION_LANGUAGES, savePromo, setPromoActive, type PromoTranslation, type PromoView } from '../../modules/promotions/index.ts';
import { AdminErrorRef, builder, type AdminError } from '../builder.ts';
import type { AdminContext } from '../context.ts';
import { readDates } from './input-dates.ts';

const PromoTranslationRef = builder.objectRef<PromoTranslation>('StaffPromoTranslation').implement({
  description: 'A promo\'s name and banner message in another store language; where none is written, buyers read the English.',
  fields: (t) => ({ language: t.exposeString('language'), name: t.exposeString('name', { nullable: true }), bannerMessage: t.exposeString('bannerMessage', { nullable: true }) }),
});
const PromoTranslationInput = builder.inputType('StaffPromoTranslationInput', {
  fields: (t) => ({
    language: t.string({ required: true, description: `One of ${PROMO_TRANSLATION_LANGUAGES.join(', ')}` }),
    name: t.string(), bannerMessage: t.string(),
  }),
});

const PromoRef = builder.objectRef<PromoView>('StaffPromo').implement({
  description: 'A promo with a code (spec §3 Promo): its terms, its banner, and how often orders used it.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    code: t.string({ resolve: (p) => p.code ?? '' }),
    name: t.exposeString('name'),
    codeKind: t.exposeString('codeKind'),
    percent: t.float({ nullable: true, description: 'Percent off (0 for a promo that only adds free items)', resolve: (p) => (p.discountPercent == null ? null : p.discountPercent / 1000) }),
    fixed: t.string({ nullable: true, description: 'JSON: minor units per currency', resolve: (p) => (p.discountFixed ? JSON.stringify(p.discountFixed) : null) }),
    countries: t.exposeStringList('countries'),
    startsAt: t.string({ nullable: true, resolve: (p) => p.startsAt?.toISOString() ?? null }),
    expiresAt: t.string({ nullable: true, resolve: (p) => p.expiresAt?.toISOString() ?? null }),
    attributionDays: t.exposeInt('attributionDays', { nullable: true }),
    applyNTimesPerOrder: t.exposeInt('applyNTimesPerOrder', { nullable: true }),
    usageLimit: t.exposeInt('usageLimit', { nullable: true }),
    usedCount: t.exposeInt('usedCount', { description: 'Orders placed with it' }),
    bannerMessage: t.exposeString('bannerMessage', { nullable: true }),
    bannerLink: t.exposeString('bannerLink', { nullable: true }),
    bannerColor: t.exposeString('bannerColor', { nullable: true }),
    bannerVisibilityPages: t.exposeStringList('bannerVisibilityPages'),
    freeProductVariants: t.stringList({ description: 'SKUs added free of charge', resolve: (p) => p.freeSkus }),
    voucherApplicableItemsSKUs: t.exposeStringList('voucherApplicableItemsSkus'),
    bundles: t.exposeStringList('bundles'),
    isActive: t.exposeBoolean('isActive', { description: 'Switched on (false: switched off by staff)' }),
    state: t.string({ description: `How it stands now: ${PROMO_STATES.join(', ')} (switched off, not started, past its end, used up, usable)`, resolve: (p) => promoState(p, new Date()) }),
    translations: t.field({ type: [PromoTranslationRef], description: 'Its texts in the other store languages', resolve: (p) => p.translations }),
  }),
});

const PromoInput = builder.inputType('StaffPromoInput', {
  fields: (t) => ({
    code: t.string({ required: true, description: 'Cannot change once made' }),
    name: t.string({ required: true }),
    codeKind: t.string({ description: `${CODE_KINDS.join(', ')}; VOUCHER when left out` }),
    percent: t.float({ description: 'A percentage off, e.g. 15' }),
    fixed: t.string({ description: 'JSON: fixed amounts in minor units per currency, e.g. {"eur": 5000}' }),
    countries: t.stringList(), startsAt: t.string(), expiresAt: t.string(),
    attributionDays: t.int(), applyNTimesPerOrder: t.int(), usageLimit: t.int(),
    bannerMessage: t.string(), bannerLink: t.string(), bannerColor: t.string({ description: '#rrggbb' }),
    bannerVisibilityPages: t.stringList({ description: `Storefront pages: ${BANNER_PAGES.join(', ')}` }),
    freeProductVariants: t.stringList({ description: 'SKUs added free of charge' }),
    voucherApplicableItemsSKUs: t.stringList({ description: 'SKUs it discounts; empty: every item' }),
    bundles: t.stringList({ description: 'Kinds of purchase (checkout types) it applies to; empty: all' }),
    translations: t.field({ type: [PromoTranslationInput], description: 'Its name and banner message in other store languages (all of them: a language left out has none); left out, those saved stay' }),
  }),
});

const PromoPayload = builder.objectRef<{ promo: PromoView | null; errors: AdminError[] }>('StaffPromoPayload').implement({
  fields: (t) => ({
    promo: t.field({ type: PromoRef, nullable: true, resolve: (p) => p.promo }),
    errors: t.field({ type: [AdminErrorRef], resolve: (p) => p.errors }),
  }),
});

const PromoOptions = builder.objectRef<Record<string, never>>('StaffPromoOptions').implement({
  description: 'The choices a promo or banner form offers: storefront pages, kinds of purchase, kinds of code.',
  fields: (t) => ({
    bannerPages: t.stringList({ resolve: () => [...BANNER_PAGES] }),
    bundles: t.stringList({ resolve: () => [...CHECKOUT_TYPE_NAMES] }),
    codeKinds: t.stringList({ resolve: () => [...CODE_KINDS] }),
  }),
});

builder.queryField('promoOptions', (t) => t.field({
  type: PromoOptions,
  resolve: async (_root, _args, ctx) => {
    await ctx.require('promotions.read');
    return {};
  },
}));

builder.queryField('promos', (t) => t.field({
  type: [PromoRef],
  description: 'Promos with codes, newest first, with how often each was used.',
  resolve: async (_root, _args, ctx) => {
    await ctx.require('promotions.read');
    return listPromos(ctx.db);
  },
}));

type Input = typeof PromoInput.$inferInput;

async function save(input: Input, id: number | null, ctx: AdminContext) {
  const staff = await ctx.require('promotions.write');
  const { dates, errors } = readDates(input, ['startsAt', 'expiresAt'] as const);
  let fixed: Record<string, number> | null = null;
  if (input.fixed?.trim()) {
    try {
      fixed = JSON.parse(input.fixed) as Record<string, number>;
      if (typeof fixed !== 'object' || fixed === null || Array.isArray(fixed)) throw new Error('not an object');
    } catch {
      errors.push({ field: 'fixed', code: 'INVALID', message: 'Fixed amounts are JSON: {"eur": 5000}' });
    }
  }
  if (errors.length) return { promo: null, errors };
  return savePromo(ctx.db, staff, id, {
    code: input.code, name: input.name, codeKind: input.codeKind ?? 'VOUCHER', percent: input.percent ?? null, fixed,
    countries: input.countries ?? [], startsAt: dates.startsAt, expiresAt: dates.expiresAt,
    attributionDays: input.attributionDays ?? null, applyNTimesPerOrder: input.applyNTimesPerOrder ?? null, usageLimit: input.usageLimit ?? null,
    bannerMessage: input.bannerMessage ?? null, bannerLink: input.bannerLink ?? null, bannerColor: input.bannerColor ?? null,
    bannerVisibilityPages: input.bannerVisibilityPages ?? [], freeSkus: input.freeProductVariants ?? [], skus: input.voucherApplicableItemsSKUs ?? [], bundles: input.bundles ?? [],
    ...(input.translations ? { translations: input.translations.map((tr) => ({ language: tr.language, name: tr.name ?? null, bannerMessage: tr.bannerMessage ?? null })) } : {}),
  });
}

builder.mutationFields((t) => ({
  promoCreate: t.field({
    type: PromoPayload,
    description: 'A promo buyers can use from now on (or from startsAt). Refused fields are named; nothing is saved then.',
    args: { input: t.arg({ type: PromoInput, required: true }) },
    resolve: (_root, { input }, ctx) => save(input, null, ctx),
  }),
  promoUpdate: t.field({
    type: PromoPayload,
    description: 'Changes a promo\'s terms or banner (not its code); the shop answers with the change at once.',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: PromoInput, required: true }) },
    resolve: (_root, { id, input }, ctx) => save(input, id, ctx),
  }),
  promoActiveSet: t.field({
    type: PromoRef,
    nullable: true,
    description: 'Switches a promo off (buyers can no longer use it, its banner goes) or on again.',
    args: { id: t.arg.int({ required: true }), active: t.arg.boolean({ required: true }) },
    resolve: async (_root, { id, active }, ctx) => setPromoActive(ctx.db, await ctx.require('promotions.write'), id, active),
  }),
}));
