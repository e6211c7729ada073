import { APP_VERSION, PROGRAM_FLAGS } from '@probe/domain';
import { builder } from '../builder.ts';
import { StoreTypeEnum } from '../enums.ts';
import type { OfferRow } from '../../modules/catalogue/index.ts';
import type { GraphQLContext } from '../context.ts';
import { geolocate, findCountry, listEnabledCountries, type CountryRow, type ShopSettingsRow } from '../../modules/shop/index.ts';
import { bcp47, LanguageCodeEnum, type LanguageCode } from '../language-code.ts';

export const SeatConfiguration = builder.objectRef<{ minSeats: number; maxSeats: number }>('SeatConfiguration').implement({
  fields: (t) => ({ minSeats: t.exposeInt('minSeats'), maxSeats: t.exposeInt('maxSeats') }),
});

/** Spec §9 promo and program flags, and the copy flag for 20 imaging presets (19 when off). */
const ProgramFlags = builder.objectRef<Record<string, boolean>>('ProgramFlags').implement({
  fields: (t) => ({
    ...Object.fromEntries(PROGRAM_FLAGS.map((flag) => [flag, t.boolean({ resolve: (flags) => flags[flag] === true })])),
    twentyImagingPresets: t.boolean({ resolve: (flags) => flags.twentyImagingPresets === true }),
  }),
});

const Offer = builder.objectRef<OfferRow>('Offer').implement({
  fields: (t) => ({
    slug: t.exposeString('slug'),
    startDate: t.string({ resolve: (o) => o.startDate.toISOString() }),
    endDate: t.string({ nullable: true, resolve: (o) => o.endDate?.toISOString() ?? null }),
    hasEnded: t.boolean({ description: 'Whether the offer is over (by the server\'s clock).', resolve: (o, _a, ctx) => !!o.endDate && o.endDate < ctx.now() }),
  }),
});

interface CountryDisplay {
  row: CountryRow;
  languageCode: LanguageCode | null;
}

const displayNames = new Map<string, Intl.DisplayNames>();
function countryName({ row, languageCode }: CountryDisplay): string {
  if (!languageCode || languageCode === 'EN') return row.name;
  const tag = bcp47(languageCode);
  let names = displayNames.get(tag);
  if (!names) displayNames.set(tag, (names = new Intl.DisplayNames([tag], { type: 'region', fallback: 'none' })));
  return names.of(row.code) ?? row.name;
}

const Country = builder.objectRef<CountryDisplay>('Country').implement({
  description: 'A country the store knows, with its display name in the requested language.',
  fields: (t) => ({
    code: t.string({ resolve: (c) => c.row.code }),
    country: t.string({ resolve: countryName }),
    countryPermissions: t.stringList({ resolve: (c) => c.row.permissions }),
  }),
});

const Geolocalization = builder.objectRef<{ ctx: GraphQLContext }>('Geolocalization').implement({
  fields: (t) => ({
    country: t.field({
      type: Country,
      nullable: true,
      description: 'The visitor\'s country when it is one the store knows, else null.',
      resolve: async ({ ctx }) => {
        const { headers, clientIp } = ctx.requester();
        const code = geolocate(headers, clientIp, ctx.config.GEO_COUNTRY_HEADER, ctx.geoLookup);
        const row = code ? await findCountry(ctx.db, code) : null;
        return row ? { row, languageCode: null } : null;
      },
    }),
  }),
});

/** The shop root; its settings row is read at most once per request, whichever fields ask for it. */
interface ShopRoot {
  settings: () => Promise<ShopSettingsRow>;
}

export const Shop = builder.objectRef<ShopRoot>('Shop');

Shop.implement({
  fields: (t) => ({
    countries: t.field({
      type: [Country],
      description: 'The store countries, in the store\'s order.',
      args: { languageCode: t.arg({ type: LanguageCodeEnum, required: false }) },
      resolve: async (_shop, { languageCode }, ctx) =>
        (await listEnabledCountries(ctx.db)).map((row) => ({ row, languageCode: languageCode ?? null })),
    }),
    geolocalization: t.field({ type: Geolocalization, resolve: (_shop, _args, ctx) => ({ ctx }) }),
    maintenanceMode: t.boolean({ resolve: async (shop) => (await shop.settings()).maintenanceMode }),
    maintenanceAccessAllowed: t.boolean({
      description: 'Whether this visitor may use the store while maintenance mode is on.',
      resolve: async (shop, _a, ctx) => {
        const ip = ctx.requester().clientIp;
        return ctx.config.MAINTENANCE_ALLOW_IPS.includes(ip) || (await shop.settings()).maintenanceAllowIps.includes(ip);
      },
    }),
    maintenancePageHeader: t.string({ nullable: true, resolve: async (shop) => (await shop.settings()).maintenancePageHeader }),
    maintenancePageContent: t.string({ nullable: true, resolve: async (shop) => (await shop.settings()).maintenancePageContent }),
    maintenancePageUrl: t.string({ nullable: true, resolve: async (shop) => (await shop.settings()).maintenancePageUrl }),
    storeType: t.field({ type: StoreTypeEnum, resolve: async (shop) => (await shop.settings()).storeType as never }),
    teamBaseNumCloudUsers: t.int({ resolve: async (shop) => (await shop.settings()).teamBaseNumCloudUsers }),
    maxDevices: t.int({ resolve: async (shop) => (await shop.settings()).maxDevices }),
    maxCloudUsers: t.int({ resolve: async (shop) => (await shop.settings()).maxCloudUsers }),
    teamConfiguration: t.field({
      type: SeatConfiguration,
      resolve: async (shop) => ({ minSeats: (await shop.settings()).teamMinSeats, maxSeats: (await shop.settings()).teamMaxSeats }),
    }),
    clinicConfiguration: t.field({
      type: SeatConfiguration,
      resolve: async (shop) => ({ minSeats: (await shop.settings()).clinicMinSeats, maxSeats: (await shop.settings()).clinicMaxSeats }),
    }),
    programFlags: t.field({ type: ProgramFlags, resolve: async (shop) => (await shop.settings()).programFlags }),
    currentOffers: t.field({
      type: [Offer],
      description: 'Offers running now.',
      resolve: async (_shop, _args, ctx) => {
        const now = ctx.now();
        return (await ctx.catalogue.offers()).filter((o) => o.startDate <= now && (!o.endDate || o.endDate >= now));
      },
    }),
    offer: t.field({
      type: Offer,
      nullable: true,
      description: 'An offer by its slug, running, coming or over: a product reached through an ended offer says it has ended.',
      args: { slug: t.arg.string({ required: true }) },
      resolve: async (_shop, { slug }, ctx) => (await ctx.catalogue.offers()).find((o) => o.slug === slug) ?? null,
    }),
    appVersion: t.string({ resolve: () => APP_VERSION }),
  }),
});

builder.queryField('shop', (t) =>
  t.field({
    type: Shop,
    resolve: (_root, _args, ctx) => {
      return { settings: () => ctx.catalogue.settings() };
    },
  }),
);
