import { decideLearnerVerification, LEARNER_STATUSES, listLearnerVerifications, type LearnerVerification } from '../../modules/learners/index.ts';
import { AdminErrorRef, builder } from '../builder.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | null) => d?.toISOString() ?? null;

const LearnerRequest = builder.objectRef<LearnerVerification & { email?: string }>('StaffLearnerVerification').implement({
  description: 'A learner\'s request, as staff review it: who asked, what they sent, the decision.',
  fields: (t) => ({
    id: t.exposeString('id'),
    email: t.string({ resolve: (v) => v.email ?? '' }),
    market: t.exposeString('market'),
    traineeType: t.exposeString('traineeType'),
    institution: t.exposeString('institution'),
    graduationYear: t.exposeInt('graduationYear'),
    status: t.exposeString('status'),
    proofName: t.exposeString('proofName'),
    proofContentType: t.exposeString('proofContentType'),
    proofSize: t.exposeInt('proofSize'),
    proofUrl: t.string({ description: 'GET with the console\'s Authorization header', resolve: (v) => `/learner-proofs/${v.id}` }),
    createdAt: t.string({ resolve: (v) => v.createdAt.toISOString() }),
    decidedAt: t.string({ nullable: true, resolve: (v) => iso(v.decidedAt) }),
    decisionNote: t.exposeString('decisionNote', { nullable: true }),
    validUntil: t.string({ nullable: true, resolve: (v) => iso(v.validUntil) }),
  }),
});

builder.queryField('learnerVerifications', (t) => t.field({
  type: [LearnerRequest],
  description: 'Learner verification requests in a state, oldest first (the review queue).',
  args: { status: t.arg.string({ required: true }), first: t.arg.int({ defaultValue: 50 }) },
  resolve: async (_root, { status, first }, ctx) => {
    await ctx.require('learners.read');
    if (!(LEARNER_STATUSES as readonly string[]).includes(status)) return [];
    return listLearnerVerifications(ctx.db, status as (typeof LEARNER_STATUSES)[number], first ?? 50);
  },
}));

builder.mutationField('learnerVerificationDecide', (t) => t.field({
  type: builder.objectRef<{ verification: LearnerVerification | null; errors: Array<{ field: string | null; code: string; message: string }> }>('StaffLearnerDecisionPayload').implement({
    fields: (f) => ({
      verification: f.field({ type: LearnerRequest, nullable: true, resolve: (p) => p.verification }),
      errors: f.field({ type: [AdminErrorRef], resolve: (p) => p.errors }),
    }),
  }),
  description: 'Approve or reject a pending request; a rejection says why (the learner is shown it). Who and when are recorded, in the audit log too.',
  args: { id: t.arg.string({ required: true }), approve: t.arg.boolean({ required: true }), note: t.arg.string() },
  resolve: async (_root, { id, approve, note }, ctx) => {
    const staff = await ctx.require('learners.decide');
    if (!UUID.test(id)) return { verification: null, errors: [{ field: 'id', code: 'NOT_FOUND', message: 'No such request' }] };
    return decideLearnerVerification(ctx.db, staff, { id, approve, note: note ?? null }, ctx.now());
  },
}));
