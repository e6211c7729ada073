import { schema, type Database } from '@probe/db';
import { isUrlLanguage, storePath, type UrlLanguage } from '@probe/domain';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAIL_TOPIC } from '../../../mail/message.ts';
import { accountError, type AccountError } from '../errors.ts';
import { lockOrganization, memberCount, seatsOf } from '../organizations.ts';
import { countAdmins, membershipIn, type UserRow } from '../repo.ts';
import { renderInvitation } from './render.ts';
import { hashInvitationToken, INVITATION_TTL_MS, isInvitationToken, newInvitationToken, RESEND_INTERVAL_MS } from './tokens.ts';

const { organizationInvitations: invitations, organizations, organizationMemberships: memberships, users, outbox } = schema;

export type InvitationRow = typeof invitations.$inferSelect;
/** What a reader sees: a pending invitation past its expiry is EXPIRED. */
export type InvitationStatus = 'PENDING' | 'ACCEPTED' | 'DECLINED' | 'REVOKED' | 'EXPIRED';

export const invitationStatus = (row: Pick<InvitationRow, 'status' | 'expiresAt'>, now: Date): InvitationStatus =>
  row.status === 'PENDING' && row.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : (row.status as InvitationStatus);

/** An invitation as its link shows it to the invitee. */
export interface InvitationView {
  invitation: InvitationRow;
  organizationName: string;
  inviter: string | null;
}

export interface InvitationDeps {
  db: Database;
  now: () => Date;
  /** The store's public origin: links in e-mails are built from it, never from the request. */
  publicUrl: string;
}

const Email = z.string().trim().toLowerCase().max(254).email();

/** Thrown inside a transaction to roll it back; the caller answers with its error. */
class Refusal extends Error {
  constructor(readonly error: AccountError) {
    super(error.message);
  }
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Invitations to a seat (spec §3, §6), and members leaving or removed. Every change runs in one transaction
 * that first locks the organization's row, so seats are counted by one change at a time: members and
 * unexpired pending invitations never outnumber the plan's seats, and two accepts for the last seat
 * cannot both win. A refused call changes nothing. Outside an organization, its invitations and members do
 * not exist (NOT_FOUND); a member who is not an admin is told NO_PERMISSIONS.
 */
export class InvitationsService {
  constructor(private readonly deps: InvitationDeps) {}

  private async run<T>(work: (tx: Tx) => Promise<T>): Promise<{ value: T | null; errors: AccountError[] }> {
    try {
      return { value: await this.deps.db.transaction(work), errors: [] };
    } catch (error) {
      if (error instanceof Refusal) return { value: null, errors: [error.error] };
      throw error;
    }
  }

  /** Refuses unless the actor is an admin of the organization; locks its row. */
  private async asAdmin(tx: Tx, actorId: string, organizationId: string, field: string): Promise<void> {
    const actor = await membershipIn(tx as unknown as Database, organizationId, actorId);
    if (!actor) throw new Refusal(accountError('NOT_FOUND', field, 'Organization not found'));
    if (!actor.isOrganizationAdmin) throw new Refusal(accountError('NO_PERMISSIONS', field, 'Only an organization admin manages its members'));
    await lockOrganization(tx, organizationId);
  }

  /** Pending invitations that still hold a seat (not expired), besides `except`. */
  private async reserved(tx: Tx, organizationId: string, except: string | null): Promise<number> {
    const rows = await tx.select({ id: invitations.id }).from(invitations)
      .where(and(eq(invitations.organizationId, organizationId), eq(invitations.status, 'PENDING'), gt(invitations.expiresAt, this.deps.now())));
    return rows.filter((r) => r.id !== except).length;
  }

  private async seatFree(tx: Tx, organizationId: string, except: string | null): Promise<boolean> {
    const [seats, members, reserved] = [await seatsOf(tx, organizationId), await memberCount(tx, organizationId), await this.reserved(tx, organizationId, except)];
    return members + reserved < seats;
  }

  /** Writes a new token on the row and its e-mail to the outbox, in the caller's transaction. */
  private async send(tx: Tx, invitationId: string, inviter: UserRow, language: UrlLanguage): Promise<InvitationRow> {
    const now = this.deps.now();
    const { token, hash } = newInvitationToken();
    const [row] = await tx.update(invitations)
      .set({ tokenHash: hash, language, invitedBy: inviter.id, sentAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) })
      .where(eq(invitations.id, invitationId)).returning();
    const [organization] = await tx.select().from(organizations).where(eq(organizations.id, row!.organizationId));
    const acceptUrl = `${this.deps.publicUrl}${storePath(organization!.country, language, `account/invitation/${token}/`)}`;
    const mail = renderInvitation({ language, organization: organization!.name, inviter: inviter.name ?? inviter.email, acceptUrl, expiresAt: row!.expiresAt });
    await tx.insert(outbox).values({ topic: MAIL_TOPIC, payload: { to: row!.email, locale: language, ...mail } });
    return row!;
  }

