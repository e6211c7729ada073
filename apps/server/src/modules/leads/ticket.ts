import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema, type Database } from '@probe/db';

const META_KEY = 'forms_ticket_secret';

/**
 * The key that signs form tickets: FORMS_TICKET_SECRET, else one made once and kept in the database, so
 * every instance and every restart accepts the tickets of pages rendered before it.
 */
export async function ticketSecret(db: Database, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured);
  await db.insert(schema.appMeta).values({ key: META_KEY, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select().from(schema.appMeta).where(eq(schema.appMeta.key, META_KEY));
  return Buffer.from(row!.value);
}

/**
 * A ticket says when a form was shown (`{ms}.{hmac}`), so the time a visitor took to fill it can be
 * checked without trusting the page: a real person needs seconds, a script posts at once.
 */
export function issueTicket(secret: Buffer, formId: number, shownAt: Date): string {
  const ms = String(shownAt.getTime());
  return `${ms}.${sign(secret, formId, ms)}`;
}

/** When the ticket says the form was shown, or null for a forged, altered or foreign ticket. */
export function readTicket(secret: Buffer, formId: number, ticket: string): Date | null {
  const match = /^(\d{10,16})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match) return null;
  const expected = Buffer.from(sign(secret, formId, match[1]!));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? new Date(Number(match[1])) : null;
}

function sign(secret: Buffer, formId: number, ms: string): string {
  return createHmac('sha256', secret).update(`${formId}.${ms}`).digest('base64url');
}
