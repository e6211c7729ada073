import {
  changeStaffRole, deactivateStaff, inviteStaff, pendingStaffInvitations, revokeStaffInvitation, staffMembers, STAFF_ROLES,
  type StaffError, type StaffInvitation, type StaffMember,
} from '../../modules/staff/index.ts';
import { AdminErrorRef, builder } from '../builder.ts';

const Member = builder.objectRef<StaffMember>('StaffAccount').implement({
  description: 'A member of staff: an account with a console role.',
  fields: (t) => ({
    id: t.exposeString('id'),
    email: t.exposeString('email'),
    name: t.string({ nullable: true, resolve: (m) => m.name }),
    role: t.string({ description: STAFF_ROLES.join(', '), resolve: (m) => m.role }),
  }),
});

const Invitation = builder.objectRef<StaffInvitation>('StaffInvitation').implement({
  description: 'An invitation to the console waiting for its answer.',
  fields: (t) => ({
    id: t.exposeString('id'),
    email: t.exposeString('email'),
    role: t.exposeString('role'),
    createdAt: t.string({ resolve: (i) => i.createdAt.toISOString() }),
    expiresAt: t.string({ resolve: (i) => i.expiresAt.toISOString() }),
  }),
});

builder.queryField('staffAccounts', (t) => t.field({
  type: [Member],
  description: 'Every member of staff with their role, by e-mail. Owners only.',
  resolve: async (_root, _args, ctx) => {
    await ctx.require('staff.manage');
    return staffMembers(ctx.db);
  },
}));

builder.queryField('staffInvitations', (t) => t.field({
  type: [Invitation],
  description: 'Pending, unexpired invitations, newest first. Owners only.',
  resolve: async (_root, _args, ctx) => {
    await ctx.require('staff.manage');
    return pendingStaffInvitations(ctx.db, ctx.now());
  },
}));

type Payload = { member?: StaffMember | null; invitation?: StaffInvitation | null; errors: StaffError[] };
const StaffPayload = builder.objectRef<Payload>('StaffChangePayload').implement({
  fields: (t) => ({
    member: t.field({ type: Member, nullable: true, resolve: (p) => p.member ?? null }),
    invitation: t.field({ type: Invitation, nullable: true, resolve: (p) => p.invitation ?? null }),
    errors: t.field({ type: [AdminErrorRef], resolve: (p) => p.errors }),
  }),
});

builder.mutationField('staffInvite', (t) => t.field({
  type: StaffPayload,
  description: 'Invites someone by e-mail to a console role: a one-use link, valid 7 days, e-mailed in `language` (a store language). Replaces a pending invitation to the same address. Owners only; audited.',
  args: { email: t.arg.string({ required: true }), role: t.arg.string({ required: true }), language: t.arg.string({ defaultValue: 'en' }) },
  resolve: async (_root, { email, role, language }, ctx) => {
    const staff = await ctx.require('staff.manage');
    return inviteStaff(ctx.db, staff, { email, role, language: language ?? 'en' }, { now: ctx.now(), publicUrl: ctx.publicUrl });
  },
}));

builder.mutationField('staffInvitationRevoke', (t) => t.field({
  type: StaffPayload,
  description: 'Withdraws a pending invitation; its link stops working. Owners only; audited.',
  args: { id: t.arg.string({ required: true }) },
  resolve: async (_root, { id }, ctx) => {
    const staff = await ctx.require('staff.manage');
    if (!/^[0-9a-f-]{36}$/i.test(id)) return { errors: [{ field: 'id', code: 'NOT_FOUND' as const, message: 'No pending invitation has this id.' }] };
    return revokeStaffInvitation(ctx.db, staff, id, ctx.now());
  },
}));

builder.mutationField('staffRoleChange', (t) => t.field({
  type: StaffPayload,
  description: 'Gives a member of staff another role. The last owner keeps theirs (LAST_OWNER). Owners only; audited.',
  args: { userId: t.arg.string({ required: true }), role: t.arg.string({ required: true }) },
  resolve: async (_root, { userId, role }, ctx) => {
    const staff = await ctx.require('staff.manage');
    return changeStaffRole(ctx.db, staff, userId, role);
  },
}));

builder.mutationField('staffDeactivate', (t) => t.field({
  type: StaffPayload,
  description: 'Ends a member of staff\'s access: the role is taken away and their sign-in sessions end; the account stays a buyer\'s. Not the last owner (LAST_OWNER). Owners only; audited.',
  args: { userId: t.arg.string({ required: true }) },
  resolve: async (_root, { userId }, ctx) => {
    const staff = await ctx.require('staff.manage');
    return deactivateStaff(ctx.db, staff, userId);
  },
}));
