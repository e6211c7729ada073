import { REQUIRED_DEVICE_SKUS, URL_LANGUAGES } from '@probe/domain';
import { schema, type Database } from '@probe/db';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { audit, type Actor } from '../staff/index.ts';

/** The catalogue's languages: English is the source text (the products and variants rows), the 13 others are translations. */
const SOURCE = 'en';
export const CATALOGUE_LANGUAGES: readonly string[] = [SOURCE, ...URL_LANGUAGES.filter((l) => l !== SOURCE)];

export interface StaffChangeError { field: string; code: 'NOT_FOUND' | 'INVALID' | 'REQUIRED' | 'TAKEN' | 'IN_USE' | 'STALE'; message: string }

export interface StaffProductSummary { id: number; slug: string; name: string; category: string; variants: number; published: number }
export interface ProductText { language: string; name: string; shortDescription: string }
export interface VariantText { language: string; name: string }
export interface StaffVariant { id: number; productId: number; sku: string; name: string; isPublished: boolean; trackInventory: boolean; stock: number; translations: VariantText[] }
export interface StaffProduct { id: number; slug: string; category: string; translations: ProductText[]; variants: StaffVariant[] }

const NAME_MAX = 200;
const DESCRIPTION_MAX = 2000;
const STOCK_MAX = 1_000_000;
const SKU = /^[A-Z0-9][A-Z0-9._-]{1,63}$/;

/** Every product with how many of its variants the store shows, in catalogue order. */
export async function listStaffProducts(db: Pick<Database, 'select'>): Promise<StaffProductSummary[]> {
  return db
    .select({
      id: schema.products.id, slug: schema.products.slug, name: schema.products.name, category: schema.categories.name,
      variants: sql<number>`count(${schema.productVariants.id})::int`,
      published: sql<number>`count(${schema.productVariants.id}) filter (where ${schema.productVariants.isPublished})::int`,
    })
    .from(schema.products)
    .innerJoin(schema.categories, eq(schema.categories.id, schema.products.categoryId))
    .leftJoin(schema.productVariants, eq(schema.productVariants.productId, schema.products.id))
    .groupBy(schema.products.id, schema.categories.name)
    .orderBy(asc(schema.products.position), asc(schema.products.id));
}

/** A product with its texts in every catalogue language (English first; '' where not translated) and its variants. */
export async function loadStaffProduct(db: Pick<Database, 'select'>, id: number): Promise<StaffProduct | null> {
  const [product] = await db
    .select({ id: schema.products.id, slug: schema.products.slug, name: schema.products.name, shortDescription: schema.products.shortDescription, category: schema.categories.name })
    .from(schema.products).innerJoin(schema.categories, eq(schema.categories.id, schema.products.categoryId))
    .where(eq(schema.products.id, id));
  if (!product) return null;
  const [texts, variants] = await Promise.all([
    db.select().from(schema.productTranslations).where(eq(schema.productTranslations.productId, id)),
    db.select().from(schema.productVariants).where(eq(schema.productVariants.productId, id)).orderBy(asc(schema.productVariants.position), asc(schema.productVariants.id)),
  ]);
  const variantTexts = variants.length
    ? await db.select().from(schema.variantTranslations).where(inArray(schema.variantTranslations.variantId, variants.map((v) => v.id)))
    : [];
  return {
    id: product.id, slug: product.slug, category: product.category,
    translations: CATALOGUE_LANGUAGES.map((language) => {
      if (language === SOURCE) return { language, name: product.name, shortDescription: product.shortDescription };
      const text = texts.find((t) => t.language === language);
      return { language, name: text?.name ?? '', shortDescription: text?.shortDescription ?? '' };
    }),
    variants: variants.map((v) => ({
      id: v.id, productId: v.productId, sku: v.sku, name: v.name, isPublished: v.isPublished, trackInventory: v.trackInventory, stock: v.stock,
      translations: CATALOGUE_LANGUAGES.map((language) => ({
        language, name: language === SOURCE ? v.name : (variantTexts.find((t) => t.variantId === v.id && t.language === language)?.name ?? ''),
      })),
    })),
  };
}

