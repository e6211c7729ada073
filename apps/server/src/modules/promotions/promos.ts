import { schema, type Database } from '@probe/db';
import { CHECKOUT_TYPE_NAMES, CURRENCIES, LANGUAGES, VOUCHER_CODE } from '@probe/domain';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { knownSkus } from '../catalogue/index.ts';
import { audit, type Actor } from '../staff/index.ts';
import { checkCountries, checkLink, checkPages, checkPeriod, checkText, clean, isUniqueViolation, type FieldError } from './checks.ts';

/** A promo with a code as the console shows it: every field of spec §3 Promo, the free items by SKU, how often used. */
export type PromoView = typeof schema.promos.$inferSelect & { freeSkus: string[]; translations: PromoTranslation[] };

/** A promo's name and banner message in one of the other catalogue languages (English is the promo's own). */
export interface PromoTranslation { language: string; name: string | null; bannerMessage: string | null }

/** The languages a promo's texts are written in besides English (en-US reads the English). */
export const PROMO_TRANSLATION_LANGUAGES = LANGUAGES.filter((l) => l !== 'en' && l !== 'en-US');

export const CODE_KINDS = ['VOUCHER', 'AFFILIATE', 'REFERRAL'] as const;

export interface PromoInput {
  code: string;
  name: string;
  codeKind: string;
  /** A percentage off (e.g. 15 or 12.5), or fixed amounts per currency in minor units, or neither when it only adds free items. */
  percent: number | null;
  fixed: Record<string, number> | null;
  countries: string[];
  startsAt: Date | null;
  expiresAt: Date | null;
  attributionDays: number | null;
  applyNTimesPerOrder: number | null;
  usageLimit: number | null;
  bannerMessage: string | null;
  bannerLink: string | null;
  bannerColor: string | null;
  bannerVisibilityPages: string[];
  freeSkus: string[];
  skus: string[];
  bundles: string[];
  /** The texts in other languages; left out, those saved before stay as they are. */
  translations?: PromoTranslation[];
}

// "promos"."id" is qualified by hand: drizzle prints a lone "id" in a one-table select, which the subquery would read as v.id.
const freeSkusOf = sql<string[] | null>`(select array_agg(v.sku order by v.sku) from promo_free_variants f join product_variants v on v.id = f.variant_id where f.promo_id = "promos"."id")`;
const translationsOf = sql<PromoTranslation[] | null>`(select json_agg(json_build_object('language', t.language, 'name', t.name, 'bannerMessage', t.banner_message) order by t.language) from promo_translations t where t.promo_id = "promos"."id")`;

/** The promos buyers enter a code for (the code-less student prices are catalogue data), newest first. */
export async function listPromos(db: Pick<Database, 'select'>, id?: number): Promise<PromoView[]> {
  const rows = await db.select({ promo: schema.promos, freeSkus: freeSkusOf, translations: translationsOf }).from(schema.promos)
    .where(id === undefined ? sql`${schema.promos.code} is not null` : eq(schema.promos.id, id)).orderBy(desc(schema.promos.id));
  return rows.map((r) => ({ ...r.promo, freeSkus: r.freeSkus ?? [], translations: r.translations ?? [] }));
}

