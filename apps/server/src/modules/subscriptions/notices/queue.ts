import { schema } from '@probe/db';
import { isUrlLanguage, PLAN_NAMES, storePath, type PlanKind, type UrlLanguage } from '@probe/domain';
import { eq, sql } from 'drizzle-orm';
import { MAIL_TOPIC } from '../../../mail/message.ts';
import type { Executor, SubscriptionRow } from '../repo.ts';
import { renderNotice, type Notice } from './render.ts';

/** Who a subscription's e-mails go to: the organization's admins, and its country (for the link). */
export interface NoticeAudience {
  admins: readonly string[];
  country: string;
}

/** The admins' addresses as a JSON array, for a query that reads them along with the subscription. */
export const adminEmailsSql = (organizationId: unknown) => sql<string[]>`(select coalesce(json_agg(u.email order by u.email), '[]'::json)
  from ${schema.organizationMemberships} om join ${schema.users} u on u.id = om.user_id
  where om.organization_id = ${organizationId} and om.is_organization_admin)`;

/**
 * The mail outbox rows of one notice: one e-mail per admin, in the language the plan was bought in. The
 * caller writes them in the transaction of the change they tell of, so they go out exactly when it commits.
 */
export function noticeRows(subscription: SubscriptionRow, notice: Omit<Notice, 'subscriptionId'>, audience: NoticeAudience, publicUrl: string) {
  if (!audience.admins.length) return [];
  const language: UrlLanguage = isUrlLanguage(subscription.language) ? subscription.language : 'en';
  const manageUrl = `${publicUrl}${storePath(audience.country.toLowerCase(), language, 'subscription/')}`;
  const plan = PLAN_NAMES[subscription.planType as PlanKind] ?? subscription.planType;
  const mail = renderNotice({ ...notice, subscriptionId: subscription.id }, { language, plan, manageUrl });
  return audience.admins.map((to) => ({ topic: MAIL_TOPIC, payload: { to, locale: language, ...mail } }));
}

/** Reads the audience and writes the notice's e-mails, in the caller's transaction. */
export async function queueNotice(tx: Executor, subscription: SubscriptionRow, notice: Omit<Notice, 'subscriptionId'>, publicUrl: string): Promise<void> {
  const [audience] = await tx
    .select({ country: schema.organizations.country, admins: adminEmailsSql(subscription.organizationId) })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, subscription.organizationId));
  const rows = audience ? noticeRows(subscription, notice, audience, publicUrl) : [];
  if (rows.length) await tx.insert(schema.outbox).values(rows);
}
