import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A learner's request to have their student or trainee status verified (spec §2 learner status
 * verification, human and vet). The proof of enrollment is kept in the database — outside any web root,
 * shared by every instance — and served only to its owner and to staff. An operator approves or rejects
 * it; who decided and when is kept. An approved learner buys at the student price until `validUntil`.
 */
export const learnerVerifications = pgTable(
  'learner_verifications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** HUMAN or VETERINARY: which student price it unlocks. */
    market: text('market').notNull(),
    traineeType: text('trainee_type').notNull(),
    institution: text('institution').notNull(),
    graduationYear: integer('graduation_year').notNull(),
    status: text('status').notNull().default('PENDING'),
    proofName: text('proof_name').notNull(),
    /** The type read from the file's content (never from its name or the browser's word). */
    proofContentType: text('proof_content_type').notNull(),
    proofSize: integer('proof_size').notNull(),
    proof: bytea('proof').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    validUntil: timestamp('valid_until', { withTimezone: true }),
  },
  (t) => [
    check('learner_verifications_status', sql`${t.status} in ('PENDING', 'APPROVED', 'REJECTED')`),
    check('learner_verifications_market', sql`${t.market} in ('HUMAN', 'VETERINARY')`),
    index('learner_verifications_user_idx').on(t.userId, t.createdAt),
    index('learner_verifications_pending_idx').on(t.status, t.createdAt),
  ],
);
