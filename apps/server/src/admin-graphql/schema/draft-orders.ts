import {
  cancelDraft, createDraft, deleteDraft, draftById, draftNumber, listDrafts, sendPayLink, updateDraft, type DraftError, type DraftInput, type DraftSummary,
} from '../../modules/draft-orders/index.ts';
import { STORE_COUNTRIES, URL_LANGUAGES } from '@probe/domain';
import { addressRules, type AddressRules } from '../../modules/address/index.ts';
import { AdminErrorRef, builder } from '../builder.ts';
import type { AdminContext } from '../context.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

const DraftAddressRef = builder.objectRef<NonNullable<DraftSummary['shippingAddress']>>('StaffDraftAddress').implement({
  fields: (t) => ({
    firstName: t.exposeString('firstName'), lastName: t.exposeString('lastName'), companyName: t.exposeString('companyName'),
    streetAddress1: t.exposeString('streetAddress1'), streetAddress2: t.exposeString('streetAddress2'), city: t.exposeString('city'),
    postalCode: t.exposeString('postalCode'), countryArea: t.exposeString('countryArea'), country: t.exposeString('country'), phone: t.exposeString('phone'),
  }),
});

const DraftLineRef = builder.objectRef<DraftSummary['lines'][number]>('StaffDraftLine').implement({
  fields: (t) => ({
    variantId: t.exposeInt('variantId'), sku: t.exposeString('sku'), name: t.exposeString('name'), quantity: t.exposeInt('quantity'),
    unitPrice: t.int({ description: 'Gross, minor units, priced now for its market', resolve: (l) => l.unitGross }),
    total: t.int({ resolve: (l) => l.totalGross }),
  }),
});

export const DraftRef = builder.objectRef<DraftSummary>('StaffDraftOrder').implement({
  description: 'An order written by staff for a phone or e-mail sale, priced and taxed as a checkout of its market, paid by the buyer through a pay link.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    number: t.string({ description: 'D-00001', resolve: (d) => draftNumber(d.id) }),
    state: t.exposeString('state', { description: 'DRAFT (not sent), SENT (its pay link is out), PAID (an order now: orderNumber), CANCELLED' }),
    email: t.exposeString('email'), country: t.exposeString('country'), language: t.exposeString('language'), currency: t.exposeString('currency'),
    note: t.exposeString('note', { nullable: true }),
    lines: t.field({ type: [DraftLineRef], resolve: (d) => d.lines }),
    subtotal: t.exposeInt('subtotal'), shipping: t.exposeInt('shipping'), tax: t.exposeInt('tax'), total: t.exposeInt('total'),
    shippingAddress: t.field({ type: DraftAddressRef, nullable: true, resolve: (d) => d.shippingAddress }),
    billingAddress: t.field({ type: DraftAddressRef, nullable: true, resolve: (d) => d.billingAddress }),
    vatNumber: t.exposeString('vatNumber', { nullable: true, description: 'The buyer company\'s EU VAT number, as checked (with its country prefix)' }),
    reverseCharge: t.exposeBoolean('reverseCharge', { description: 'No VAT: an intra-EU sale to a company with a valid VAT number of another member state' }),
    linkSentAt: t.string({ nullable: true, resolve: (d) => iso(d.linkSentAt) }),
    linkExpiresAt: t.string({ nullable: true, resolve: (d) => iso(d.linkExpiresAt) }),
    orderNumber: t.exposeString('orderNumber', { nullable: true, description: 'The order it became once paid' }),
    createdAt: t.string({ resolve: (d) => d.createdAt.toISOString() }),
  }),
});

const DraftAddressInput = builder.inputType('StaffDraftAddressInput', {
  fields: (t) => ({
    firstName: t.string(), lastName: t.string(), companyName: t.string(), streetAddress1: t.string(), streetAddress2: t.string(),
    city: t.string(), postalCode: t.string(), countryArea: t.string(), country: t.string(), phone: t.string(),
  }),
});
const DraftLineInput = builder.inputType('StaffDraftLineInput', {
  fields: (t) => ({ variantId: t.int(), sku: t.string({ description: 'Instead of variantId' }), quantity: t.int({ required: true }) }),
});
const DraftInputRef = builder.inputType('StaffDraftOrderInput', {
  fields: (t) => ({
    email: t.string({ required: true }), country: t.string({ required: true }), language: t.string({ required: true }),
    lines: t.field({ type: [DraftLineInput], required: true }),
    shippingAddress: t.field({ type: DraftAddressInput, required: true }),
    billingAddress: t.field({ type: DraftAddressInput, description: 'The shipping address when left out' }),
    vatNumber: t.string({ description: 'A company\'s EU VAT number: checked as the checkout checks it (format for the country, then VIES); removes VAT for another member state' }),
    note: t.string(),
  }),
});

const DraftPayload = builder.objectRef<{ draft: DraftSummary | null; errors: DraftError[] }>('StaffDraftOrderPayload').implement({
  fields: (t) => ({
    draft: t.field({ type: DraftRef, nullable: true, resolve: (p) => p.draft }),
    errors: t.field({ type: [AdminErrorRef], resolve: (p) => p.errors }),
  }),
});

const depsOf = (ctx: AdminContext) => ({ db: ctx.db, catalogue: ctx.catalogue, now: ctx.now, log: ctx.log, vat: ctx.vat });
const inputOf = (input: typeof DraftInputRef.$inferInput): DraftInput => ({
  email: input.email, country: input.country.toUpperCase(), language: input.language, lines: input.lines,
  shippingAddress: input.shippingAddress, billingAddress: input.billingAddress ?? null, vatNumber: input.vatNumber ?? null, note: input.note ?? null,
});

