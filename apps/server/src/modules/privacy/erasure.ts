import { readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { schema, type Database } from '@probe/db';
import { and, eq, sql } from 'drizzle-orm';
import { faultPoint } from '../faults/index.ts';
import { eraseConsents } from './consents.ts';
import { erasureBlocker, type DataRequest } from './requests.ts';

const { dataRequests, users } = schema;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface ErasureDeps {
  db: Database;
  /** The mail sink's folder (local and test mail), or null when mail goes out by SMTP only. */
  mailSinkDir: string | null;
  now?: () => Date;
}

/** What identifies the subject while the job runs: their id, e-mail, and the names and phones found on their records. */
interface Subject {
  userId: string;
  email: string;
  /** Case-insensitive regular expression (PostgreSQL ARE) matching the e-mail. */
  emailPattern: string;
}

/** Who the audit log names for the job's own steps (it is the store, not an operator, that runs them). */
const JOB_ACTOR = { actorId: 'store', actorEmail: 'privacy.erase job' };

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const REDACTED = '[erased]';

/** Replaces the subject's e-mail inside a jsonb column, case-insensitively, keeping the JSON valid. */
const redactJson = (column: string, pattern: string) => sql.raw(`regexp_replace(${column}::text, '${pattern.replace(/'/g, "''")}', '${REDACTED}', 'gi')::jsonb`);

/**
 * The erasure's steps, in order, each committed with the record that it is done (`steps`): a job killed
 * half-way resumes with the first step not recorded, and a step run twice finds nothing left to do. What
 * tax law requires stays (docs/privacy.md): invoice and credit-note numbers, dates, lines, amounts, VAT and
 * the place of supply (country); a business buyer's company name, address and VAT number.
 */
const STEPS: ReadonlyArray<readonly [string, (tx: Tx, s: Subject) => Promise<void>]> = [
  // Staff's record of what they did stays, without the customer's e-mail in it.
  ['audit', async (tx, s) => {
    await tx.execute(sql`update audit_log set subject = regexp_replace(subject, ${s.emailPattern}, ${REDACTED}, 'gi'),
      before = case when before is null then null else ${redactJson('before', s.emailPattern)} end,
      after = case when after is null then null else ${redactJson('after', s.emailPattern)} end
      where subject ~* ${s.emailPattern} or before::text ~* ${s.emailPattern} or after::text ~* ${s.emailPattern}`);
  }],
  // Leads (and their CRM deliveries not yet made) with the e-mail: a lead is nothing but contact data.
  ['leads', async (tx, s) => {
    await tx.execute(sql`delete from outbox where topic = 'lead.deliver' and processed_at is null
      and payload->>'leadId' in (select id::text from leads where lower(email) = ${s.email} or "values"::text ~* ${s.emailPattern})`);
    await tx.execute(sql`delete from leads where lower(email) = ${s.email} or "values"::text ~* ${s.emailPattern}`);
  }],
  // Consent decisions: the account's, the e-mail's (a form's tick) and the anonymous ones of their browsers.
  ['consents', async (tx, s) => {
    await eraseConsents(tx, s.userId, s.email);
  }],
  // Analytics events the user's pages sent, and every event of the same browsers (their anonymous ids).
  ['analytics', async (tx, s) => {
    await tx.execute(sql`delete from analytics_events where anonymous_id in (select anonymous_id from analytics_events where user_id = ${s.userId})
      or user_id = ${s.userId} or body::text ~* ${s.emailPattern} or page_url ~* ${s.emailPattern}`);
  }],
  // Proofs of enrollment (the files themselves are in the rows).
  ['learners', async (tx, s) => {
    await tx.execute(sql`delete from learner_verifications where user_id = ${s.userId}`);
  }],
  // Carts: an unfinished one is nothing but the buyer's data; a finished one's facts are in its order.
  ['checkouts', async (tx, s) => {
    await tx.execute(sql`delete from checkouts where user_id = ${s.userId} or lower(email) = ${s.email}`);
  }],
  // Orders stay (invoices, credit notes, VAT): the buyer's e-mail, names, phone and, for a consumer, the
  // address go; the country (place of supply) stays; a business's billing company, address and VAT number stay.
  ['orders', async (tx, s) => {
    await tx.execute(sql`update orders set
      email = 'erased-' || id || '@erased.invalid',
      user_id = null,
      quote_data = null,
      billing_address = case when vat_number is null
        then jsonb_build_object('firstName', '', 'lastName', '', 'companyName', '', 'streetAddress1', '', 'streetAddress2', '', 'city', '', 'postalCode', '', 'countryArea', '', 'phone', '', 'country', billing_address->>'country')
        else billing_address || jsonb_build_object('firstName', '', 'lastName', '', 'phone', '') end,
      shipping_address = case when shipping_address is null then null
        else jsonb_build_object('firstName', '', 'lastName', '', 'companyName', '', 'streetAddress1', '', 'streetAddress2', '', 'city', '', 'postalCode', '', 'countryArea', '', 'phone', '', 'country', shipping_address->>'country') end
      where user_id = ${s.userId} or lower(email) = ${s.email}`);
    await tx.execute(sql`update order_events set payload = ${redactJson('payload', s.emailPattern)} where payload::text ~* ${s.emailPattern}`);
  }],
  // Invitations sent to the address; seats in organizations (the organization and its subscription stay).
  ['memberships', async (tx, s) => {
    await tx.execute(sql`delete from organization_invitations where lower(email) = ${s.email}`);
    await tx.execute(sql`delete from organization_memberships where user_id = ${s.userId}`);
  }],
  // The sign-in account: sessions, grants and tokens of the built-in provider end everywhere (a token's
  // session is looked up again within seconds), then the account with its links and known addresses.
  ['identity', async (tx, s) => {
    await tx.execute(sql`delete from identity_oidc_payloads where payload->>'accountId' = ${s.userId} or payload::text ~* ${s.emailPattern}
      or payload::text like ${`%${s.userId}%`}`);
    await tx.execute(sql`delete from identity_users where id::text = ${s.userId} or lower(email) = ${s.email}`);
  }],
  // Their data exports' archives (a finished request keeps only its kind, state and dates).
  ['exports', async (tx, s) => {
    await tx.execute(sql`update data_requests set archive = null, download_token_hash = null, download_expires_at = null where user_id = ${s.userId} and kind = 'EXPORT'`);
    await tx.execute(sql`delete from outbox where topic = 'privacy.export' and payload->>'requestId' in (select id::text from data_requests where user_id = ${s.userId})`);
  }],
  // Jobs about them: e-mails to them (pending or sent), anything naming their e-mail or id.
  ['outbox', async (tx, s) => {
    await tx.execute(sql`delete from outbox where topic <> 'privacy.erase' and (payload::text ~* ${s.emailPattern} or payload::text like ${`%"${s.userId}"%`})`);
  }],
  ['user', async (tx, s) => {
    await tx.delete(users).where(eq(users.id, s.userId));
  }],
];

/** The mail sink's messages to or about the subject (their e-mail anywhere in the file). */
async function eraseSinkMail(dir: string, email: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const path = join(dir, name);
    const raw = await readFile(path, 'latin1').catch(() => '');
    if (raw.toLowerCase().includes(email)) await unlink(path).catch((err: NodeJS.ErrnoException) => { if (err.code !== 'ENOENT') throw err; });
  }
}

