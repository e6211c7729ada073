import { schema, type Database } from '@probe/db';
import { TRAINEE_TYPES } from '@probe/domain';
import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import { audit, may, type Actor } from '../staff/index.ts';
import { checkProof, PROOF_MAX_BYTES, type ProofFile } from './proof.ts';

export const LEARNER_MARKETS = ['HUMAN', 'VETERINARY'] as const;
export type LearnerMarket = (typeof LEARNER_MARKETS)[number];
export const LEARNER_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type LearnerStatus = (typeof LEARNER_STATUSES)[number];

/** An approval lasts one academic year: the student price applies for this long after it. */
export const LEARNER_APPROVAL_DAYS = 365;

export const LEARNER_ERROR_CODES = ['BAD_PROOF_OF_ENROLLMENT', 'INVALID', 'REQUIRED', 'NOT_FOUND', 'OPERATION_NOT_ALLOWED'] as const;
export interface LearnerError {
  field: string | null;
  code: (typeof LEARNER_ERROR_CODES)[number];
  message: string;
}

const { proof: _proof, ...summaryColumns } = getTableColumns(schema.learnerVerifications);
/** A verification without its file's bytes. */
export type LearnerVerification = Omit<typeof schema.learnerVerifications.$inferSelect, 'proof'>;

export interface LearnerRequestInput {
  market: string;
  traineeType: string;
  institution: string;
  graduationYear: number;
  proof: ProofFile;
}

const PROOF_MESSAGES = {
  EMPTY: 'The file is empty',
  TOO_LARGE: `The file is larger than ${PROOF_MAX_BYTES / 1024 / 1024} MB`,
  TYPE: 'The file is not a PDF, JPEG, PNG or WebP document',
};

/**
 * A learner sends their proof of enrollment: checked (fields, and the file by its content), then stored
 * whole in one statement, or nothing is stored. A learner with a request still waiting, or already
 * approved for that market, is told so instead of adding another.
 */
export async function requestLearnerVerification(
  db: Database, userId: string, input: LearnerRequestInput, now: Date,
): Promise<{ verification: LearnerVerification | null; errors: LearnerError[] }> {
  const errors: LearnerError[] = [];
  if (!(LEARNER_MARKETS as readonly string[]).includes(input.market)) errors.push({ field: 'market', code: 'INVALID', message: 'Unknown market' });
  if (!(TRAINEE_TYPES as readonly string[]).includes(input.traineeType)) errors.push({ field: 'traineeType', code: 'INVALID', message: `One of ${TRAINEE_TYPES.join(', ')}` });
  const institution = input.institution.trim();
  if (!institution) errors.push({ field: 'institution', code: 'REQUIRED', message: 'The school, university or training programme is required' });
  else if (institution.length > 200) errors.push({ field: 'institution', code: 'INVALID', message: 'At most 200 characters' });
  const year = now.getUTCFullYear();
  if (!Number.isInteger(input.graduationYear) || input.graduationYear < year || input.graduationYear > year + 8) {
    errors.push({ field: 'graduationYear', code: 'INVALID', message: `A year from ${year} to ${year + 8}` });
  }
  const checked = await checkProof(input.proof);
  if (!checked.ok) errors.push({ field: 'proof', code: 'BAD_PROOF_OF_ENROLLMENT', message: PROOF_MESSAGES[checked.reason] });
  if (errors.length || !checked.ok || !checked.bytes) return { verification: null, errors };

  const current = await currentVerification(db, userId, input.market as LearnerMarket, now);
  if (current && current.status !== 'REJECTED') {
    return { verification: null, errors: [{ field: null, code: 'OPERATION_NOT_ALLOWED', message: current.status === 'PENDING' ? 'A proof is already waiting for review' : 'Already verified' }] };
  }
  const [row] = await db.insert(schema.learnerVerifications).values({
    userId,
    market: input.market,
    traineeType: input.traineeType,
    institution,
    graduationYear: input.graduationYear,
    proofName: safeFileName(input.proof.name),
    proofContentType: checked.contentType,
    proofSize: checked.bytes.byteLength,
    proof: Buffer.from(checked.bytes),
    createdAt: now,
  }).returning(summaryColumns);
  return { verification: row!, errors: [] };
}

/** The name shown back to the learner and staff: no path, no control characters, at most 120 characters. */
function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[\u0000-\u001f\u007f"]/g, '').slice(0, 120) || 'proof';
}

