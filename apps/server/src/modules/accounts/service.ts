import { schema, type Database } from '@probe/db';
import { ACCOUNT_NAME_MAX_LENGTH, type ProbeBuyer } from '@probe/domain';
import { and, eq, ne } from 'drizzle-orm';
import { accountError, type AccountError } from './errors.ts';
import {
  countAdmins, countsFor, emailTaken, findUser, membersOf, membershipById, membershipIn, membershipsOf, openCheckoutOf, ordersOf, ownOrder, upsertUser,
  type MembershipWithOrganization, type OrganizationCounts, type OrganizationRow, type UserRow,
} from './repo.ts';

/** Who a verified token says the caller is. */
export interface Identity {
  id: string;
  email: string | null;
  name: string | null;
}

/**
 * Users, organizations and memberships (spec §3, §6). Every read or change of an organization goes
 * through a check that the caller belongs to it (and is its admin for admin things); a caller outside
 * it learns nothing, not even whether it exists.
 */
export class AccountsService {
  constructor(private readonly db: Database) {}

  /** The caller's user row, made on the first verified request that carries an e-mail. */
  async userFor(identity: Identity): Promise<UserRow | null> {
    const known = await findUser(this.db, identity.id);
    // Written only on the first request, or when the provider vouches for another e-mail or a first name.
    const current = known && (!identity.email || identity.email === known.email) && (known.name !== null || identity.name === null);
    if (current || !identity.email) return known;
    // An erased account is not made again, empty, by a token still valid from before (an outside provider's).
    if (!known && (await this.erased(identity.id))) return null;
    return upsertUser(this.db, { id: identity.id, email: identity.email, name: identity.name });
  }

