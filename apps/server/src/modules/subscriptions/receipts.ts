import { randomUUID } from 'node:crypto';
import { schema, type StoredAddress } from '@probe/db';
import { applyTax, checkVatNumber, reverseChargeApplies, type Currency, type PlanKind } from '@probe/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor, SubscriptionRow } from './repo.ts';

const { orders, orderLines, organizations, organizationMemberships, users, outbox, subscriptionEvents } = schema;

/** Who asked for a paid change: the order's buyer (its e-mail, my account's orders). */
export interface Buyer {
  userId: string;
}

/** What a charge paid for, as its receipt names it. */
export interface ReceiptFacts {
  chargeId: number;
  /** CHANGE and RENEWAL_ORDER: asked for by an admin (ChangeSubscription, SubscriptionRenewal); RENEWAL: the period-end job's. */
  kind: 'CHANGE' | 'RENEWAL_ORDER' | 'RENEWAL';
  /** The charge's gateway status: SUCCEEDED or PROCESSING (a debit still at the bank). */
  status: string;
  amount: number;
  currency: string;
  /** The subscription before and after the move the charge paid for. */
  before: SubscriptionRow;
  after: SubscriptionRow;
  buyer: Buyer | null;
}

/** The receipt of a charge is found by its key: one order per charge, however often the charge is finished. */
export const receiptKey = (chargeId: number) => `subscription-charge:${chargeId}`;

/**
 * The order that receipts a charge to the organization's saved method (decision 0042): an order like a
 * checkout's, with one line for what was bought (seats added, a larger plan, the renewed period), made out
 * to the organization (its billing address, company and VAT number), its tax split out of the amount
 * charged at the organization's rate, and the `order.placed` row that sends the confirmation with the
 * invoice attached. Written in the transaction that records the charge and moves the subscription, so a
 * declined card leaves no receipt and a paid change never lacks one. The buyer sees it in my account's
 * orders (it is theirs: `user_id`); with no buyer known (a payment finished by the resume job for a
 * change asked before receipts existed) it goes to the organization's first admin.
 */