/** Checks texts per language: English is required; another language is either fully given or left empty (it then falls back to English). */
function checkTexts<T extends { language: string; name: string }>(texts: T[], describe: (t: T) => Array<[field: string, value: string, max: number]>): StaffChangeError[] {
  const errors: StaffChangeError[] = [];
  const seen = new Set<string>();
  for (const text of texts) {
    if (!CATALOGUE_LANGUAGES.includes(text.language) || seen.has(text.language)) {
      errors.push({ field: `translations.${text.language}`, code: 'INVALID', message: `${text.language} is not a catalogue language, or is given twice` });
      continue;
    }
    seen.add(text.language);
    const fields = describe(text);
    const filled = fields.filter(([, value]) => value.trim());
    for (const [field, value, max] of fields) {
      const key = `translations.${text.language}.${field}`;
      if (!value.trim() && (text.language === SOURCE || filled.length)) errors.push({ field: key, code: 'REQUIRED', message: text.language === SOURCE ? 'The English text is required' : 'Fill in every text of this language, or none to use the English one' });
      else if (value.trim().length > max) errors.push({ field: key, code: 'INVALID', message: `At most ${max} characters` });
    }
  }
  return errors;
}

const differs = <T extends object>(a: T, b: T) => JSON.stringify(a) !== JSON.stringify(b);

/** Saves a product's name and short description in the languages given, with one audit entry; an error saves nothing. */
export async function updateStaffProduct(db: Database, actor: Actor, id: number, input: { translations: ProductText[] }) {
  const texts = input.translations.map((t) => ({ language: t.language, name: t.name.trim(), shortDescription: t.shortDescription.trim() }));
  const errors = checkTexts(texts, (t) => [['name', t.name, NAME_MAX], ['shortDescription', t.shortDescription, DESCRIPTION_MAX]]);
  const before = await loadStaffProduct(db, id);
  if (!before) return { product: null, errors: [{ field: 'id', code: 'NOT_FOUND', message: 'No product has this id' } as StaffChangeError] };
  if (errors.length) return { product: before, errors };
  const changed = texts.filter((t) => differs(t, before.translations.find((b) => b.language === t.language)!));
  if (!changed.length) return { product: before, errors };
  await db.transaction(async (tx) => {
    for (const text of changed) {
      if (text.language === SOURCE) await tx.update(schema.products).set({ name: text.name, shortDescription: text.shortDescription }).where(eq(schema.products.id, id));
      else if (!text.name) await tx.delete(schema.productTranslations).where(and(eq(schema.productTranslations.productId, id), eq(schema.productTranslations.language, text.language)));
      else {
        await tx.insert(schema.productTranslations).values({ productId: id, ...text })
          .onConflictDoUpdate({ target: [schema.productTranslations.productId, schema.productTranslations.language], set: { name: text.name, shortDescription: text.shortDescription } });
      }
    }
    await audit(tx, actor, 'product.update', `product:${id}`,
      { slug: before.slug, translations: changed.map((t) => before.translations.find((b) => b.language === t.language)) }, { slug: before.slug, translations: changed });
  });
  return { product: await loadStaffProduct(db, id), errors };
}

export interface VariantChange {
  sku?: string | null;
  isPublished?: boolean | null;
  trackInventory?: boolean | null;
  /** The new stock, and the stock the operator saw: a sale taken since is not overwritten (STALE). */
  stock?: number | null;
  stockSeen?: number | null;
  translations?: VariantText[] | null;
}

