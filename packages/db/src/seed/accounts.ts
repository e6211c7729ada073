import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { organizationMemberships, organizations, outbox, registeredProbes, savedPaymentMethods, subscriptions, users } from '../schema/index.ts';
import { DEMO_STAFF_ROLES, DEMO_USERS } from './demo-users.ts';

const [individual, admin, member, vet, student, lapsed] = DEMO_USERS;

/**
 * Demo organizations: a clinic with an admin and a member, an individual, a vet hospital abroad, a student,
 * and a practice in Warsaw whose Pro plan ended 20 days ago (to renew from the expired upgrade page).
 * The clinic leaves probes to its admin (the member may not buy one), and the student may not buy an IQ+:
 * one demo user for each rule of personal probes. Each subscription has a saved test card (Visa 4242,
 * primary) that renewals and upgrades are charged to with the test gateway. Ada's Pro costs what the catalogue
 * sells Pro for in the US (its list price of 420 is sold at 419 after catalogue/pricing.ts's rounding), so her
 * subscription page and the pricing page show one price.
 */
const ORGANIZATIONS = [
  {
    id: '5e0c2b9a-3f4d-4c1e-8b6a-000000000001', name: 'Ada Individual', slug: 'ada-individual', country: 'US', practiceType: 'PRIVATE_PRACTICE',
    planType: 'INDIVIDUAL', maxSeats: 1, maxDevices: 1, maxCloudUsers: 1, subscriptionStatus: 'ACTIVE', expiresInDays: 200, price: 41900, currency: 'usd',
    members: [{ user: individual, admin: true }], probes: [['IQ_3', 'IQ3-DEMO-0001']],
  },
  {
    id: '5e0c2b9a-3f4d-4c1e-8b6a-000000000002', name: 'Lakeside Clinic', slug: 'lakeside-clinic', country: 'US', practiceType: 'CLINIC',
    planType: 'CLINIC', maxSeats: 10, maxDevices: 10, maxCloudUsers: 10, subscriptionStatus: 'ACTIVE', expiresInDays: 120, price: 460000, currency: 'usd',
    members: [{ user: admin, admin: true }, { user: member, admin: false, canPurchasePersonalProbe: false }], probes: [['IQ_PLUS', 'IQP-DEMO-0001'], ['IQ_PLUS', 'IQP-DEMO-0002'], ['IQ_3', 'IQ3-DEMO-0002']],
  },
  {
    id: '5e0c2b9a-3f4d-4c1e-8b6a-000000000003', name: 'Nordvet Tierklinik', slug: 'nordvet-tierklinik', country: 'DE', practiceType: 'VETERINARY',
    planType: 'TEAM', maxSeats: 5, maxDevices: 5, maxCloudUsers: 5, subscriptionStatus: 'ACTIVE', expiresInDays: 300, price: 199500, currency: 'eur',
    members: [{ user: vet, admin: true }], probes: [['IQ', 'IQ-DEMO-0001']],
  },
  {
    id: '5e0c2b9a-3f4d-4c1e-8b6a-000000000004', name: 'Sam Student', slug: 'sam-student', country: 'GB', practiceType: 'EDUCATION',
    planType: 'EDUCATION', maxSeats: 1, maxDevices: 1, maxCloudUsers: 1, subscriptionStatus: null, expiresInDays: null, price: 0, currency: 'gbp',
    members: [{ user: student, admin: true }], probes: [],
  },
  {
    id: '5e0c2b9a-3f4d-4c1e-8b6a-000000000005', name: 'Gabinet USG Mokotów', slug: 'gabinet-usg-mokotow', country: 'PL', practiceType: 'PRIVATE_PRACTICE',
    planType: 'INDIVIDUAL', maxSeats: 1, maxDevices: 1, maxCloudUsers: 1, subscriptionStatus: 'CANCELED', expiresInDays: -20, price: 204900, currency: 'pln',
    members: [{ user: lapsed, admin: true }], probes: [['IQ_3', 'IQ3-DEMO-0003']],
  },
] as const;