/** A user's latest verification for a market (an approval that has lapsed counts as none). */
export async function currentVerification(db: Database, userId: string, market: LearnerMarket, now: Date): Promise<LearnerVerification | null> {
  const [row] = await db.select(summaryColumns).from(schema.learnerVerifications)
    .where(and(eq(schema.learnerVerifications.userId, userId), eq(schema.learnerVerifications.market, market)))
    .orderBy(desc(schema.learnerVerifications.createdAt)).limit(1);
  if (!row) return null;
  if (row.status === 'APPROVED' && row.validUntil && row.validUntil <= now) return null;
  return row;
}

/** The markets in which a user is a verified learner now (their student price applies there). */
export async function verifiedLearnerMarkets(db: Pick<Database, 'select'>, userId: string, now: Date): Promise<LearnerMarket[]> {
  const rows = await db.select({ market: schema.learnerVerifications.market, validUntil: schema.learnerVerifications.validUntil })
    .from(schema.learnerVerifications)
    .where(and(eq(schema.learnerVerifications.userId, userId), eq(schema.learnerVerifications.status, 'APPROVED')));
  return [...new Set(rows.filter((r) => r.validUntil && r.validUntil > now).map((r) => r.market as LearnerMarket))];
}

/** Verifications staff review, oldest first, with the learner's e-mail. */
export async function listLearnerVerifications(db: Database, status: LearnerStatus, limit = 50): Promise<Array<LearnerVerification & { email: string }>> {
  return db.select({ ...summaryColumns, email: schema.users.email }).from(schema.learnerVerifications)
    .innerJoin(schema.users, eq(schema.users.id, schema.learnerVerifications.userId))
    .where(eq(schema.learnerVerifications.status, status))
    .orderBy(schema.learnerVerifications.createdAt).limit(Math.min(Math.max(limit, 1), 200));
}

/**
 * An operator's decision: a pending request becomes APPROVED (the student price applies for a year) or
 * REJECTED (with the reason the learner is shown). Who decided and when are kept; a request already
 * decided is not decided again (a conditional update, so two operators at once give one decision).
 */
export async function decideLearnerVerification(
  db: Database, actor: Actor, input: { id: string; approve: boolean; note: string | null }, now: Date,
): Promise<{ verification: LearnerVerification | null; errors: LearnerError[] }> {
  const note = input.note?.trim() || null;
  if (!input.approve && !note) return { verification: null, errors: [{ field: 'note', code: 'REQUIRED', message: 'Say why the proof is rejected: the learner is shown it' }] };
  if (note && note.length > 500) return { verification: null, errors: [{ field: 'note', code: 'INVALID', message: 'At most 500 characters' }] };
  const validUntil = input.approve ? new Date(now.getTime() + LEARNER_APPROVAL_DAYS * 24 * 3600 * 1000) : null;
  const status = input.approve ? 'APPROVED' : 'REJECTED';
  const row = await db.transaction(async (tx) => {
    const [decided] = await tx.update(schema.learnerVerifications)
      .set({ status, decidedBy: actor.id, decidedAt: now, decisionNote: note, validUntil })
      .where(and(eq(schema.learnerVerifications.id, input.id), eq(schema.learnerVerifications.status, 'PENDING')))
      .returning(summaryColumns);
    if (decided) await audit(tx, actor, input.approve ? 'learner.approve' : 'learner.reject', `learner:${input.id}`, { status: 'PENDING' }, { status, note, validUntil });
    return decided;
  });
  if (row) return { verification: row, errors: [] };
  const exists = await db.select({ id: schema.learnerVerifications.id }).from(schema.learnerVerifications).where(eq(schema.learnerVerifications.id, input.id));
  return exists.length
    ? { verification: null, errors: [{ field: 'id', code: 'OPERATION_NOT_ALLOWED', message: 'This request has already been decided' }] }
    : { verification: null, errors: [{ field: 'id', code: 'NOT_FOUND', message: 'No such request' }] };
}

/**
 * A proof's file, for its owner or for staff who may read learner requests; null for anyone else (the
 * same answer as for no file). `staffRole` is the caller's role only when they came with a console token
 * (null for a store token, whoever holds it).
 */
export async function proofFor(db: Database, id: string, viewer: { id: string; staffRole: string | null }): Promise<{ name: string; contentType: string; bytes: Buffer } | null> {
  const [row] = await db.select({ userId: schema.learnerVerifications.userId, name: schema.learnerVerifications.proofName, contentType: schema.learnerVerifications.proofContentType, bytes: schema.learnerVerifications.proof })
    .from(schema.learnerVerifications).where(eq(schema.learnerVerifications.id, id));
  if (!row || (row.userId !== viewer.id && !may(viewer.staffRole, 'learners.read'))) return null;
  return { name: row.name, contentType: row.contentType, bytes: row.bytes };
}