export const ERASURE_STEPS = [...STEPS.map(([name]) => name), 'mail-sink'];

/**
 * Runs (or resumes) one erasure request. Idempotent: a finished or refused request is left as it is; a
 * running one continues after its last recorded step. `afterStep` is for tests that stop it half-way.
 */
export async function runErasure(deps: ErasureDeps, requestId: string, afterStep?: (step: string) => Promise<void>): Promise<DataRequest | null> {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const [request] = await db.select().from(dataRequests).where(and(eq(dataRequests.id, requestId), eq(dataRequests.kind, 'ERASURE')));
  if (!request || request.state === 'DONE' || request.state === 'REFUSED') return request ?? null;
  if (request.steps.length === 0) {
    // Nothing done yet: the account may have changed since the request (made the last admin since).
    const blocker = await erasureBlocker(db, request.userId);
    if (blocker) {
      return db.transaction(async (tx) => {
        await tx.insert(schema.auditLog).values({ ...JOB_ACTOR, action: 'privacy.erasure.refused', subject: `data-request:${requestId}`, before: null, after: { userId: request.userId, reason: blocker.code } });
        const [refused] = await tx.update(dataRequests).set({ state: 'REFUSED', refusal: blocker.staffMessage, subjectEmail: null, finishedAt: now() })
          .where(eq(dataRequests.id, requestId)).returning();
        return refused!;
      });
    }
  }
  const subject: Subject = { userId: request.userId, email: request.subjectEmail ?? '', emailPattern: escapeRegex(request.subjectEmail ?? '') };
  if (!subject.email) throw new Error(`erasure ${requestId} has no subject e-mail`);
  await db.update(dataRequests).set({ state: 'RUNNING' }).where(eq(dataRequests.id, requestId));
  const done = new Set(request.steps);
  for (const [name, step] of STEPS) {
    if (done.has(name)) continue;
    await db.transaction(async (tx) => {
      await step(tx, subject);
      await tx.insert(schema.auditLog).values({ ...JOB_ACTOR, action: `privacy.erasure.${name}`, subject: `data-request:${requestId}`, before: null, after: { userId: request.userId } });
      await tx.update(dataRequests).set({ steps: sql`array_append(${dataRequests.steps}, ${name})` }).where(eq(dataRequests.id, requestId));
    });
    if (name === 'orders') faultPoint('erasure-after-orders');
    await afterStep?.(name);
  }
  if (!done.has('mail-sink')) {
    if (deps.mailSinkDir) await eraseSinkMail(deps.mailSinkDir, subject.email);
    await db.transaction(async (tx) => {
      await tx.insert(schema.auditLog).values({ ...JOB_ACTOR, action: 'privacy.erasure.mail-sink', subject: `data-request:${requestId}`, before: null, after: { userId: request.userId } });
      await tx.update(dataRequests).set({ steps: sql`array_append(${dataRequests.steps}, 'mail-sink')` }).where(eq(dataRequests.id, requestId));
    });
    await afterStep?.('mail-sink');
  }
  const finished = await db.transaction(async (tx) => {
    await tx.insert(schema.auditLog).values({ ...JOB_ACTOR, action: 'privacy.erasure.done', subject: `data-request:${requestId}`, before: null, after: { userId: request.userId } });
    const [row] = await tx.update(dataRequests).set({ state: 'DONE', subjectEmail: null, finishedAt: now() }).where(eq(dataRequests.id, requestId)).returning();
    return row!;
  });
  return finished;
}

/** The outbox handler of `privacy.erase`. */
export const erasureHandler = (deps: ErasureDeps) => async (job: { payload: unknown }): Promise<void> => {
  const { requestId } = job.payload as { requestId: string };
  await runErasure(deps, requestId);
};
