import { schema } from '@probe/db';
import type { PaymentMethod } from '@probe/domain';
import { and, eq } from 'drizzle-orm';
import { CheckoutFailure, fail, type Executor } from '../checkout/index.ts';
import type { SavedMethodRow } from '../subscriptions/index.ts';

const { organizationMemberships: memberships, savedPaymentMethods: methods, gatewayCustomers } = schema;

/** The checkout's payment method a saved method pays as. */
export const SAVED_KIND_METHOD: Record<string, PaymentMethod> = { CREDIT_CARD: 'CREDIT_CARD', SEPA_DIRECT_DEBIT: 'SEPA', BANK_ACCOUNT: 'ACH' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The organization's saved methods a checkout may be paid with, primary first: only for a checkout bought for
 * an organization (organizationMembershipId) by a signed-in admin of it, on the gateway in use. One query;
 * none (and no query) otherwise. The organization's card is its admins' to spend, as for ChangeSubscription.
 */
export async function savedMethodsForCheckout(db: Executor, checkout: { organizationMembershipId: string | null }, userId: string | null, gateway: string): Promise<SavedMethodRow[]> {
  if (!checkout.organizationMembershipId || !userId) return [];
  const rows = await db.select({ method: methods }).from(memberships)
    .innerJoin(methods, and(eq(methods.organizationId, memberships.organizationId), eq(methods.isActive, true), eq(methods.gateway, gateway)))
    .where(and(eq(memberships.id, checkout.organizationMembershipId), eq(memberships.userId, userId), eq(memberships.isOrganizationAdmin, true)))
    .orderBy(methods.isPrimary, methods.createdAt);
  return rows.map((r) => r.method).reverse();
}

/**
 * The saved method a placement pays with, checked on the locked checkout: an active method of the
 * organization the checkout buys for, the buyer its admin, of the kind of payment method chosen. Refused
 * otherwise, before anything is charged.
 */
export async function savedMethodToCharge(
  tx: Executor, checkout: { organizationMembershipId: string | null }, userId: string | null, gateway: string, id: string, method: PaymentMethod | null,
): Promise<{ method: SavedMethodRow; customerId: string | null }> {
  const refuse = (code: 'NO_PERMISSIONS' | 'PAYMENT_NOT_FOUND' | 'INVALID', message: string) => new CheckoutFailure([fail(code, 'savedPaymentMethodId', message)]);
  if (!checkout.organizationMembershipId || !userId) throw refuse('NO_PERMISSIONS', 'A saved method pays for an organization\'s purchase by its admin');
  if (!UUID.test(id)) throw refuse('PAYMENT_NOT_FOUND', 'This saved method was not found');
  const [row] = await tx.select({ admin: memberships.isOrganizationAdmin, method: methods, customerId: gatewayCustomers.customerId }).from(memberships)
    .leftJoin(methods, and(eq(methods.organizationId, memberships.organizationId), eq(methods.id, id), eq(methods.isActive, true), eq(methods.gateway, gateway)))
    .leftJoin(gatewayCustomers, and(eq(gatewayCustomers.organizationId, memberships.organizationId), eq(gatewayCustomers.gateway, gateway)))
    .where(and(eq(memberships.id, checkout.organizationMembershipId), eq(memberships.userId, userId)));
  if (!row?.admin) throw refuse('NO_PERMISSIONS', 'Only an admin of the organization pays with its saved methods');
  if (!row.method) throw refuse('PAYMENT_NOT_FOUND', 'This saved method was not found');
  if (method !== null && SAVED_KIND_METHOD[row.method.kind] !== method) throw refuse('INVALID', 'The saved method is not of the payment method chosen');
  return { method: row.method, customerId: row.customerId };
}
