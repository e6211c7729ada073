import { schema, type Database } from '@probe/db';
import type { PlanKind, ProCustomAddon, SeatConfiguration, SubscriptionState, SubscriptionStatus, SubscriptionTerm } from '@probe/domain';
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';

const { subscriptions, subscriptionEvents, subscriptionCharges } = schema;

export type SubscriptionRow = typeof subscriptions.$inferSelect;
/** The database or an open transaction. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The rules' view of a row. */
export function stateOf(row: SubscriptionRow): SubscriptionState {
  return {
    plan: row.planType as PlanKind, status: row.status as SubscriptionStatus, term: row.term as SubscriptionTerm,
    periodStart: row.periodStart, periodEnd: row.periodEnd, billingAnchor: row.billingAnchor, autoRenew: row.autoRenew,
    renewalFailures: row.renewalFailures, scheduledPlan: row.scheduledPlan as PlanKind | null,
    proCustomFeatures: row.proCustomFeatures as ProCustomAddon[], scheduledProCustomFeatures: row.scheduledProCustomFeatures as ProCustomAddon[] | null,
    referralCreditMonths: row.referralCreditMonths, seats: row.seats, devices: row.devices, commitmentEnd: row.commitmentEnd,
  };
}

/** The columns a state is written to. */
export function columnsOf(state: SubscriptionState) {
  return {
    planType: state.plan, status: state.status, term: state.term, periodStart: state.periodStart, periodEnd: state.periodEnd,
    billingAnchor: state.billingAnchor, autoRenew: state.autoRenew, renewalFailures: state.renewalFailures, scheduledPlan: state.scheduledPlan,
    proCustomFeatures: [...state.proCustomFeatures], scheduledProCustomFeatures: state.scheduledProCustomFeatures ? [...state.scheduledProCustomFeatures] : null,
    referralCreditMonths: state.referralCreditMonths, seats: state.seats, devices: state.devices, commitmentEnd: state.commitmentEnd,
  };
}

export async function subscriptionsOf(db: Executor, organizationIds: readonly string[]): Promise<Map<string, SubscriptionRow>> {
  if (!organizationIds.length) return new Map();
  const rows = await db.select().from(subscriptions).where(inArray(subscriptions.organizationId, [...organizationIds]));
  return new Map(rows.map((r) => [r.organizationId, r]));
}

export async function findSubscriptionOf(db: Executor, organizationId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId));
  return row ?? null;
}

/** The row, locked until the transaction ends: every change of a subscription goes through here. */
export async function lockSubscription(tx: Executor, by: { id: string } | { organizationId: string }): Promise<SubscriptionRow | null> {
  const where = 'id' in by ? eq(subscriptions.id, by.id) : eq(subscriptions.organizationId, by.organizationId);
  const [row] = await tx.select().from(subscriptions).where(where).for('update');
  return row ?? null;
}

export interface Cause {
  type: string;
  orderToken?: string | null;
  chargeId?: number | null;
}

type Extra = Partial<Pick<SubscriptionRow, 'currentPrice' | 'scheduledPrice' | 'currency' | 'maxCloudUsers' | 'synchronizationStatus' | 'language'>>;

/** Writes the new state over a locked row, with the event that records the move; the row as written. */
export async function writeState(tx: Executor, row: SubscriptionRow, next: SubscriptionState, cause: Cause, extra: Extra = {}): Promise<SubscriptionRow> {
  const [written] = await tx
    .update(subscriptions)
    .set({ ...columnsOf(next), ...extra, version: sql`${subscriptions.version} + 1`, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, row.id))
    .returning();
  await tx.insert(subscriptionEvents).values({
    subscriptionId: row.id, type: cause.type, orderToken: cause.orderToken ?? null, chargeId: cause.chargeId ?? null,
    versionAfter: written!.version, before: { ...stateOf(row), currentPrice: row.currentPrice }, after: { ...next, currentPrice: written!.currentPrice },
  });
  return written!;
}

/**
 * The yearly list price of a plan (per seat for Team and Clinic) in the organization's country and
 * market (veterinary practices get the veterinary price); null when the store does not sell it there.
 */
export function planListPrice(db: Executor, plan: PlanKind, organizationId: string): Promise<number | null> {
  const { productVariants: variants, organizations } = schema;
  return priceIn(db, organizationId, sql`${variants.planKind} = ${plan} and ${variants.billingPeriod} = 'ANNUAL'`,
    sql`${variants.market} = case when ${organizations.practiceType} = 'VETERINARY' then 'VETERINARY' else 'HUMAN' end desc, ${variants.position}`);
}

/** A variant's price in the organization's country (Pro Custom's base and add-ons); null when not sold there. */
export function skuPrice(db: Executor, sku: string, organizationId: string): Promise<number | null> {
  return priceIn(db, organizationId, sql`${schema.productVariants.sku} = ${sku}`);
}

/** The price, in the organization's country, of the first variant that matches. */
async function priceIn(db: Executor, organizationId: string, where: SQL, orderBy?: SQL): Promise<number | null> {
  const { productVariants: variants, variantPrices: prices, organizations } = schema;
  const [row] = await db
    .select({ amount: prices.amount })
    .from(variants)
    .innerJoin(prices, eq(prices.variantId, variants.id))
    .innerJoin(organizations, eq(organizations.country, prices.country))
    .where(sql`${where} and ${organizations.id} = ${organizationId}`)
    .orderBy(orderBy ?? variants.position)
    .limit(1);
  return row?.amount ?? null;
}

/** A renewal or change payment in flight for a subscription (the renewal job waits for it). */
export async function paymentInFlight(tx: Executor, subscriptionId: string): Promise<boolean> {
  const [row] = await tx.select({ id: subscriptionCharges.id }).from(subscriptionCharges)
    .where(and(eq(subscriptionCharges.subscriptionId, subscriptionId), eq(subscriptionCharges.status, 'PENDING'), ne(subscriptionCharges.kind, 'RENEWAL'))).limit(1);
  return Boolean(row);
}

/** How many seats a Team or Clinic plan is sold with (the Shop's configuration), by plan. */
export async function seatConfigurations(db: Executor): Promise<(plan: PlanKind) => SeatConfiguration> {
  const [settings] = await db.select().from(schema.shopSettings).limit(1);
  if (!settings) throw new Error('shop settings missing');
  return (plan) => (plan === 'CLINIC'
    ? { minSeats: settings.clinicMinSeats, maxSeats: settings.clinicMaxSeats }
    : { minSeats: settings.teamMinSeats, maxSeats: settings.teamMaxSeats });
}
