import { schema, type Database } from '@probe/db';
import { asc, eq } from 'drizzle-orm';
import { audit, type Actor } from '../staff/index.ts';
import { PROMO_TRANSLATION_LANGUAGES } from './promos.ts';
import { checkCountries, checkLink, checkPages, checkPeriod, checkText, clean, type FieldError } from './checks.ts';

/** Spec §3 Banner: a message with a link, shown on the chosen storefront pages in the chosen countries while current. */
export type BannerRow = typeof schema.banners.$inferSelect;

export interface BannerInput {
  content: string; url: string | null; visibility: string[]; countries: string[]; startsAt: Date | null; endsAt: Date | null;
  /** Its message in other store languages; left out, those saved before stay (where none is written, buyers read the English). */
  translations?: BannerTranslation[];
}

export interface BannerTranslation { language: string; content: string | null }

/** A banner's messages in the other store languages, by language. */
export async function bannerTranslations(db: Pick<Database, 'select'>, bannerId: number): Promise<Array<{ language: string; content: string }>> {
  return db.select({ language: schema.bannerTranslations.language, content: schema.bannerTranslations.content }).from(schema.bannerTranslations)
    .where(eq(schema.bannerTranslations.bannerId, bannerId)).orderBy(asc(schema.bannerTranslations.language));
}

export function listBanners(db: Pick<Database, 'select'>): Promise<BannerRow[]> {
  return db.select().from(schema.banners).orderBy(asc(schema.banners.id));
}

const view = ({ id: _id, ...b }: BannerRow) => b;

/** Creates a banner (id null) or changes one; audited in the same transaction; nothing written when a field is refused. */
export async function saveBanner(db: Database, actor: Actor, id: number | null, input: BannerInput): Promise<{ banner: BannerRow | null; errors: FieldError[] }> {
  const errors: FieldError[] = [];
  checkText(errors, 'content', input.content, 200, 'The message buyers read');
  checkLink(errors, 'url', clean(input.url));
  checkPages(errors, 'visibility', input.visibility);
  checkCountries(errors, 'countries', input.countries);
  checkPeriod(errors, 'endsAt', input.startsAt, input.endsAt);
  for (const tr of input.translations ?? []) {
    if (!(PROMO_TRANSLATION_LANGUAGES as readonly string[]).includes(tr.language)) errors.push({ field: 'translations', code: 'INVALID', message: `Not a language of the store besides English: ${tr.language}` });
    checkText(errors, 'translations', tr.content, 200, null);
  }
  if (errors.length) return { banner: null, errors };
  return db.transaction(async (tx) => {
    const [before] = id === null ? [null] : await tx.select().from(schema.banners).where(eq(schema.banners.id, id)).for('update');
    if (before === undefined) return { banner: null, errors: [{ field: null, code: 'NOT_FOUND' as const, message: 'No banner has this id' }] };
    const values = { content: input.content.trim(), url: clean(input.url), visibility: input.visibility, countries: input.countries, startsAt: input.startsAt, endsAt: input.endsAt };
    const [row] = before
      ? await tx.update(schema.banners).set(values).where(eq(schema.banners.id, before.id)).returning()
      : await tx.insert(schema.banners).values(values).returning();
    if (input.translations) {
      await tx.delete(schema.bannerTranslations).where(eq(schema.bannerTranslations.bannerId, row!.id));
      const rows = input.translations.map((tr) => ({ bannerId: row!.id, language: tr.language, content: clean(tr.content) })).filter((tr): tr is { bannerId: number; language: string; content: string } => Boolean(tr.content));
      if (rows.length) await tx.insert(schema.bannerTranslations).values(rows);
    }
    await audit(tx, actor, before ? 'banner.update' : 'banner.create', `banner:${row!.id}`, before ? view(before) : null, view(row!));
    return { banner: row!, errors: [] };
  });
}

/** Removes a banner; the audit log keeps what it was. */
export async function deleteBanner(db: Database, actor: Actor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(schema.banners).where(eq(schema.banners.id, id)).returning();
    if (row) await audit(tx, actor, 'banner.delete', `banner:${row.id}`, view(row), null);
    return Boolean(row);
  });
}
