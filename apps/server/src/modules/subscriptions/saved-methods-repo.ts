import { schema } from '@probe/db';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from './repo.ts';

const { savedPaymentMethods: methods, gatewayCustomers } = schema;
export type SavedMethodRow = typeof methods.$inferSelect;

export async function methodsOf(db: Executor, organizationId: string): Promise<SavedMethodRow[]> {
  return db.select().from(methods).where(eq(methods.organizationId, organizationId)).orderBy(desc(methods.isPrimary), desc(methods.createdAt), desc(methods.id));
}

export async function primaryMethod(db: Executor, organizationId: string): Promise<SavedMethodRow | null> {
  const [row] = await db.select().from(methods).where(and(eq(methods.organizationId, organizationId), eq(methods.isPrimary, true), eq(methods.isActive, true)));
  return row ?? null;
}

export async function customerOf(db: Executor, organizationId: string, gateway: string): Promise<string | null> {
  const [row] = await db.select().from(gatewayCustomers).where(and(eq(gatewayCustomers.organizationId, organizationId), eq(gatewayCustomers.gateway, gateway)));
  return row?.customerId ?? null;
}