export async function writeChargeReceipt(tx: Executor, facts: ReceiptFacts): Promise<{ orderToken: string } | null> {
  if (facts.amount <= 0) return null;
  const { after, before } = facts;
  // The organization, the buyer and the method charged, in one query.
  const [context] = await tx.select({
    organization: organizations,
    buyerEmail: facts.buyer ? sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${facts.buyer.userId})` : sql<null>`null`,
    methodKind: sql<string | null>`(select m.kind from ${schema.savedPaymentMethods} m join ${schema.subscriptionCharges} c on c.payment_method_id = m.id where c.id = ${facts.chargeId})`,
  }).from(organizations).where(eq(organizations.id, after.organizationId));
  if (!context) return null;
  const { organization } = context;
  const buyer = facts.buyer && context.buyerEmail ? { id: facts.buyer.userId, email: context.buyerEmail } : await firstAdmin(tx, after.organizationId);
  if (!buyer) return null;

  const country = organization.country.toUpperCase();
  const language = after.language.toLowerCase();
  const address = organization.billingAddress ?? (await purchaseAddress(tx, after.id)) ?? blankAddress(organization.name, country);
  const billingAddress: StoredAddress = { ...address, companyName: address.companyName || organization.name };
  const variant = await planVariant(tx, { plan: after.planType as PlanKind, market: organization.market, language, country, area: billingAddress.countryArea ?? '' });
  const vat = organization.vatNumber ? checkVatNumber(organization.vatNumber, country) : null;
  const reverseCharge = reverseChargeApplies(vat);
  const taxed = applyTax(facts.amount, facts.currency.toLowerCase() as Currency, reverseCharge || !variant ? 0 : variant.rate, 'gross');

  const added = after.seats - before.seats;
  const event = facts.kind !== 'CHANGE' ? 'RENEWAL' : after.planType === before.planType && added > 0 ? 'SEATS' : 'UPGRADE';
  const bundleType = event === 'RENEWAL' ? 'RENEWAL_CHECKOUT' : event === 'SEATS' ? 'EXPANSION_CHECKOUT' : 'UPGRADE_CHECKOUT';
  // Seats added are the line's quantity when the amount divides by them (a unit price in whole cents); else one line of the whole.
  const quantity = event === 'SEATS' && facts.amount % added === 0 && taxed.net % added === 0 ? added : 1;
  const chargeStatus = facts.status === 'SUCCEEDED' ? 'FULLY_CHARGED' : 'ASYNC_PROCESSING';

  // The order, its line and its confirmation's outbox row in one statement; the key makes a second receipt of the charge impossible.
  const order = tx.insert(orders).values({
    number: sql<string>`nextval('order_number_seq')::text`, checkoutToken: randomUUID(), idempotencyKey: receiptKey(facts.chargeId), userId: buyer.id, email: buyer.email,
    country, language, currency: facts.currency.toLowerCase(), bundleType, paymentMethod: context.methodKind ?? 'CREDIT_CARD', chargeStatus,
    subtotalNet: taxed.net, subtotalGross: taxed.gross, discount: 0, shippingNet: 0, shippingGross: 0,
    totalNet: taxed.net, totalTax: taxed.tax, totalGross: taxed.gross, totalSavings: 0, estimatedDuty: null,
    shippingAddress: null, billingAddress, shippingMethod: null, vatNumber: vat?.normalized ?? organization.vatNumber, reverseCharge, offers: [],
  }).onConflictDoNothing().returning({ id: orders.id, token: orders.token, number: orders.number, email: orders.email, total: orders.totalGross, currency: orders.currency });
  const line = {
    variantId: variant?.id ?? null, productSku: variant?.sku ?? `PLAN-${after.planType}`, productName: variant?.productName ?? after.planType,
    variantName: variant?.name ?? '', productTypeName: variant?.productTypeName ?? 'Subscription', thumbnail: variant?.thumbnail ?? null, quantity,
    unitNet: taxed.net / quantity, unitGross: taxed.gross / quantity, totalNet: taxed.net, totalGross: taxed.gross,
  };
  const result = await tx.execute(sql`with placed as (${order.getSQL()}),
    l as (insert into ${orderLines} (order_id, variant_id, product_sku, product_name, variant_name, product_type_name, thumbnail, quantity, is_free, unit_net, unit_gross, undiscounted_unit_gross, total_net, total_gross)
      select placed.id, ${line.variantId}::int, ${line.productSku}::text, ${line.productName}::text, ${line.variantName}::text, ${line.productTypeName}::text, ${line.thumbnail}::text, ${line.quantity}::int, false,
        ${line.unitNet}::int, ${line.unitGross}::int, ${line.unitGross}::int, ${line.totalNet}::int, ${line.totalGross}::int from placed),
    o as (insert into ${outbox} (topic, payload) select 'order.placed', jsonb_build_object('orderToken', token, 'number', number, 'email', email, 'total', total_gross, 'currency', currency) from placed)
    select token from placed`);
  const token = (result as unknown as { rows: Array<{ token: string }> }).rows[0]?.token;
  return token ? { orderToken: token } : null;
}

/** The receipt's order of a charge whose bank answered late: paid, or not paid after all. */
export async function settleChargeReceipt(tx: Executor, chargeId: number, outcome: 'SUCCEEDED' | 'FAILED'): Promise<void> {
  await tx.update(orders).set({ chargeStatus: outcome === 'SUCCEEDED' ? 'FULLY_CHARGED' : 'NOT_CHARGED' })
    .where(and(eq(orders.idempotencyKey, receiptKey(chargeId)), eq(orders.chargeStatus, 'ASYNC_PROCESSING')));
}

/** The organization's first admin: the buyer of a charge asked before the buyer was kept. */
async function firstAdmin(tx: Executor, organizationId: string): Promise<{ id: string; email: string } | null> {
  const [admin] = await tx.select({ id: users.id, email: users.email }).from(organizationMemberships)
    .innerJoin(users, eq(users.id, organizationMemberships.userId))
    .where(and(eq(organizationMemberships.organizationId, organizationId), eq(organizationMemberships.isOrganizationAdmin, true)))
    .orderBy(organizationMemberships.createdAt).limit(1);
  return admin ?? null;
}

/**
 * The plan's yearly variant in the organization's market, named in the order's language, with its product's first
 * picture (the order's thumbnail, as a checkout's line has) and the rate of its
 * tax class where the organization is billed (its state's or province's, else its country's): one query.
 */
async function planVariant(tx: Executor, at: { plan: PlanKind; market: string; language: string; country: string; area: string }) {
  const { productVariants: v, products: p, productTypes: pt, productTranslations: ptr, variantTranslations: vtr, taxRates: r, productImages: img } = schema;
  const [row] = await tx.select({
    id: v.id, sku: v.sku, name: sql<string>`coalesce(${vtr.name}, ${v.name})`, productName: sql<string>`coalesce(${ptr.name}, ${p.name})`, productTypeName: pt.name,
    thumbnail: sql<string | null>`(select ${img.path} from ${img} where ${img.productId} = ${p.id} order by ${img.position}, ${img.id} limit 1)`,
    rate: sql<number>`coalesce((select ${r.rate} from ${r} where ${r.country} = ${at.country} and ${r.taxClass} = ${pt.taxClass} and ${r.area} in ('', ${at.area})
      order by ${r.area} = '' limit 1), 0)::int`,
  }).from(v)
    .innerJoin(p, eq(p.id, v.productId))
    .innerJoin(pt, eq(pt.id, p.productTypeId))
    .leftJoin(ptr, and(eq(ptr.productId, p.id), sql`lower(${ptr.language}) = ${at.language}`))
    .leftJoin(vtr, and(eq(vtr.variantId, v.id), sql`lower(${vtr.language}) = ${at.language}`))
    .where(and(eq(v.planKind, at.plan), eq(v.billingPeriod, 'ANNUAL')))
    .orderBy(sql`${v.market} = ${at.market} desc`, v.position)
    .limit(1);
  return row ?? null;
}

/** The billing address of the order that bought the subscription, for an organization that has none of its own. */
async function purchaseAddress(tx: Executor, subscriptionId: string): Promise<StoredAddress | null> {
  const [row] = await tx.select({ address: orders.billingAddress }).from(subscriptionEvents)
    .innerJoin(orders, eq(orders.token, subscriptionEvents.orderToken))
    .where(eq(subscriptionEvents.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionEvents.id)).limit(1);
  return row?.address ?? null;
}

function blankAddress(name: string, country: string): StoredAddress {
  return { firstName: '', lastName: '', companyName: name, streetAddress1: '', streetAddress2: '', city: '', postalCode: '', country, countryArea: '', phone: '' };
}
