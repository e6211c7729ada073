import { randomUUID } from 'node:crypto';
import { schema, type Database } from '@probe/db';
import { sql } from 'drizzle-orm';
import { SUBSCRIPTION_TOPICS } from '../src/modules/subscriptions/index.ts';

export interface DueSubscriptions {
  ids: string[];
  periodEnd: Date;
}

/**
 * `count` organizations, each with an admin, an annual subscription ending at `periodEnd`, a primary saved
 * method with `paymentToken`'s behaviour, and the period-end job a purchase writes, inserted in bulk.
 */
export async function dueSubscriptions(db: Database, options: { count: number; periodEnd: Date; paymentToken?: (i: number) => string; autoRenew?: boolean; price?: number }): Promise<DueSubscriptions> {
  const tag = randomUUID().slice(0, 8);
  const rows = Array.from({ length: options.count }, (_, i) => ({ org: randomUUID(), user: `renewal-${tag}-${i}`, i }));
  const start = new Date(options.periodEnd.getTime() - 365 * 86_400_000);
  const ids: string[] = [];
  for (let from = 0; from < rows.length; from += 500) {
    const chunk = rows.slice(from, from + 500);
    await db.insert(schema.users).values(chunk.map((r) => ({ id: r.user, email: `${r.user}@renewals.test` })));
    await db.insert(schema.organizations).values(chunk.map((r) => ({ id: r.org, name: `Renewal ${tag} ${r.i}`, slug: `renewal-${tag}-${r.i}`, country: 'DE' })));
    await db.insert(schema.organizationMemberships).values(chunk.map((r) => ({ organizationId: r.org, userId: r.user, isOrganizationAdmin: true })));
    await db.insert(schema.savedPaymentMethods).values(chunk.map((r) => ({
      organizationId: r.org, kind: 'CREDIT_CARD', gateway: 'test', paymentToken: options.paymentToken?.(r.i) ?? `pm_test_card_4242_${tag}${r.i}`,
      brand: 'visa', lastDigits: '4242', expMonth: 12, expYear: 2035, isPrimary: true,
    })));
    const subs = await db.insert(schema.subscriptions).values(chunk.map((r) => ({
      organizationId: r.org, planType: 'TEAM', status: 'ACTIVE', term: 'ANNUAL', periodStart: start, periodEnd: options.periodEnd, billingAnchor: start,
      autoRenew: options.autoRenew ?? true, seats: 5, devices: 5, currentPrice: options.price ?? 199_500, currency: 'eur', language: 'de',
    }))).returning({ id: schema.subscriptions.id });
    ids.push(...subs.map((s) => s.id));
    await db.insert(schema.outbox).values(subs.map((s) => ({ topic: SUBSCRIPTION_TOPICS.periodEnd, payload: { subscriptionId: s.id, periodEnd: options.periodEnd.toISOString() }, runAt: options.periodEnd })));
  }
  return { ids, periodEnd: options.periodEnd };
}

/** Mail rows (rendered e-mails) written for the given recipients' subject lines. */
export async function mailSubjects(db: Database, to: string): Promise<string[]> {
  const rows = await db
    .select({ subject: sql<string>`${schema.outbox.payload}->>'subject'` })
    .from(schema.outbox)
    .where(sql`${schema.outbox.topic} = 'mail.send' and ${schema.outbox.payload}->>'to' = ${to}`)
    .orderBy(schema.outbox.id);
  return rows.map((r) => r.subject);
}