async function validate(db: Pick<Database, 'select'>, input: PromoInput, existing: PromoView | null): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const code = input.code.trim().toUpperCase();
  if (existing && code !== existing.code) errors.push({ field: 'code', code: 'INVALID', message: 'A code cannot change once buyers may hold it: make a new promo' });
  else if (!VOUCHER_CODE.test(code)) errors.push({ field: 'code', code: 'INVALID', message: 'A code is at most 64 letters, digits, dashes or underscores' });
  checkText(errors, 'name', input.name, 120, 'Name the promo (buyers see it in the cart)');
  if (!(CODE_KINDS as readonly string[]).includes(input.codeKind)) errors.push({ field: 'codeKind', code: 'INVALID', message: `One of ${CODE_KINDS.join(', ')}` });
  const fixed = Object.entries(input.fixed ?? {});
  if (input.percent != null && fixed.length) errors.push({ field: 'discount', code: 'INVALID', message: 'Give either a percentage or fixed amounts, not both' });
  else if (input.percent == null && !fixed.length && !input.freeSkus.length) errors.push({ field: 'discount', code: 'REQUIRED', message: 'Give a percentage, fixed amounts or free items' });
  if (input.percent != null && !(input.percent > 0 && input.percent <= 100)) errors.push({ field: 'percent', code: 'INVALID', message: 'A percentage above 0 and at most 100' });
  const badAmounts = fixed.filter(([currency, amount]) => !(CURRENCIES as readonly string[]).includes(currency) || !Number.isInteger(amount) || amount <= 0);
  if (badAmounts.length) errors.push({ field: 'fixed', code: 'INVALID', message: `${badAmounts.map(([c]) => c).join(', ')}: a currency of the store and a whole positive amount in minor units` });
  checkCountries(errors, 'countries', input.countries);
  checkPeriod(errors, 'expiresAt', input.startsAt, input.expiresAt);
  for (const field of ['attributionDays', 'applyNTimesPerOrder', 'usageLimit'] as const) {
    const value = input[field];
    if (value != null && !(Number.isInteger(value) && value > 0)) errors.push({ field, code: 'INVALID', message: 'A whole number above 0' });
  }
  if (existing && input.usageLimit != null && input.usageLimit < existing.usedCount) {
    errors.push({ field: 'usageLimit', code: 'INVALID', message: `It has been used ${existing.usedCount} times already` });
  }
  const hasBanner = Boolean(clean(input.bannerLink) || clean(input.bannerColor) || input.bannerVisibilityPages.length);
  checkText(errors, 'bannerMessage', input.bannerMessage, 200, hasBanner ? 'A banner needs a message' : null);
  checkLink(errors, 'bannerLink', clean(input.bannerLink));
  if (clean(input.bannerColor) && !/^#[0-9a-f]{6}$/i.test(input.bannerColor!.trim())) errors.push({ field: 'bannerColor', code: 'INVALID', message: 'A colour as #rrggbb, e.g. #0b2545' });
  checkPages(errors, 'bannerVisibilityPages', input.bannerVisibilityPages);
  for (const tr of input.translations ?? []) {
    if (!(PROMO_TRANSLATION_LANGUAGES as readonly string[]).includes(tr.language)) errors.push({ field: 'translations', code: 'INVALID', message: `Not a language of the store besides English: ${tr.language}` });
    checkText(errors, 'translations', tr.name, 120, null);
    checkText(errors, 'translations', tr.bannerMessage, 200, null);
  }
  const badBundles = input.bundles.filter((b) => !(CHECKOUT_TYPE_NAMES as readonly string[]).includes(b));
  if (badBundles.length) errors.push({ field: 'bundles', code: 'INVALID', message: `Not a kind of purchase: ${badBundles.join(', ')}` });
  const known = await knownSkus(db, [...new Set([...input.skus, ...input.freeSkus])]);
  for (const field of ['skus', 'freeSkus'] as const) {
    const unknown = input[field].filter((s) => !known.has(s));
    if (unknown.length) errors.push({ field, code: 'INVALID', message: `Unknown SKU: ${unknown.join(', ')}` });
  }
  if (!errors.length && !existing) {
    const [taken] = await db.select({ id: schema.promos.id }).from(schema.promos).where(sql`upper(${schema.promos.code}) = ${code}`);
    if (taken) errors.push({ field: 'code', code: 'UNIQUE', message: 'A promotion already uses this code' });
  }
  return errors;
}

function columnsOf(input: PromoInput) {
  return {
    code: input.code.trim().toUpperCase(),
    name: input.name.trim(),
    codeKind: input.codeKind,
    discountKind: Object.keys(input.fixed ?? {}).length ? 'FIXED' : 'PERCENT',
    discountPercent: Object.keys(input.fixed ?? {}).length ? null : Math.round((input.percent ?? 0) * 1000),
    discountFixed: Object.keys(input.fixed ?? {}).length ? input.fixed : null,
    countries: input.countries,
    startsAt: input.startsAt,
    expiresAt: input.expiresAt,
    attributionDays: input.attributionDays,
    applyNTimesPerOrder: input.applyNTimesPerOrder,
    usageLimit: input.usageLimit,
    bannerMessage: clean(input.bannerMessage),
    bannerLink: clean(input.bannerLink),
    bannerColor: clean(input.bannerColor)?.toLowerCase() ?? null,
    bannerVisibilityPages: input.bannerVisibilityPages,
    voucherApplicableItemsSkus: input.skus,
    bundles: input.bundles,
  };
}