  /** Whether the user asked for (or an operator started) the erasure of this account: it is gone for good. */
  private async erased(userId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: schema.dataRequests.id }).from(schema.dataRequests)
      .where(and(eq(schema.dataRequests.userId, userId), eq(schema.dataRequests.kind, 'ERASURE'), ne(schema.dataRequests.state, 'REFUSED'))).limit(1);
    return Boolean(row);
  }

  memberships(userId: string): Promise<MembershipWithOrganization[]> {
    return membershipsOf(this.db, userId);
  }

  /** One of the caller's own memberships; null for anyone else's (or none). */
  async ownMembership(userId: string, membershipId: string): Promise<MembershipWithOrganization | null> {
    const found = await membershipById(this.db, membershipId);
    return found && found.membership.userId === userId ? found : null;
  }

  /** The organization, when the caller is one of its members. */
  async organizationOfMember(userId: string, organizationId: string): Promise<{ organization: OrganizationRow; isAdmin: boolean } | null> {
    const membership = await membershipIn(this.db, organizationId, userId);
    if (!membership) return null;
    const [organization] = await this.db.select().from(schema.organizations).where(eq(schema.organizations.id, organizationId));
    return organization ? { organization, isAdmin: membership.isOrganizationAdmin } : null;
  }

  counts(organizationIds: readonly string[]): Promise<Map<string, OrganizationCounts>> {
    return countsFor(this.db, organizationIds);
  }

  members(organizationId: string) {
    return membersOf(this.db, organizationId);
  }

  async admins(organizationId: string) {
    return (await membersOf(this.db, organizationId)).filter((m) => m.membership.isOrganizationAdmin).map((m) => m.user);
  }

  userExists(email: string): Promise<boolean> {
    return emailTaken(this.db, email);
  }

  orders(userId: string, first: number) {
    return ordersOf(this.db, userId, Math.min(Math.max(first, 0), 100));
  }

  /** One of the user's own orders (my account's order page): another buyer's order is not found. */
  order(userId: string, number: string) {
    return number.length > 40 ? Promise.resolve(null) : ownOrder(this.db, userId, number);
  }

  /** The caller's open checkout: for one of their memberships (checked), or personal. */
  async openCheckout(userId: string, membershipId: string | null) {
    if (membershipId && !(await this.ownMembership(userId, membershipId))) return null;
    return openCheckoutOf(this.db, userId, membershipId);
  }

  /**
   * What decides the user's probe purchases (domain probePurchaseRefusal): their model rights, and their
   * role in the organization they buy for when there is one (a membership that is not theirs counts as none).
   */
  async probeBuyer(user: Pick<UserRow, 'id' | 'canBuyPersonalProbePlus' | 'canBuyPersonalProbeIq3'>, membershipId: string | null): Promise<ProbeBuyer> {
    const found = membershipId ? await this.ownMembership(user.id, membershipId) : null;
    return {
      canBuyPersonalProbePlus: user.canBuyPersonalProbePlus,
      canBuyPersonalProbeIq3: user.canBuyPersonalProbeIq3,
      membership: found ? { isOrganizationAdmin: found.membership.isOrganizationAdmin, canPurchasePersonalProbe: found.membership.canPurchasePersonalProbe } : null,
    };
  }

  async updateAccount(userId: string, input: { name: string }): Promise<{ user: UserRow | null; errors: AccountError[] }> {
    const name = input.name.trim();
    if (!name || name.length > ACCOUNT_NAME_MAX_LENGTH) return { user: null, errors: [accountError('INVALID', 'name', `A name has 1 to ${ACCOUNT_NAME_MAX_LENGTH} characters`)] };
    const [user] = await this.db.update(schema.users).set({ name, updatedAt: new Date() }).where(eq(schema.users.id, userId)).returning();
    return user ? { user, errors: [] } : { user: null, errors: [accountError('NOT_FOUND', null, 'User not found')] };
  }

  /**
   * Edit membership: only an admin of the membership's organization may change it, and an organization
   * always keeps one admin. The change and its checks run in one transaction on the organization's
   * memberships, so two admins demoting each other at once cannot leave it without one.
   */
  async updateMembership(
    actorId: string,
    membershipId: string,
    input: { isOrganizationAdmin?: boolean | null; canPurchasePersonalProbe?: boolean | null },
  ): Promise<{ membership: MembershipWithOrganization | null; errors: AccountError[] }> {
    const target = await membershipById(this.db, membershipId);
    const actor = target ? await membershipIn(this.db, target.organization.id, actorId) : null;
    // Outside the organization, a membership does not exist.
    if (!target || !actor) return { membership: null, errors: [accountError('NOT_FOUND', 'id', 'Membership not found')] };
    if (!actor.isOrganizationAdmin) return { membership: null, errors: [accountError('NO_PERMISSIONS', 'id', 'Only an organization admin can edit memberships')] };
    const changes: Partial<typeof schema.organizationMemberships.$inferInsert> = {};
    if (typeof input.isOrganizationAdmin === 'boolean') changes.isOrganizationAdmin = input.isOrganizationAdmin;
    if (typeof input.canPurchasePersonalProbe === 'boolean') changes.canPurchasePersonalProbe = input.canPurchasePersonalProbe;
    if (!Object.keys(changes).length) return { membership: target, errors: [] };
    const failed = await this.db.transaction(async (tx) => {
      // Lock the organization's memberships (in id order) so the last-admin rule holds under concurrency.
      await tx.select({ id: schema.organizationMemberships.id }).from(schema.organizationMemberships)
        .where(eq(schema.organizationMemberships.organizationId, target.organization.id)).orderBy(schema.organizationMemberships.id).for('update');
      await tx.update(schema.organizationMemberships).set(changes).where(eq(schema.organizationMemberships.id, membershipId));
      if ((await countAdmins(tx, target.organization.id)) === 0) {
        tx.rollback();
      }
      return false;
    }).catch((error: unknown) => {
      if (error instanceof Error && error.message === 'Rollback') return true;
      throw error;
    });
    if (failed) return { membership: null, errors: [accountError('OPERATION_NOT_ALLOWED', 'isOrganizationAdmin', 'An organization keeps at least one admin')] };
    return { membership: await membershipById(this.db, membershipId), errors: [] };
  }
}
