import { BANNER_PAGES, bannerTranslations, PROMO_TRANSLATION_LANGUAGES, deleteBanner, deleteOffer, listBanners, listOffers, saveBanner, saveOffer, type BannerRow, type OfferRow } from '../../modules/promotions/index.ts';
import { AdminErrorRef, builder, type AdminError } from '../builder.ts';
import { readDates } from './input-dates.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

const OfferRef = builder.objectRef<OfferRow>('StaffOffer').implement({
  description: 'A dated offer (spec §3 Offer): the shop lists it in currentOffers between its start and end.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    slug: t.exposeString('slug'),
    startDate: t.string({ resolve: (o) => o.startDate.toISOString() }),
    endDate: t.string({ nullable: true, resolve: (o) => iso(o.endDate) }),
  }),
});

const BannerTranslationRef = builder.objectRef<{ language: string; content: string }>('StaffBannerTranslation').implement({
  description: 'A banner\'s message in another store language; where none is written, buyers read the English.',
  fields: (t) => ({ language: t.exposeString('language'), content: t.exposeString('content') }),
});
const BannerTranslationInput = builder.inputType('StaffBannerTranslationInput', {
  fields: (t) => ({ language: t.string({ required: true, description: `One of ${PROMO_TRANSLATION_LANGUAGES.join(', ')}` }), content: t.string() }),
});

const BannerRef = builder.objectRef<BannerRow>('StaffBanner').implement({
  description: 'A banner (spec §3 Banner): shown on the chosen storefront pages (all when none) in the chosen countries, between its dates.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    content: t.exposeString('content'),
    url: t.exposeString('url', { nullable: true }),
    visibility: t.exposeStringList('visibility'),
    countries: t.exposeStringList('countries'),
    translations: t.field({ type: [BannerTranslationRef], description: 'Its message in the other store languages', resolve: (b, _a, ctx) => bannerTranslations(ctx.db, b.id) }),
    startsAt: t.string({ nullable: true, resolve: (b) => iso(b.startsAt) }),
    endsAt: t.string({ nullable: true, resolve: (b) => iso(b.endsAt) }),
  }),
});

const OfferInput = builder.inputType('StaffOfferInput', {
  fields: (t) => ({ slug: t.string({ required: true }), startDate: t.string({ required: true }), endDate: t.string() }),
});

const BannerInput = builder.inputType('StaffBannerInput', {
  fields: (t) => ({
    content: t.string({ required: true }), url: t.string(),
    visibility: t.stringList({ description: `Storefront pages: ${BANNER_PAGES.join(', ')}; empty: every page` }),
    countries: t.stringList(), startsAt: t.string(), endsAt: t.string(),
    translations: t.field({ type: [BannerTranslationInput], description: 'Its message in other store languages (all of them: a language left out has none); left out, those saved stay' }),
  }),
});

const OfferPayload = builder.objectRef<{ offer: OfferRow | null; errors: AdminError[] }>('StaffOfferPayload').implement({
  fields: (t) => ({ offer: t.field({ type: OfferRef, nullable: true, resolve: (p) => p.offer }), errors: t.field({ type: [AdminErrorRef], resolve: (p) => p.errors }) }),
});

const BannerPayload = builder.objectRef<{ banner: BannerRow | null; errors: AdminError[] }>('StaffBannerPayload').implement({
  fields: (t) => ({ banner: t.field({ type: BannerRef, nullable: true, resolve: (p) => p.banner }), errors: t.field({ type: [AdminErrorRef], resolve: (p) => p.errors }) }),
});

builder.queryFields((t) => ({
  offers: t.field({
    type: [OfferRef],
    description: 'Every offer, by start date.',
    resolve: async (_root, _args, ctx) => {
      await ctx.require('promotions.read');
      return listOffers(ctx.db);
    },
  }),
  banners: t.field({
    type: [BannerRef],
    resolve: async (_root, _args, ctx) => {
      await ctx.require('promotions.read');
      return listBanners(ctx.db);
    },
  }),
}));

builder.mutationFields((t) => ({
  offerSave: t.field({
    type: OfferPayload,
    description: 'Creates an offer (no id) or changes one. Refused fields are named; nothing is saved then.',
    args: { id: t.arg.int(), input: t.arg({ type: OfferInput, required: true }) },
    resolve: async (_root, { id, input }, ctx) => {
      const staff = await ctx.require('promotions.write');
      const { dates, errors } = readDates(input, ['startDate', 'endDate'] as const);
      if (errors.length) return { offer: null, errors };
      return saveOffer(ctx.db, staff, id ?? null, { slug: input.slug, startDate: dates.startDate, endDate: dates.endDate });
    },
  }),
  offerDelete: t.boolean({
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, { id }, ctx) => deleteOffer(ctx.db, await ctx.require('promotions.write'), id),
  }),
  bannerSave: t.field({
    type: BannerPayload,
    description: 'Creates a banner (no id) or changes one. Refused fields are named; nothing is saved then.',
    args: { id: t.arg.int(), input: t.arg({ type: BannerInput, required: true }) },
    resolve: async (_root, { id, input }, ctx) => {
      const staff = await ctx.require('promotions.write');
      const { dates, errors } = readDates(input, ['startsAt', 'endsAt'] as const);
      if (errors.length) return { banner: null, errors };
      return saveBanner(ctx.db, staff, id ?? null, {
        content: input.content, url: input.url ?? null, visibility: input.visibility ?? [], countries: input.countries ?? [], startsAt: dates.startsAt, endsAt: dates.endsAt,
        ...(input.translations ? { translations: input.translations.map((tr) => ({ language: tr.language, content: tr.content ?? null })) } : {}),
      });
    },
  }),
  bannerDelete: t.boolean({
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, { id }, ctx) => deleteBanner(ctx.db, await ctx.require('promotions.write'), id),
  }),
}));
