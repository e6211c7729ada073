import { TRAINEE_TYPES } from '@probe/domain';
import { GraphQLError } from 'graphql';
import { builder } from '../builder.ts';
import { toGlobalId } from '../global-id.ts';
import { signedIn, User } from './accounts.ts';
import {
  currentVerification, LEARNER_ERROR_CODES, LEARNER_MARKETS, LEARNER_STATUSES, PROOF_MAX_BYTES, requestLearnerVerification,
  type LearnerError, type LearnerVerification,
} from '../../modules/learners/index.ts';

builder.scalarType('File', {
  description: 'A file sent in a multipart request (GraphQL multipart request specification). Input only.',
  serialize: () => {
    throw new GraphQLError('File is an input type');
  },
  parseValue: (value) => {
    // Yoga hands over its fetch implementation's File (not always the global class): checked by shape.
    const file = value as Partial<File> | null;
    if (typeof file?.arrayBuffer !== 'function' || typeof file.slice !== 'function') throw new GraphQLError('Expected a file in a multipart request');
    return value as File;
  },
});

const LearnerMarketEnum = builder.enumType('LearnerMarket', { values: LEARNER_MARKETS });
const LearnerStatusEnum = builder.enumType('LearnerVerificationStatus', { values: LEARNER_STATUSES });
const TraineeTypeEnum = builder.enumType('TraineeType', { values: TRAINEE_TYPES });
const LearnerErrorCodeEnum = builder.enumType('LearnerErrorCode', { values: LEARNER_ERROR_CODES });

const LearnerErrorRef = builder.objectRef<LearnerError>('LearnerError').implement({
  description: 'A refused learner verification request or decision: the field, a message, and the code (BAD_PROOF_OF_ENROLLMENT for the file).',
  fields: (t) => ({
    field: t.exposeString('field', { nullable: true }),
    message: t.exposeString('message'),
    code: t.field({ type: LearnerErrorCodeEnum, resolve: (e) => e.code }),
  }),
});

const iso = (d: Date | null) => d?.toISOString() ?? null;

const LearnerVerificationRef = builder.objectRef<LearnerVerification>('LearnerVerification').implement({
  description: 'A request to verify learner status (spec §2): what the learner sent, and the operator\'s decision.',
  fields: (t) => ({
    id: t.id({ resolve: (v) => toGlobalId('LearnerVerification', v.id) }),
    market: t.field({ type: LearnerMarketEnum, resolve: (v) => v.market as (typeof LEARNER_MARKETS)[number] }),
    traineeType: t.field({ type: TraineeTypeEnum, resolve: (v) => v.traineeType as (typeof TRAINEE_TYPES)[number] }),
    institution: t.exposeString('institution'),
    graduationYear: t.exposeInt('graduationYear'),
    status: t.field({ type: LearnerStatusEnum, resolve: (v) => v.status as (typeof LEARNER_STATUSES)[number] }),
    proofName: t.exposeString('proofName'),
    proofContentType: t.exposeString('proofContentType'),
    proofSize: t.exposeInt('proofSize'),
    proofUrl: t.string({ description: 'GET with the same Authorization header: the file, for its owner and staff only.', resolve: (v) => `/learner-proofs/${v.id}` }),
    createdAt: t.string({ description: 'ISO date-time', resolve: (v) => v.createdAt.toISOString() }),
    decidedAt: t.string({ nullable: true, description: 'ISO date-time', resolve: (v) => iso(v.decidedAt) }),
    decisionNote: t.exposeString('decisionNote', { nullable: true }),
    validUntil: t.string({ nullable: true, description: 'ISO date-time: the student price applies until then', resolve: (v) => iso(v.validUntil) }),
  }),
});

const LearnerPayload = builder.objectRef<{ verification: LearnerVerification | null; errors: LearnerError[] }>('LearnerVerificationPayload').implement({
  fields: (t) => ({
    verification: t.field({ type: LearnerVerificationRef, nullable: true, resolve: (p) => p.verification }),
    errors: t.field({ type: [LearnerErrorRef], resolve: (p) => p.errors }),
  }),
});

builder.objectField(User, 'learnerVerification', (t) => t.field({
  type: LearnerVerificationRef,
  nullable: true,
  description: 'The user\'s latest learner verification for a market (a lapsed approval counts as none).',
  args: { market: t.arg({ type: LearnerMarketEnum, required: true }) },
  resolve: (u, { market }, ctx) => currentVerification(ctx.db, u.id, market, ctx.now()),
}));

const LearnerVerificationRequestInput = builder.inputType('LearnerVerificationRequestInput', {
  fields: (t) => ({
    market: t.field({ type: LearnerMarketEnum, required: true }),
    traineeType: t.field({ type: TraineeTypeEnum, required: true }),
    institution: t.string({ required: true }),
    graduationYear: t.int({ required: true }),
    proof: t.field({ type: 'File', required: true, description: `A PDF, JPEG, PNG or WebP, at most ${PROOF_MAX_BYTES / 1024 / 1024} MB, checked by its content.` }),
  }),
});

builder.mutationFields((t) => ({
  learnerVerificationRequest: t.field({
    type: LearnerPayload,
    description: 'A signed-in learner sends their proof of enrollment (multipart request). A file that is empty, too large or not a PDF or image by its content is BAD_PROOF_OF_ENROLLMENT; nothing is stored unless all is valid.',
    args: { input: t.arg({ type: LearnerVerificationRequestInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const user = await signedIn(ctx);
      const { proof } = input;
      const file = { name: proof.name ?? 'proof', size: proof.size, read: async () => new Uint8Array(await proof.arrayBuffer()) };
      return requestLearnerVerification(ctx.db, user.id, { ...input, proof: file }, ctx.now());
    },
  }),
}));
