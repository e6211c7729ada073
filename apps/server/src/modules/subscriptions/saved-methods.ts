import { schema, type Database } from '@probe/db';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { PaymentFailureCode, PaymentGateway, SavedMethodKind, TestSetupDetails } from '../payments/index.ts';
import { customerOf, methodsOf, methodsOfMany, type SavedMethodRow } from './saved-methods-repo.ts';
import type { Executor } from './repo.ts';

const { savedPaymentMethods: methods, gatewayCustomers, organizations } = schema;

export type SavedMethodErrorCode = 'NOT_FOUND' | 'INVALID' | PaymentFailureCode;
export interface SavedMethodError {
  code: SavedMethodErrorCode;
  field: string | null;
  message: string;
}
export type SavedMethodResult = { method: SavedMethodRow | null; errors: SavedMethodError[] };

const notFound = (): SavedMethodResult => ({ method: null, errors: [{ code: 'NOT_FOUND', field: 'id', message: 'Payment method not found' }] });

/** Method ids are UUIDs: any other string names no method (and must not reach the uuid column, where it throws). */
const METHOD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Serialises the saved-method changes of one organization (the primary flag moves under this lock). */
async function lockOrganization(tx: Executor, organizationId: string): Promise<void> {
  await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
}

/**
 * Saved payment methods (PaymentMethodCreate / Update / Delete / SetAsPrimary). Only the gateway's token
 * and what may be shown are kept. An organization with any method has exactly one primary: the first
 * one saved becomes it, and removing the primary promotes the newest of the rest.
 * Callers have checked that the signed-in user is an admin of the organization.
 */
export class SavedMethodsService {
  constructor(private readonly db: Database, private readonly gateway: PaymentGateway) {}

  list(organizationId: string): Promise<SavedMethodRow[]> {
    return methodsOf(this.db, organizationId);
  }

  /** The saved methods of several organizations, in one query (the per-request loader's batch). */
  listMany(organizationIds: readonly string[]): Promise<Map<string, SavedMethodRow[]>> {
    return methodsOfMany(this.db, organizationIds);
  }

  /** Starts a setup at the gateway (making the organization's customer there the first time). */
  async startSetup(organizationId: string, kind: SavedMethodKind): Promise<{ setupId: string; clientSecret: string | null }> {
    const setup = await this.gateway.createSetup({ organizationId, kind, customerId: await customerOf(this.db, organizationId, this.gateway.name) });
    await this.db.insert(gatewayCustomers).values({ organizationId, gateway: this.gateway.name, customerId: setup.customerId }).onConflictDoNothing();
    return { setupId: setup.id, clientSecret: setup.clientSecret };
  }

  /** Saves what a confirmed setup made; primary when it is the organization's first, or when asked. */
  async create(organizationId: string, input: { setupId: string; details: TestSetupDetails | null; makePrimary: boolean }): Promise<SavedMethodResult> {
    const result = await this.gateway.completeSetup(input.setupId, organizationId, input.details);
    if (!result.ok) return { method: null, errors: [{ code: result.code, field: 'details', message: 'The payment method could not be saved' }] };
    const m = result.method;
    const method = await this.db.transaction(async (tx) => {
      await lockOrganization(tx, organizationId);
      const [existing] = await tx.select().from(methods).where(and(eq(methods.gateway, this.gateway.name), eq(methods.paymentToken, m.paymentToken)));
      if (existing) return existing;
      const [primary] = await tx.select({ id: methods.id }).from(methods).where(and(eq(methods.organizationId, organizationId), eq(methods.isPrimary, true)));
      const makePrimary = input.makePrimary || !primary;
      if (makePrimary && primary) await tx.update(methods).set({ isPrimary: false }).where(eq(methods.id, primary.id));
      const [row] = await tx.insert(methods).values({ organizationId, gateway: this.gateway.name, ...m, isPrimary: makePrimary }).returning();
      return row!;
    });
    return { method, errors: [] };
  }

  async setPrimary(organizationId: string, id: string): Promise<SavedMethodResult> {
    if (!METHOD_ID.test(id)) return notFound();
    return this.db.transaction(async (tx) => {
      await lockOrganization(tx, organizationId);
      const [target] = await tx.select().from(methods).where(and(eq(methods.id, id), eq(methods.organizationId, organizationId)));
      if (!target) return notFound();
      await tx.update(methods).set({ isPrimary: false }).where(and(eq(methods.organizationId, organizationId), eq(methods.isPrimary, true), ne(methods.id, id)));
      const [row] = await tx.update(methods).set({ isPrimary: true }).where(eq(methods.id, id)).returning();
      return { method: row!, errors: [] };
    });
  }

  /** PaymentMethodUpdate: the name shown on the method (the holder's name); the gateway's details do not change here. */
  async update(organizationId: string, id: string, input: { name: string | null }): Promise<SavedMethodResult> {
    if (!METHOD_ID.test(id)) return notFound();
    const name = input.name?.trim() || null;
    if (name && name.length > 120) return { method: null, errors: [{ code: 'INVALID', field: 'name', message: 'Use at most 120 characters' }] };
    const [row] = await this.db.update(methods).set({ name }).where(and(eq(methods.id, id), eq(methods.organizationId, organizationId))).returning();
    return row ? { method: row, errors: [] } : notFound();
  }

  async remove(organizationId: string, id: string): Promise<SavedMethodResult> {
    if (!METHOD_ID.test(id)) return notFound();
    const removed = await this.db.transaction(async (tx) => {
      await lockOrganization(tx, organizationId);
      const [row] = await tx.delete(methods).where(and(eq(methods.id, id), eq(methods.organizationId, organizationId))).returning();
      if (!row) return null;
      if (row.isPrimary) {
        const [next] = await tx.select({ id: methods.id }).from(methods).where(eq(methods.organizationId, organizationId)).orderBy(desc(methods.createdAt), desc(methods.id)).limit(1);
        if (next) await tx.update(methods).set({ isPrimary: true }).where(eq(methods.id, next.id));
      }
      return row;
    });
    if (!removed) return notFound();
    // After the commit: a gateway that is down leaves a token it still holds, never a row we lost.
    await this.gateway.detach(removed.paymentToken).catch(() => undefined);
    return { method: removed, errors: [] };
  }
}
