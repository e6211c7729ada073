import { schema, type Database } from '@probe/db';
import { eq, sql } from 'drizzle-orm';

/** The events the storefront pushes to its data layer (src/analytics/data-layer.ts) and copies here. */
export const ANALYTICS_EVENT_NAMES = ['page_view', 'begin_checkout', 'login', 'order_completed'] as const;

export interface AnalyticsEventInput {
  anonymousId: string;
  /** As the page claims it: ignored (the user is the one the call's token names). Kept for the spec's payload. */
  userId?: string | null;
  eventData: { name: string; body: string; timestamp: string; context: { page: { path: string; url: string } } };
}

export interface AnalyticsError {
  /** INVALID: the input; NOT_FOUND: a purchase of an order that does not exist or that the caller cannot show is theirs. */
  code: 'INVALID' | 'NOT_FOUND';
  field: string;
  message: string;
}

/** Who sent the event, from the call's verified token only. */
export interface AnalyticsSender {
  userId: string | null;
}

/** An event as sent (its body, page, ids and stamp), in bytes. */
export const MAX_EVENT_BYTES = 4 * 1024;
/** A purchase lists the order's items: it may be larger, as it is stored once per order and only for its buyer. */
export const MAX_PURCHASE_BYTES = 16 * 1024;
/** An event stamped further from the server's clock than this is refused (a replay or a wrong clock). */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;
const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

function validate(input: AnalyticsEventInput, now: Date): { errors: AnalyticsError[]; body: Record<string, unknown> | null; occurredAt: Date } {
  const errors: AnalyticsError[] = [];
  const fail = (field: string, message: string) => errors.push({ code: 'INVALID', field, message });
  const { eventData } = input;
  if (!/^[A-Za-z0-9-]{8,64}$/.test(input.anonymousId)) fail('anonymousId', 'An anonymous id is 8 to 64 letters, digits or dashes');
  if (!(ANALYTICS_EVENT_NAMES as readonly string[]).includes(eventData.name)) fail('eventData.name', `Unknown event; one of ${ANALYTICS_EVENT_NAMES.join(', ')}`);
  const { path, url } = eventData.context.page;
  const max = eventData.name === 'order_completed' ? MAX_PURCHASE_BYTES : MAX_EVENT_BYTES;
  const size = [input.anonymousId, eventData.name, eventData.body, eventData.timestamp, path, url].reduce((sum, s) => sum + Buffer.byteLength(s), 0);
  let body: Record<string, unknown> | null = null;
  if (size > max) fail('eventData.body', `The event is larger than ${max / 1024} KB`);
  else {
    try {
      const parsed: unknown = JSON.parse(eventData.body);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
      else fail('eventData.body', 'The body is a JSON object');
    } catch {
      fail('eventData.body', 'The body is not JSON');
    }
  }
  const occurredAt = new Date(eventData.timestamp);
  if (Number.isNaN(occurredAt.getTime()) || Math.abs(occurredAt.getTime() - now.getTime()) > MAX_CLOCK_SKEW_MS) fail('eventData.timestamp', 'The timestamp is not an ISO date within a day of now');
  if (!path.startsWith('/') || path.length > 2048) fail('eventData.context.page.path', 'The page path is an absolute path');
  if (!URL.canParse(url) || url.length > 4096) fail('eventData.context.page.url', 'The page URL is not a URL');
  return { errors, body, occurredAt };
}

const transactionId = (body: Record<string, unknown>): unknown => (body.ecommerce as { transaction_id?: unknown } | undefined)?.transaction_id;

/**
 * A purchase names a real order and comes from its buyer: the page it was sent from carries the order's
 * token (the confirmation page, /…/confirmation/{orderToken}/: the token is the key to the order), or the
 * signed-in user who placed it sent it. Anything else could pre-empt the order's real event (a purchase
 * is stored once per order, and order numbers are sequential).
 */
async function isOwnPurchase(db: Database, body: Record<string, unknown>, page: { path: string }, sender: AnalyticsSender): Promise<boolean> {
  const number = transactionId(body);
  if (typeof number !== 'string' || !number || number.length > 64) return false;
  const [order] = await db.select({ token: schema.orders.token, userId: schema.orders.userId }).from(schema.orders).where(eq(schema.orders.number, number));
  if (!order) return false;
  const tokens = (page.path.match(UUIDS) ?? []).slice(0, 4).map((t) => t.toLowerCase());
  return tokens.includes(order.token.toLowerCase()) || (sender.userId !== null && order.userId === sender.userId);
}

/** An order's purchase counts once, however often its confirmation page is loaded or the event sent. */
function dedupeKey(name: string, body: Record<string, unknown>): string | null {
  const id = transactionId(body);
  return name === 'order_completed' && typeof id === 'string' ? `order_completed:${id}` : null;
}

/** Tokens in a page's address are keys (to an order, a checkout): the stored copy names the page without them. */
const withoutTokens = (s: string) => s.replace(UUIDS, '{token}');

/**
 * Stores the server-side copy of one analytics event (spec §7), under the user the call's token names
 * (never one the page claims). Refused input changes nothing; a purchase of an order that does not exist,
 * or that the sender cannot show is theirs, is refused as NOT_FOUND; an already-stored purchase is
 * answered as recorded without a second row.
 */
export async function recordAnalyticsEvent(db: Database, input: AnalyticsEventInput, now: Date, sender: AnalyticsSender): Promise<{ recorded: boolean; errors: AnalyticsError[] }> {
  const { errors, body, occurredAt } = validate(input, now);
  if (errors.length || !body) return { recorded: false, errors };
  const { name, context } = input.eventData;
  if (name === 'order_completed' && !(await isOwnPurchase(db, body, context.page, sender))) {
    return { recorded: false, errors: [{ code: 'NOT_FOUND', field: 'eventData.body', message: 'No order of yours has this transaction_id' }] };
  }
  await db.insert(schema.analyticsEvents).values({
    // A token outliving its account's erasure ties nothing to the person again (in the same statement).
    anonymousId: input.anonymousId, name, body, occurredAt,
    userId: sender.userId ? sql<string>`(select case when exists (select 1 from data_requests where user_id = ${sender.userId} and kind = 'ERASURE' and state <> 'REFUSED') then null else ${sender.userId}::text end)` : null,
    pagePath: withoutTokens(context.page.path), pageUrl: withoutTokens(context.page.url), dedupeKey: dedupeKey(name, body),
  }).onConflictDoNothing({ target: schema.analyticsEvents.dedupeKey });
  return { recorded: true, errors: [] };
}
