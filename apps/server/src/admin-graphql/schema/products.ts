import {
  CATALOGUE_LANGUAGES, listStaffProducts, loadStaffProduct, updateStaffProduct, updateStaffVariant,
  type ProductText, type StaffProduct, type StaffProductSummary, type StaffVariant, type VariantText,
} from '../../modules/catalogue/index.ts';
import { AdminErrorRef, builder } from '../builder.ts';

const ProductSummaryRef = builder.objectRef<StaffProductSummary>('StaffProductSummary').implement({
  fields: (t) => ({
    id: t.exposeInt('id'), slug: t.exposeString('slug'), name: t.exposeString('name'), category: t.exposeString('category'),
    variants: t.exposeInt('variants', { description: 'How many variants the product has' }),
    published: t.exposeInt('published', { description: 'How many of them the store shows' }),
  }),
});

const ProductTextRef = builder.objectRef<ProductText>('StaffProductText').implement({
  description: 'A product\'s texts in one catalogue language; empty where not translated (the store shows the English text).',
  fields: (t) => ({ language: t.exposeString('language'), name: t.exposeString('name'), shortDescription: t.exposeString('shortDescription') }),
});
const VariantTextRef = builder.objectRef<VariantText>('StaffVariantText').implement({
  fields: (t) => ({ language: t.exposeString('language'), name: t.exposeString('name') }),
});

const VariantRef = builder.objectRef<StaffVariant>('StaffVariant').implement({
  fields: (t) => ({
    id: t.exposeInt('id'), productId: t.exposeInt('productId'), sku: t.exposeString('sku'), name: t.exposeString('name'),
    isPublished: t.exposeBoolean('isPublished', { description: 'Shown and sold by the store' }),
    trackInventory: t.exposeBoolean('trackInventory', { description: 'Stock is counted: an order takes it, and none left means not available' }),
    stock: t.exposeInt('stock'),
    translations: t.field({ type: [VariantTextRef], resolve: (v) => v.translations }),
  }),
});

const ProductRef = builder.objectRef<StaffProduct>('StaffProduct').implement({
  fields: (t) => ({
    id: t.exposeInt('id'), slug: t.exposeString('slug'), category: t.exposeString('category'),
    translations: t.field({ type: [ProductTextRef], description: 'One per catalogue language, English first', resolve: (p) => p.translations }),
    variants: t.field({ type: [VariantRef], resolve: (p) => p.variants }),
  }),
});

const ProductTextInput = builder.inputType('StaffProductTextInput', {
  fields: (t) => ({ language: t.string({ required: true }), name: t.string({ required: true }), shortDescription: t.string({ required: true }) }),
});
const VariantTextInput = builder.inputType('StaffVariantTextInput', {
  fields: (t) => ({ language: t.string({ required: true }), name: t.string({ required: true }) }),
});
const VariantInput = builder.inputType('StaffVariantInput', {
  description: 'Only the fields given change.',
  fields: (t) => ({
    sku: t.string(), isPublished: t.boolean(), trackInventory: t.boolean(),
    stock: t.int(), stockSeen: t.int({ description: 'The stock the operator saw: when an order took some since, nothing is saved (STALE)' }),
    translations: t.field({ type: [VariantTextInput], description: 'Names per language; an empty name (not English) removes the translation' }),
  }),
});

const ProductPayload = builder.objectRef<{ product: StaffProduct | null; errors: Array<{ field: string; code: string; message: string }> }>('StaffProductPayload').implement({
  fields: (t) => ({
    product: t.field({ type: ProductRef, nullable: true, resolve: (p) => p.product }),
    errors: t.field({ type: [AdminErrorRef], resolve: (p) => p.errors }),
  }),
});
const VariantPayload = builder.objectRef<{ variant: StaffVariant | null; errors: Array<{ field: string; code: string; message: string }> }>('StaffVariantPayload').implement({
  fields: (t) => ({
    variant: t.field({ type: VariantRef, nullable: true, resolve: (p) => p.variant }),
    errors: t.field({ type: [AdminErrorRef], resolve: (p) => p.errors }),
  }),
});

builder.queryFields((t) => ({
  catalogueLanguages: t.stringList({
    description: 'The languages of the catalogue\'s texts, English (the source) first.',
    resolve: async (_root, _args, ctx) => {
      await ctx.require('catalogue.read');
      return [...CATALOGUE_LANGUAGES];
    },
  }),
  products: t.field({
    type: [ProductSummaryRef],
    description: 'Every product, in catalogue order.',
    resolve: async (_root, _args, ctx) => {
      await ctx.require('catalogue.read');
      return listStaffProducts(ctx.db);
    },
  }),
  product: t.field({
    type: ProductRef,
    nullable: true,
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await ctx.require('catalogue.read');
      return loadStaffProduct(ctx.db, args.id);
    },
  }),
}));

builder.mutationFields((t) => ({
  productUpdate: t.field({
    type: ProductPayload,
    description: 'Saves a product\'s name and short description in the languages given, audited; any error saves nothing. The store shows it with the next catalogue version.',
    args: { id: t.arg.int({ required: true }), translations: t.arg({ type: [ProductTextInput], required: true }) },
    resolve: async (_root, args, ctx) => {
      const staff = await ctx.require('catalogue.write');
      return updateStaffProduct(ctx.db, staff, args.id, { translations: args.translations });
    },
  }),
  variantUpdate: t.field({
    type: VariantPayload,
    description: 'Saves a variant\'s names, SKU, publication and stock, audited; any error saves nothing.',
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: VariantInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const staff = await ctx.require('catalogue.write');
      return updateStaffVariant(ctx.db, staff, args.id, args.input);
    },
  }),
}));
