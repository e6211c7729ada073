import { schema } from '@probe/db';
import { isUrlLanguage, PLAN_NAMES, storePath, type PlanKind, type UrlLanguage } from '@probe/domain';
import { and, eq } from 'drizzle-orm';
import { MAIL_TOPIC } from '../../../mail/message.ts';
import type { Executor, SubscriptionRow } from '../repo.ts';
import { renderNotice, type Notice } from './render.ts';

/**
 * Writes one e-mail per admin of the organization (in the language the plan was bought in) to the mail
 * outbox, in the caller's transaction: it goes out exactly when the change it tells of commits.
 */
export async function queueNotice(tx: Executor, subscription: SubscriptionRow, notice: Omit<Notice, 'subscriptionId'>, publicUrl: string): Promise<void> {
  const admins = await tx
    .select({ email: schema.users.email, country: schema.organizations.country })
    .from(schema.organizationMemberships)
    .innerJoin(schema.users, eq(schema.users.id, schema.organizationMemberships.userId))
    .innerJoin(schema.organizations, eq(schema.organizations.id, schema.organizationMemberships.organizationId))
    .where(and(eq(schema.organizationMemberships.organizationId, subscription.organizationId), eq(schema.organizationMemberships.isOrganizationAdmin, true)));
  if (!admins.length) return;
  const language: UrlLanguage = isUrlLanguage(subscription.language) ? subscription.language : 'en';
  const manageUrl = `${publicUrl}${storePath(admins[0]!.country.toLowerCase(), language, 'subscription/')}`;
  const plan = PLAN_NAMES[subscription.planType as PlanKind] ?? subscription.planType;
  const mail = renderNotice({ ...notice, subscriptionId: subscription.id }, { language, plan, manageUrl });
  await tx.insert(schema.outbox).values(admins.map((a) => ({ topic: MAIL_TOPIC, payload: { to: a.email, locale: language, ...mail } })));
}
