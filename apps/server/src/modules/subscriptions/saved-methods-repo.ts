import { schema } from '@probe/db';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from './repo.ts';

const { savedPaymentMethods: methods, gatewayCustomers } = schema;
export type SavedMethodRow = typeof methods.$inferSelect;

export async function methodsOf(db: Executor, organizationId: string): Promise<SavedMethodRow[]> {
  return db.select().from(methods).where(eq(methods.organizationId, organizationId)).orderBy(desc(methods.isPrimary), desc(methods.createdAt), desc(methods.id));
}

/** The saved methods of several organizations in one query, each organization's primary first, then newest. */
export async function methodsOfMany(db: Executor, organizationIds: readonly string[]): Promise<Map<string, SavedMethodRow[]>> {
  const byOrganization = new Map<string, SavedMethodRow[]>(organizationIds.map((id) => [id, []]));
  if (!organizationIds.length) return byOrganization;
  const rows = await db.select().from(methods).where(inArray(methods.organizationId, [...organizationIds])).orderBy(desc(methods.isPrimary), desc(methods.createdAt), desc(methods.id));
  for (const row of rows) byOrganization.get(row.organizationId)?.push(row);
  return byOrganization;
}

/** What a renewal charges: the organization's primary saved method and its customer at the gateway (one query). */
export async function billingOf(db: Executor, organizationId: string, gateway: string): Promise<{ method: SavedMethodRow | null; customerId: string | null }> {
  const [row] = await db
    .select({ method: methods, customerId: gatewayCustomers.customerId })
    .from(methods)
    .leftJoin(gatewayCustomers, and(eq(gatewayCustomers.organizationId, methods.organizationId), eq(gatewayCustomers.gateway, gateway)))
    .where(and(eq(methods.organizationId, organizationId), eq(methods.isPrimary, true), eq(methods.isActive, true)));
  return { method: row?.method ?? null, customerId: row?.customerId ?? null };
}

export async function customerOf(db: Executor, organizationId: string, gateway: string): Promise<string | null> {
  const [row] = await db.select().from(gatewayCustomers).where(and(eq(gatewayCustomers.organizationId, organizationId), eq(gatewayCustomers.gateway, gateway)));
  return row?.customerId ?? null;
}