const DraftVariantRef = builder.objectRef<{ variantId: number; sku: string; name: string; price: number; currency: string }>('StaffDraftVariant').implement({
  description: 'An item a draft may hold in a market, at its price there now (gross as entered, minor units).',
  fields: (t) => ({ variantId: t.exposeInt('variantId'), sku: t.exposeString('sku'), name: t.exposeString('name'), price: t.exposeInt('price'), currency: t.exposeString('currency') }),
});

const AreaChoiceRef = builder.objectRef<AddressRules['countryAreaChoices'][number]>('StaffAreaChoice').implement({
  fields: (t) => ({ raw: t.exposeString('raw'), verbose: t.exposeString('verbose') }),
});
const AddressRulesRef = builder.objectRef<AddressRules>('StaffAddressRules').implement({
  description: 'A country\'s address shape, as the storefront\'s address form uses it (Google\'s address data).',
  fields: (t) => ({
    requiredFields: t.exposeStringList('requiredFields'),
    countryAreaChoices: t.field({ type: [AreaChoiceRef], resolve: (r) => r.countryAreaChoices }),
    postalCodeType: t.exposeString('postalCodeType', { description: 'zip or postal' }),
    hasPostalCode: t.boolean({ resolve: (r) => r.postalCodeRequired || r.postalCodePattern !== null }),
  }),
});

builder.queryFields((t) => ({
  draftOrderAddressRules: t.field({
    type: AddressRulesRef,
    nullable: true,
    description: 'The address fields of a country (which are required, its areas, ZIP or postal code) for a draft\'s address.',
    args: { country: t.arg.string({ required: true }), language: t.arg.string() },
    resolve: async (_root, { country, language }, ctx) => {
      await ctx.require('orders.read');
      return addressRules(country, language ?? null);
    },
  }),
  draftOrderCountries: t.stringList({
    description: 'The countries a draft order may be written for (the store\'s markets)',
    resolve: async (_root, _args, ctx) => {
      await ctx.require('orders.read');
      return [...STORE_COUNTRIES];
    },
  }),
  draftOrderLanguages: t.stringList({
    description: 'The languages of the store (a draft\'s pay link and e-mail speak one)',
    resolve: async (_root, _args, ctx) => {
      await ctx.require('orders.read');
      return [...URL_LANGUAGES];
    },
  }),
  draftOrderVariants: t.field({
    type: [DraftVariantRef],
    description: 'The items sold in a country, at their price there now, for a draft\'s lines.',
    args: { country: t.arg.string({ required: true }) },
    resolve: async (_root, { country }, ctx) => {
      await ctx.require('orders.read');
      const snapshot = await ctx.catalogue.snapshot(country.toUpperCase(), 'en');
      return (snapshot?.products ?? []).flatMap((p) => p.variants.filter((v) => v.price).map((v) => ({
        variantId: v.id, sku: v.sku, name: v.name ? `${p.name} · ${v.name}` : p.name, price: v.price!.amount, currency: v.price!.currency,
      })));
    },
  }),
  draftOrders: t.field({
    type: [DraftRef],
    description: 'Draft orders, newest first (at most 100); `states` narrows them to some states.',
    args: { states: t.arg.stringList() },
    resolve: async (_root, { states }, ctx) => {
      await ctx.require('orders.read');
      return listDrafts(depsOf(ctx), { states: states ?? null });
    },
  }),
  draftOrder: t.field({
    type: DraftRef, nullable: true, args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, { id }, ctx) => {
      await ctx.require('orders.read');
      return draftById(depsOf(ctx), id);
    },
  }),
}));

builder.mutationFields((t) => ({
  draftOrderCreate: t.field({
    type: DraftPayload,
    description: 'Writes a draft order: the buyer\'s e-mail, market (country, language), lines, addresses and a note; priced and taxed as a checkout of that market. Order managers and owners; audited.',
    args: { input: t.arg({ type: DraftInputRef, required: true }) },
    resolve: async (_root, { input }, ctx) => createDraft(depsOf(ctx), await ctx.require('orders.manage'), inputOf(input)),
  }),
  draftOrderUpdate: t.field({
    type: DraftPayload,
    description: 'Rewrites a draft that is not paid or cancelled, whole. Audited.',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: DraftInputRef, required: true }) },
    resolve: async (_root, { id, input }, ctx) => updateDraft(depsOf(ctx), await ctx.require('orders.manage'), id, inputOf(input)),
  }),
  draftOrderDelete: t.field({
    type: DraftPayload,
    description: 'Deletes a draft whose pay link was never sent (a sent one is cancelled instead). Audited.',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, { id }, ctx) => ({ draft: null, ...(await deleteDraft(depsOf(ctx), await ctx.require('orders.manage'), id)) }),
  }),
  draftOrderCancel: t.field({
    type: DraftPayload,
    description: 'Cancels a draft not yet paid: its pay link says it was cancelled and can no longer be paid. Audited.',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, { id }, ctx) => cancelDraft(depsOf(ctx), await ctx.require('orders.manage'), id),
  }),
  draftOrderSendPayLink: t.field({
    type: DraftPayload,
    description: 'E-mails the buyer a pay link to the draft (in its language, valid 14 days); sending again replaces the link. Audited.',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, { id }, ctx) => sendPayLink({ ...depsOf(ctx), publicUrl: ctx.publicUrl }, await ctx.require('orders.manage'), id),
  }),
}));
