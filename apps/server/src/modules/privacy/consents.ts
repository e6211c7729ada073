import { schema, type Database } from '@probe/db';
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';

const { consents, leads } = schema;

/** What a consent is for: the analytics events of the store's pages, and marketing e-mail (news, invitations). */
export const CONSENT_PURPOSES = ['ANALYTICS', 'MARKETING_EMAIL'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export type ConsentRow = typeof consents.$inferSelect;

/** The catalogue key of the wording shown and a hash of its text in the locale: `consent.text#1a2b3c4d`. */
const TEXT_VERSION = /^[a-z][A-Za-z0-9_.-]{0,80}#[0-9a-f]{8,64}$/;
/** The banner, my account, the checkout's contact step, or a marketing form by its path after /form/. */
const SOURCE = /^(banner|account|checkout|form:[A-Za-z0-9][A-Za-z0-9/_-]{0,119})$/;
const LOCALE = /^[a-z]{2}(-[A-Z]{2})?$/;
/** The browser's analytics id (as analytics events carry it). */
const ANONYMOUS_ID = /^[A-Za-z0-9-]{8,64}$/;

export interface ConsentInput {
  purpose: ConsentPurpose;
  granted: boolean;
  textVersion: string;
  source: string;
  locale: string;
  /** The signed-in user, from the call's verified token only. */
  userId?: string | null;
  /** The browser (its analytics id), when the page has one. */
  anonymousId?: string | null;
  /** The e-mail the consent is about: a lead's, or the signed-in user's for marketing. */
  email?: string | null;
  leadId?: string | null;
}

export interface ConsentError {
  code: 'INVALID';
  field: string;
  message: string;
}

type Executor = Pick<Database, 'insert' | 'update'>;

export function validateConsent(input: ConsentInput): ConsentError[] {
  const errors: ConsentError[] = [];
  const fail = (field: string, message: string) => errors.push({ code: 'INVALID', field, message });
  if (!(CONSENT_PURPOSES as readonly string[]).includes(input.purpose)) fail('purpose', `One of ${CONSENT_PURPOSES.join(', ')}`);
  if (!TEXT_VERSION.test(input.textVersion)) fail('textVersion', 'The catalogue key of the text shown and its hash: key#hex');
  if (!SOURCE.test(input.source)) fail('source', 'banner, account, checkout or form:{path}');
  if (!LOCALE.test(input.locale)) fail('locale', 'A catalogue locale such as de or en-US');
  if (input.anonymousId != null && !ANONYMOUS_ID.test(input.anonymousId)) fail('anonymousId', 'An anonymous id is 8 to 64 letters, digits or dashes');
  if (!input.userId && !input.anonymousId && !input.email) fail('anonymousId', 'A consent is someone\'s: a signed-in user, a browser id or an e-mail');
  return errors;
}

/**
 * Appends one decision (never updates one: the history is the proof). Withdrawing marketing e-mail marks
 * the person's leads, so nothing more is sent to them by the store or its CRM deliveries; granting it again
 * from my account lifts the mark.
 */
export async function recordConsent(db: Executor, input: ConsentInput, now: Date): Promise<{ consent: ConsentRow | null; errors: ConsentError[] }> {
  const errors = validateConsent(input);
  if (errors.length) return { consent: null, errors };
  const email = input.email?.trim().toLowerCase() || null;
  const [consent] = await db.insert(consents).values({
    userId: input.userId ?? null, anonymousId: input.anonymousId ?? null, email, leadId: input.leadId ?? null,
    purpose: input.purpose, granted: input.granted, textVersion: input.textVersion, source: input.source, locale: input.locale, createdAt: now,
  }).returning();
  if (input.purpose === 'MARKETING_EMAIL' && email && !input.leadId) {
    await db.update(leads).set({ marketingWithdrawnAt: input.granted ? null : now })
      .where(and(sql`lower(${leads.email}) = ${email}`, input.granted ? sql`${leads.marketingWithdrawnAt} is not null` : isNull(leads.marketingWithdrawnAt)));
  }
  return { consent: consent!, errors: [] };
}

/**
 * A user's rows: theirs, the rows of their e-mail given without an account (a form's tick), and the rows of
 * the browsers they chose in before signing in (their analytics ids) that name no other user.
 */
function ofUser(userId: string, email: string): SQL {
  return or(
    eq(consents.userId, userId),
    and(isNull(consents.userId), or(
      sql`${consents.email} = ${email.toLowerCase()}`,
      sql`${consents.anonymousId} in (select anonymous_id from consents where user_id = ${userId} and anonymous_id is not null)`,
    )),
  )!;
}

/** A user's consent history, newest first (the export). */
export async function consentHistory(db: Pick<Database, 'select'>, user: { id: string; email: string }): Promise<ConsentRow[]> {
  return db.select().from(consents).where(ofUser(user.id, user.email)).orderBy(desc(consents.createdAt), desc(consents.id));
}

/** The decision in force for each purpose a user ever decided on (my account): the latest row of each. */
export async function currentConsents(db: Pick<Database, 'selectDistinctOn'>, user: { id: string; email: string }): Promise<ConsentRow[]> {
  const rows = await db.selectDistinctOn([consents.purpose]).from(consents)
    .where(or(eq(consents.userId, user.id), and(isNull(consents.userId), sql`${consents.email} = ${user.email.toLowerCase()}`)))
    .orderBy(consents.purpose, desc(consents.createdAt), desc(consents.id));
  return rows;
}

/**
 * Whether analytics may be recorded for this browser or user: not when the latest analytics decision of
 * either is a withdrawal (made in my account, in another tab, or on another device while signed in).
 */
export async function analyticsWithdrawn(db: Pick<Database, 'select'>, who: { userId: string | null; anonymousId: string }): Promise<boolean> {
  const [latest] = await db.select({ granted: consents.granted }).from(consents)
    .where(and(eq(consents.purpose, 'ANALYTICS'), who.userId ? or(eq(consents.anonymousId, who.anonymousId), eq(consents.userId, who.userId)) : eq(consents.anonymousId, who.anonymousId)))
    .orderBy(desc(consents.createdAt), desc(consents.id)).limit(1);
  return latest?.granted === false;
}

/** The erasure's step: the person's consent history (their rows, their e-mail's, their browsers' anonymous rows). */
export async function eraseConsents(tx: Pick<Database, 'execute'>, userId: string, email: string): Promise<void> {
  await tx.execute(sql`delete from consents where user_id = ${userId} or lower(email) = ${email}
    or (user_id is null and anonymous_id in (select anonymous_id from consents where user_id = ${userId} and anonymous_id is not null))`);
}
