import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { schema } from '@probe/db';
import type { Queryable } from './users.ts';

const { identityUserTokens: t } = schema;

export type LinkPurpose = 'verify_email' | 'reset_password';

/** How long a link works. */
export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

function hash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new one-use link token for the user (256 random bits; only its SHA-256 is stored). Earlier unused
 * links of the same purpose stop working: only the newest e-mail's link does.
 */
export async function issueLinkToken(db: Queryable, userId: string, purpose: LinkPurpose, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.update(t).set({ usedAt: now }).where(and(eq(t.userId, userId), eq(t.purpose, purpose), isNull(t.usedAt)));
  await db.insert(t).values({ tokenHash: hash(token), purpose, userId, createdAt: now, expiresAt: new Date(now.getTime() + LINK_TTL_MS[purpose]) });
  return token;
}

/** The user a link is for, if it is unused and unexpired; uses nothing. */
export async function peekLinkToken(db: Queryable, token: string, purpose: LinkPurpose, now: Date): Promise<string | null> {
  const [row] = await db.select({ userId: t.userId }).from(t).where(valid(token, purpose, now)).limit(1);
  return row?.userId ?? null;
}

/** Uses the link once: the user it was for, or null if it is unknown, used or expired. */
export async function consumeLinkToken(db: Queryable, token: string, purpose: LinkPurpose, now: Date): Promise<string | null> {
  const [row] = await db.update(t).set({ usedAt: now }).where(valid(token, purpose, now)).returning({ userId: t.userId });
  return row?.userId ?? null;
}

/** Whose link this was, used, replaced or expired as it may be: only to say "already done" rather than "invalid". */
export async function linkTokenOwner(db: Queryable, token: string, purpose: LinkPurpose): Promise<string | null> {
  const [row] = await db.select({ userId: t.userId }).from(t).where(and(eq(t.tokenHash, hash(token)), eq(t.purpose, purpose))).limit(1);
  return row?.userId ?? null;
}

function valid(token: string, purpose: LinkPurpose, now: Date) {
  return and(eq(t.tokenHash, hash(token)), eq(t.purpose, purpose), isNull(t.usedAt), gt(t.expiresAt, now));
}
