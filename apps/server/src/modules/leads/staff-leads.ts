import { schema, type Database } from '@probe/db';
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { audit, type Actor } from '../staff/index.ts';
import { LEAD_TOPIC } from './delivery.ts';

const { leads, leadForms: forms, outbox } = schema;

/**
 * Where a lead is on its way to the CRM: SPAM (kept, never sent), DELIVERED (the CRM took it), PENDING
 * (waiting for its first try), RETRYING (tried, failed, will be tried again) or FAILED (given up: staff
 * may send it again).
 */
export type LeadDelivery = 'SPAM' | 'DELIVERED' | 'PENDING' | 'RETRYING' | 'FAILED';

export interface StaffLead {
  id: string;
  formPath: string;
  formName: string;
  email: string | null;
  name: string | null;
  company: string | null;
  country: string;
  language: string;
  createdAt: Date;
  deliveredAt: Date | null;
  delivery: LeadDelivery;
  attempts: number;
  lastError: string | null;
}

export interface LeadFilter {
  formPath?: string | null;
  /** Submitted on or after this day, and on or before `to` (YYYY-MM-DD, UTC, both included). */
  from?: string | null;
  to?: string | null;
  delivery?: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The lead's newest delivery job (the outbox row a submission or a redelivery wrote). */
const job = sql`lateral (select o.attempts, o.last_error, o.processed_at, o.dead_at from ${outbox} o
  where o.topic = ${LEAD_TOPIC} and o.payload->>'leadId' = ${leads.id}::text order by o.id desc limit 1) j`;

const deliverySql = sql<LeadDelivery>`case when ${leads.status} = 'spam' then 'SPAM' when ${leads.deliveredAt} is not null then 'DELIVERED'
  when j.dead_at is not null then 'FAILED' when coalesce(j.attempts, 0) > 0 and j.processed_at is null then 'RETRYING' else 'PENDING' end`;

/** The marketing forms' leads, newest first, by form, submission day and delivery state. */
export async function listLeads(db: Pick<Database, 'select'>, filter: LeadFilter, first = 100): Promise<StaffLead[]> {
  const where: SQL[] = [];
  if (filter.formPath) where.push(eq(forms.path, filter.formPath));
  if (filter.from && DAY.test(filter.from)) where.push(gte(leads.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to && DAY.test(filter.to)) where.push(lt(leads.createdAt, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000)));
  if (filter.delivery && ['SPAM', 'DELIVERED', 'PENDING', 'RETRYING', 'FAILED'].includes(filter.delivery)) where.push(sql`${deliverySql} = ${filter.delivery}`);
  const rows = await db.select({
    id: leads.id, formPath: forms.path, formName: forms.name, values: leads.values, email: leads.email, country: leads.countryCode, language: leads.languageCode,
    createdAt: leads.createdAt, deliveredAt: leads.deliveredAt, delivery: deliverySql, attempts: sql<number>`coalesce(j.attempts, 0)::int`, lastError: sql<string | null>`j.last_error`,
  }).from(leads).innerJoin(forms, eq(forms.id, leads.formId)).leftJoin(job, sql`true`)
    .where(where.length ? and(...where) : undefined).orderBy(desc(leads.createdAt)).limit(Math.min(Math.max(first, 1), 500));
  return rows.map(({ values, ...row }) => ({
    ...row,
    name: [values.FIRST_NAME, values.LAST_NAME].filter((v) => typeof v === 'string' && v).join(' ') || null,
    company: typeof values.ORGANIZATION_NAME === 'string' && values.ORGANIZATION_NAME ? values.ORGANIZATION_NAME : null,
  }));
}

/** The forms, for the filter. */
export function leadFormsForStaff(db: Pick<Database, 'select'>): Promise<Array<{ path: string; name: string }>> {
  return db.select({ path: forms.path, name: forms.name }).from(forms).orderBy(asc(forms.path));
}

export interface RedeliverError { field: string | null; code: 'NOT_FOUND' | 'OPERATION_NOT_ALLOWED'; message: string }

/**
 * Sends a lead to the CRM again: a new delivery job, when the last one was given up (FAILED). A lead the
 * CRM has, spam, or one whose delivery still runs is refused. The CRM keeps it once (the lead id is the
 * idempotency key). Audited.
 */
export async function redeliverLead(db: Database, actor: Actor, id: string): Promise<{ errors: RedeliverError[] }> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return { errors: [{ field: 'id', code: 'NOT_FOUND', message: 'No such lead' }] };
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ status: leads.status, deliveredAt: leads.deliveredAt, delivery: deliverySql })
      .from(leads).leftJoin(job, sql`true`).where(eq(leads.id, id)).for('update', { of: leads });
    if (!row) return { errors: [{ field: 'id', code: 'NOT_FOUND' as const, message: 'No such lead' }] };
    if (row.delivery !== 'FAILED') return { errors: [{ field: null, code: 'OPERATION_NOT_ALLOWED' as const, message: `Only a lead whose delivery failed is sent again (this one is ${row.delivery.toLowerCase()})` }] };
    await tx.insert(outbox).values({ topic: LEAD_TOPIC, payload: { leadId: id } });
    await audit(tx, actor, 'lead.redeliver', `lead:${id}`, { delivery: row.delivery }, { delivery: 'PENDING' });
    return { errors: [] };
  });
}