/** What the audit log keeps of a promo: its columns and its free items. */
const snapshot = (p: PromoView) => {
  const { id: _id, usedCount: _used, ...rest } = p;
  return rest;
};

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function setFreeItems(tx: Tx, promoId: number, skus: string[]): Promise<void> {
  await tx.delete(schema.promoFreeVariants).where(eq(schema.promoFreeVariants.promoId, promoId));
  if (!skus.length) return;
  const variants = await tx.select({ id: schema.productVariants.id }).from(schema.productVariants).where(inArray(schema.productVariants.sku, skus));
  await tx.insert(schema.promoFreeVariants).values(variants.map((v) => ({ promoId, variantId: v.id, quantity: 1 })));
}

/** The texts in other languages as given: a language with neither a name nor a message has none (the English shows). */
async function setTranslations(tx: Tx, promoId: number, englishName: string, translations: PromoTranslation[]): Promise<void> {
  await tx.delete(schema.promoTranslations).where(eq(schema.promoTranslations.promoId, promoId));
  const rows = translations
    .map((t) => ({ language: t.language, name: clean(t.name), bannerMessage: clean(t.bannerMessage) }))
    .filter((t) => t.name || t.bannerMessage)
    .map((t) => ({ promoId, language: t.language, name: t.name ?? englishName, bannerMessage: t.bannerMessage }));
  if (rows.length) await tx.insert(schema.promoTranslations).values(rows);
}

export interface PromoResult { promo: PromoView | null; errors: FieldError[] }

/**
 * Creates a promo (id null) or changes one; its free items, banner and terms are what the shop reads at once
 * (the catalogue version moves with the row). Recorded in the audit log in the same transaction; nothing is written when a field is refused.
 */
export async function savePromo(db: Database, actor: Actor, id: number | null, input: PromoInput): Promise<PromoResult> {
  const [existing] = id === null ? [null] : await listPromos(db, id);
  if (existing === undefined || (existing && existing.code === null)) return { promo: null, errors: [{ field: null, code: 'NOT_FOUND', message: 'No promo has this id' }] };
  const errors = await validate(db, input, existing);
  if (errors.length) return { promo: null, errors };
  const values = columnsOf(input);
  try {
    const promo = await db.transaction(async (tx) => {
      const [row] = existing
        ? await tx.update(schema.promos).set(values).where(eq(schema.promos.id, existing.id)).returning()
        : await tx.insert(schema.promos).values(values).returning();
      await setFreeItems(tx, row!.id, [...new Set(input.freeSkus)]);
      if (input.translations) await setTranslations(tx, row!.id, values.name, input.translations);
      const [saved] = await listPromos(tx, row!.id);
      await audit(tx, actor, existing ? 'promo.update' : 'promo.create', `promo:${saved!.code}`, existing ? snapshot(existing) : null, snapshot(saved!));
      return saved!;
    });
    return { promo, errors: [] };
  } catch (error) {
    if (isUniqueViolation(error)) return { promo: null, errors: [{ field: 'code', code: 'UNIQUE', message: 'A promotion already uses this code' }] };
    throw error;
  }
}

/** Switches a promo off (or on again) without deleting it: orders that used it keep their record. */
export async function setPromoActive(db: Database, actor: Actor, id: number, active: boolean): Promise<PromoView | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ isActive: schema.promos.isActive }).from(schema.promos).where(eq(schema.promos.id, id)).for('update');
    const [row] = await tx.update(schema.promos).set({ isActive: active }).where(sql`${schema.promos.id} = ${id} and ${schema.promos.code} is not null`).returning();
    if (!row) return null;
    await audit(tx, actor, active ? 'promo.activate' : 'promo.deactivate', `promo:${row.code}`, { isActive: before!.isActive }, { isActive: active });
    return (await listPromos(tx, id))[0]!;
  });
}
