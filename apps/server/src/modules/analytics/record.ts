import { schema, type Database } from '@probe/db';

/** The events the storefront pushes to its data layer (src/analytics/data-layer.ts) and copies here. */
export const ANALYTICS_EVENT_NAMES = ['page_view', 'begin_checkout', 'login', 'order_completed'] as const;

export interface AnalyticsEventInput {
  anonymousId: string;
  userId?: string | null;
  eventData: { name: string; body: string; timestamp: string; context: { page: { path: string; url: string } } };
}

export interface AnalyticsError {
  code: 'INVALID';
  field: string;
  message: string;
}

const MAX_BODY_BYTES = 8 * 1024;
/** An event stamped further from the server's clock than this is refused (a replay or a wrong clock). */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

function validate(input: AnalyticsEventInput, now: Date): { errors: AnalyticsError[]; body: Record<string, unknown> | null; occurredAt: Date } {
  const errors: AnalyticsError[] = [];
  const fail = (field: string, message: string) => errors.push({ code: 'INVALID', field, message });
  const { eventData } = input;
  if (!/^[A-Za-z0-9-]{8,64}$/.test(input.anonymousId)) fail('anonymousId', 'An anonymous id is 8 to 64 letters, digits or dashes');
  if (!(ANALYTICS_EVENT_NAMES as readonly string[]).includes(eventData.name)) fail('eventData.name', `Unknown event; one of ${ANALYTICS_EVENT_NAMES.join(', ')}`);
  let body: Record<string, unknown> | null = null;
  if (Buffer.byteLength(eventData.body) > MAX_BODY_BYTES) fail('eventData.body', 'The body is larger than 8 KB');
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
  const { path, url } = eventData.context.page;
  if (!path.startsWith('/') || path.length > 2048) fail('eventData.context.page.path', 'The page path is an absolute path');
  if (!URL.canParse(url) || url.length > 4096) fail('eventData.context.page.url', 'The page URL is not a URL');
  return { errors, body, occurredAt };
}

/** An order's purchase counts once, however often its confirmation page is loaded or the event sent. */
function dedupeKey(name: string, body: Record<string, unknown>): string | null {
  const id = (body.ecommerce as { transaction_id?: unknown } | undefined)?.transaction_id;
  return name === 'order_completed' && typeof id === 'string' ? `order_completed:${id}` : null;
}

/**
 * Stores the server-side copy of one analytics event (spec §7). Refused input changes nothing; an
 * already-stored purchase is answered as recorded without a second row.
 */
export async function recordAnalyticsEvent(db: Database, input: AnalyticsEventInput, now: Date): Promise<{ recorded: boolean; errors: AnalyticsError[] }> {
  const { errors, body, occurredAt } = validate(input, now);
  if (errors.length || !body) return { recorded: false, errors };
  const { name, context } = input.eventData;
  await db.insert(schema.analyticsEvents).values({
    anonymousId: input.anonymousId, userId: input.userId ?? null, name, body, occurredAt,
    pagePath: context.page.path, pageUrl: context.page.url, dedupeKey: dedupeKey(name, body),
  }).onConflictDoNothing({ target: schema.analyticsEvents.dedupeKey });
  return { recorded: true, errors: [] };
}