  /** An organization's invitations, newest first (the caller has checked the reader is its admin). */
  list(organizationId: string): Promise<InvitationRow[]> {
    return this.deps.db.select().from(invitations).where(eq(invitations.organizationId, organizationId))
      .orderBy(sql`${invitations.status} = 'PENDING' desc`, asc(invitations.email)).limit(500);
  }

  /** An admin invites an address to a seat; the e-mail goes out in the admin's language. */
  async create(inviter: UserRow, organizationId: string, emailInput: string, languageInput: string) {
    const parsed = Email.safeParse(emailInput);
    if (!parsed.success) return { value: null, errors: [accountError('INVALID', 'email', 'Enter a valid e-mail address')] };
    const email = parsed.data;
    const language: UrlLanguage = isUrlLanguage(languageInput) ? languageInput : 'en';
    return this.run(async (tx) => {
      await this.asAdmin(tx, inviter.id, organizationId, 'organizationId');
      const [member] = await tx.select({ id: memberships.id }).from(memberships).innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.organizationId, organizationId), sql`lower(${users.email}) = ${email}`));
      if (member) throw new Refusal(accountError('ALREADY_MEMBER', 'email', 'This person is already a member'));
      const [pending] = await tx.select().from(invitations).where(and(eq(invitations.organizationId, organizationId), eq(invitations.email, email), eq(invitations.status, 'PENDING'))).for('update');
      if (pending && invitationStatus(pending, this.deps.now()) === 'PENDING') throw new Refusal(accountError('OPERATION_NOT_ALLOWED', 'email', 'This address is already invited; send the invitation again instead'));
      if (!(await this.seatFree(tx, organizationId, pending?.id ?? null))) throw new Refusal(accountError('NO_SEATS_AVAILABLE', 'email', 'Every seat is taken or promised to a pending invitation'));
      // An expired invitation to the same address is renewed rather than doubled.
      const id = pending?.id ?? (await tx.insert(invitations).values({
        organizationId, email, language, tokenHash: `unsent:${crypto.randomUUID()}`, invitedBy: inviter.id, expiresAt: this.deps.now(),
      }).returning({ id: invitations.id }))[0]!.id;
      return this.send(tx, id, inviter, language);
    });
  }

  /** The invitation, if the actor administers its organization (null otherwise, as if it did not exist). */
  private async ofAdmin(tx: Tx, actorId: string, invitationId: string): Promise<InvitationRow> {
    const [found] = await tx.select().from(invitations).where(eq(invitations.id, invitationId));
    if (!found) throw new Refusal(accountError('NOT_FOUND', 'id', 'Invitation not found'));
    await this.asAdmin(tx, actorId, found.organizationId, 'id');
    const [locked] = await tx.select().from(invitations).where(eq(invitations.id, invitationId)).for('update');
    return locked!;
  }

  /** Sends a pending (or expired) invitation again, with a new link and a new expiry; the old link stops working. */
  async resend(inviter: UserRow, invitationId: string, languageInput: string | null) {
    return this.run(async (tx) => {
      const row = await this.ofAdmin(tx, inviter.id, invitationId);
      if (row.status !== 'PENDING') throw new Refusal(accountError('OPERATION_NOT_ALLOWED', 'id', 'Only a pending invitation can be sent again'));
      if (this.deps.now().getTime() - row.sentAt.getTime() < RESEND_INTERVAL_MS) throw new Refusal(accountError('OPERATION_NOT_ALLOWED', 'id', 'The invitation was just sent; wait a minute'));
      if (invitationStatus(row, this.deps.now()) === 'EXPIRED' && !(await this.seatFree(tx, row.organizationId, row.id))) {
        throw new Refusal(accountError('NO_SEATS_AVAILABLE', 'id', 'Every seat is taken or promised to a pending invitation'));
      }
      const language = languageInput && isUrlLanguage(languageInput) ? languageInput : (isUrlLanguage(row.language) ? row.language : 'en');
      return this.send(tx, row.id, inviter, language);
    });
  }

  /** Withdraws a pending invitation: its link stops working and its seat is free. */
  async revoke(actorId: string, invitationId: string) {
    return this.run(async (tx) => {
      const row = await this.ofAdmin(tx, actorId, invitationId);
      if (row.status !== 'PENDING') throw new Refusal(accountError('OPERATION_NOT_ALLOWED', 'id', 'Only a pending invitation can be revoked'));
      const [done] = await tx.update(invitations).set({ status: 'REVOKED', respondedAt: this.deps.now() }).where(eq(invitations.id, row.id)).returning();
      return done!;
    });
  }

  /** The invitation a link's token names, with its organization's name and who sent it; null for none. */
  async byToken(token: string): Promise<InvitationView | null> {
    if (!isInvitationToken(token)) return null;
    const [row] = await this.deps.db
      .select({ invitation: invitations, organizationName: organizations.name, inviterName: users.name, inviterEmail: users.email })
      .from(invitations).innerJoin(organizations, eq(organizations.id, invitations.organizationId)).leftJoin(users, eq(users.id, invitations.invitedBy))
      .where(eq(invitations.tokenHash, hashInvitationToken(token)));
    return row ? { invitation: row.invitation, organizationName: row.organizationName, inviter: row.inviterName ?? row.inviterEmail } : null;
  }

  /** A pending, unexpired invitation by its token, locked after its organization's row. */
  private async pendingByToken(tx: Tx, token: string): Promise<InvitationRow> {
    const hash = isInvitationToken(token) ? hashInvitationToken(token) : null;
    const [found] = hash ? await tx.select().from(invitations).where(eq(invitations.tokenHash, hash)) : [];
    if (!found) throw new Refusal(accountError('NOT_FOUND', 'token', 'Invitation not found'));
    await lockOrganization(tx, found.organizationId);
    const [row] = await tx.select().from(invitations).where(eq(invitations.id, found.id)).for('update');
    const status = invitationStatus(row!, this.deps.now());
    if (status === 'EXPIRED') throw new Refusal(accountError('EXPIRED', 'token', 'This invitation has expired; ask for a new one'));
    if (status !== 'PENDING' || row!.tokenHash !== hash) throw new Refusal(accountError('OPERATION_NOT_ALLOWED', 'token', 'This invitation has already been answered or withdrawn'));
    return row!;
  }

  /**
   * The signed-in invitee takes the seat: a membership (not an admin; may buy a personal probe) is made
   * and the link is used up. Only the invited address may accept, and only while a seat is free.
   */
  async accept(user: UserRow, token: string) {
    return this.run(async (tx) => {
      const row = await this.pendingByToken(tx, token);
      if (user.email.trim().toLowerCase() !== row.email) throw new Refusal(accountError('NO_PERMISSIONS', 'token', 'This invitation was sent to another e-mail address'));
      if (await membershipIn(tx as unknown as Database, row.organizationId, user.id)) throw new Refusal(accountError('ALREADY_MEMBER', 'token', 'You are already a member of this organization'));
      const [seats, members] = [await seatsOf(tx, row.organizationId), await memberCount(tx, row.organizationId)];
      if (members >= seats) throw new Refusal(accountError('NO_SEATS_AVAILABLE', 'token', 'Every seat of this organization is taken'));
      const [membership] = await tx.insert(memberships).values({ organizationId: row.organizationId, userId: user.id, isOrganizationAdmin: false, canPurchasePersonalProbe: true }).returning({ id: memberships.id });
      await tx.update(invitations).set({ status: 'ACCEPTED', respondedAt: this.deps.now(), acceptedBy: user.id }).where(eq(invitations.id, row.id));
      return membership!.id;
    });
  }

  /** The invitee says no (the link is enough: one may decline without an account); the seat is free again. */
  async decline(token: string) {
    return this.run(async (tx) => {
      const row = await this.pendingByToken(tx, token);
      const [done] = await tx.update(invitations).set({ status: 'DECLINED', respondedAt: this.deps.now() }).where(eq(invitations.id, row.id)).returning();
      return done!;
    });
  }

  /**
   * A member leaves, or an admin removes a member: the seat is free again. The last admin can neither
   * leave nor be removed (hand the role to someone first).
   */
  async removeMember(actorId: string, membershipId: string) {
    return this.run(async (tx) => {
      const [target] = await tx.select().from(memberships).where(eq(memberships.id, membershipId));
      const actor = target ? await membershipIn(tx as unknown as Database, target.organizationId, actorId) : null;
      if (!target || !actor) throw new Refusal(accountError('NOT_FOUND', 'id', 'Membership not found'));
      if (target.userId !== actorId && !actor.isOrganizationAdmin) throw new Refusal(accountError('NO_PERMISSIONS', 'id', 'Only an organization admin removes members'));
      await lockOrganization(tx, target.organizationId);
      await tx.select({ id: memberships.id }).from(memberships).where(eq(memberships.organizationId, target.organizationId)).orderBy(memberships.id).for('update');
      const [current] = await tx.select().from(memberships).where(eq(memberships.id, membershipId));
      if (!current) throw new Refusal(accountError('NOT_FOUND', 'id', 'Membership not found'));
      if (current.isOrganizationAdmin && (await countAdmins(tx, current.organizationId)) <= 1) {
        throw new Refusal(accountError('OPERATION_NOT_ALLOWED', 'id', 'An organization keeps at least one admin; make someone else an admin first'));
      }
      await tx.delete(memberships).where(eq(memberships.id, membershipId));
      return { organizationId: current.organizationId, membershipId };
    });
  }
}