/** Saves a variant's texts, SKU, publication and stock in one transaction with one audit entry; an error saves nothing. */
export async function updateStaffVariant(db: Database, actor: Actor, id: number, input: VariantChange) {
  const [current] = await db.select().from(schema.productVariants).where(eq(schema.productVariants.id, id));
  if (!current) return { variant: null, errors: [{ field: 'id', code: 'NOT_FOUND', message: 'No variant has this id' } as StaffChangeError] };
  const texts = (input.translations ?? []).map((t) => ({ language: t.language, name: t.name.trim() }));
  const errors = checkTexts(texts, (t) => [['name', t.name, NAME_MAX]]);
  const sku = input.sku?.trim().toUpperCase();
  if (sku != null && sku !== current.sku) {
    if (!SKU.test(sku)) errors.push({ field: 'sku', code: 'INVALID', message: 'A SKU is 2–64 capital letters, digits, dots, dashes or underscores' });
    else if ((Object.values(REQUIRED_DEVICE_SKUS) as string[]).includes(current.sku)) errors.push({ field: 'sku', code: 'IN_USE', message: `The store's code relies on ${current.sku}: it cannot be renamed here` });
    else if ((await db.select({ id: schema.productVariants.id }).from(schema.productVariants).where(and(eq(schema.productVariants.sku, sku), ne(schema.productVariants.id, id)))).length) {
      errors.push({ field: 'sku', code: 'TAKEN', message: `${sku} is another variant's SKU` });
    } else if ((await db.select({ id: schema.promos.id }).from(schema.promos).where(sql`${current.sku} = any(${schema.promos.voucherApplicableItemsSkus})`)).length) {
      errors.push({ field: 'sku', code: 'IN_USE', message: `A voucher names ${current.sku}: change the voucher first` });
    }
  }
  if (input.stock != null && !(Number.isInteger(input.stock) && input.stock >= 0 && input.stock <= STOCK_MAX)) {
    errors.push({ field: 'stock', code: 'INVALID', message: `Stock is a whole number from 0 to ${STOCK_MAX}` });
  }
  if (errors.length) return { variant: await staffVariant(db, current.productId, id), errors };

  const set: Partial<typeof schema.productVariants.$inferInsert> = {};
  if (sku != null && sku !== current.sku) set.sku = sku;
  if (input.isPublished != null && input.isPublished !== current.isPublished) set.isPublished = input.isPublished;
  if (input.trackInventory != null && input.trackInventory !== current.trackInventory) set.trackInventory = input.trackInventory;
  const source = texts.find((t) => t.language === SOURCE);
  if (source && source.name !== current.name) set.name = source.name;
  const oldTexts = texts.length ? await db.select().from(schema.variantTranslations).where(eq(schema.variantTranslations.variantId, id)) : [];
  const changedTexts = texts.filter((t) => t.language !== SOURCE && t.name !== (oldTexts.find((o) => o.language === t.language)?.name ?? ''));

  const result = await db.transaction(async (tx) => {
    // Locked, so a sale between the check and the write waits, and the operator's number never hides it.
    const [locked] = await tx.select({ stock: schema.productVariants.stock }).from(schema.productVariants).where(eq(schema.productVariants.id, id)).for('update');
    if (input.stock != null && input.stock !== locked!.stock) {
      if (input.stockSeen != null && input.stockSeen !== locked!.stock) {
        return [{ field: 'stock', code: 'STALE', message: `The stock is now ${locked!.stock} (an order took some since you looked): check it and save again` } as StaffChangeError];
      }
      set.stock = input.stock;
    }
    if (!Object.keys(set).length && !changedTexts.length) return [];
    if (Object.keys(set).length) await tx.update(schema.productVariants).set(set).where(eq(schema.productVariants.id, id));
    for (const text of changedTexts) {
      if (!text.name) await tx.delete(schema.variantTranslations).where(and(eq(schema.variantTranslations.variantId, id), eq(schema.variantTranslations.language, text.language)));
      else await tx.insert(schema.variantTranslations).values({ variantId: id, ...text }).onConflictDoUpdate({ target: [schema.variantTranslations.variantId, schema.variantTranslations.language], set: { name: text.name } });
    }
    const was = Object.fromEntries(Object.keys(set).map((k) => [k, k === 'stock' ? locked!.stock : current[k as keyof typeof current]]));
    await audit(tx, actor, 'variant.update', `variant:${id}`,
      { sku: current.sku, ...was, ...(changedTexts.length ? { translations: changedTexts.map((t) => ({ language: t.language, name: oldTexts.find((o) => o.language === t.language)?.name ?? '' })) } : {}) },
      { sku: set.sku ?? current.sku, ...set, ...(changedTexts.length ? { translations: changedTexts } : {}) });
    return [];
  });
  return { variant: await staffVariant(db, current.productId, id), errors: result };
}

async function staffVariant(db: Pick<Database, 'select'>, productId: number, id: number): Promise<StaffVariant | null> {
  return (await loadStaffProduct(db, productId))?.variants.find((v) => v.id === id) ?? null;
}