/** Each demo user may buy both probe models, except the student, who may not buy an IQ+. */
const PROBE_RIGHTS: Record<string, { canBuyPersonalProbePlus: boolean; canBuyPersonalProbeIq3: boolean }> = {
  [student.id]: { canBuyPersonalProbePlus: false, canBuyPersonalProbeIq3: true },
};

/**
 * Loads the demo users, organizations, memberships and probes; leaves anything a buyer made alone. The
 * demo users' probe rights and the demo memberships' roles are set again when the demo data changes.
 */
export async function seedAccounts(db: Database): Promise<void> {
  const rights = (id: string) => PROBE_RIGHTS[id] ?? { canBuyPersonalProbePlus: true, canBuyPersonalProbeIq3: true };
  for (const u of DEMO_USERS) {
    const set = { ...rights(u.id), staffRole: DEMO_STAFF_ROLES[u.id] ?? null };
    await db.insert(users).values({ id: u.id, email: u.email, name: u.name, ...set }).onConflictDoUpdate({ target: users.id, set });
  }
  for (const o of ORGANIZATIONS) {
    await db.insert(organizations).values({ id: o.id, name: o.name, slug: o.slug, country: o.country, practiceType: o.practiceType, market: o.practiceType === 'VETERINARY' ? 'VETERINARY' : 'HUMAN' }).onConflictDoNothing();
    if (o.subscriptionStatus) await seedSubscription(db, o);
    for (const m of o.members) {
      const role = { isOrganizationAdmin: m.admin, canPurchasePersonalProbe: 'canPurchasePersonalProbe' in m ? m.canPurchasePersonalProbe : true };
      await db.insert(organizationMemberships).values({ organizationId: o.id, userId: m.user.id, ...role })
        .onConflictDoUpdate({ target: [organizationMemberships.organizationId, organizationMemberships.userId], set: role });
    }
    for (const [model, serialNumber] of o.probes) {
      await db.insert(registeredProbes).values({ organizationId: o.id, model, serialNumber }).onConflictDoNothing();
    }
  }
}

/**
 * A demo subscription a year long, ending `expiresInDays` from now, its saved card, and (while it runs)
 * the job that renews (or ends) it then, as a purchase would have written it.
 */
async function seedSubscription(db: Database, o: Extract<(typeof ORGANIZATIONS)[number], { subscriptionStatus: string }>): Promise<void> {
  const [row] = await db.insert(subscriptions).values({
    organizationId: o.id, planType: o.planType, status: o.subscriptionStatus, term: 'ANNUAL', autoRenew: o.subscriptionStatus === 'ACTIVE',
    periodStart: sql`now() + make_interval(days => ${o.expiresInDays - 365})`, periodEnd: sql`now() + make_interval(days => ${o.expiresInDays})`,
    billingAnchor: sql`now() + make_interval(days => ${o.expiresInDays - 365})`,
    seats: o.maxSeats, devices: o.maxDevices, maxCloudUsers: o.maxCloudUsers, currentPrice: o.price, currency: o.currency,
    // Bought in the country's language: the subscription's e-mails are written in it.
    language: ({ DE: 'de', PL: 'pl' } as Record<string, string>)[o.country] ?? 'en',
  }).onConflictDoNothing().returning({ id: subscriptions.id, periodEnd: subscriptions.periodEnd });
  if (!row) return;
  await db.insert(savedPaymentMethods).values({
    organizationId: o.id, kind: 'CREDIT_CARD', gateway: 'test', paymentToken: `pm_test_card_4242_demo${o.id.slice(-4)}`, name: o.name,
    brand: 'visa', lastDigits: '4242', expMonth: 12, expYear: 2030, isPrimary: true,
  }).onConflictDoNothing();
  if (o.subscriptionStatus !== 'ACTIVE') return;
  await db.insert(outbox).values({ topic: 'subscription.period-end', payload: { subscriptionId: row.id, periodEnd: row.periodEnd!.toISOString() }, runAt: row.periodEnd! });
}
