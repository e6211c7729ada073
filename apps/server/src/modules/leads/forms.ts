import { and, eq } from 'drizzle-orm';
import { schema, type Database, type LeadFormCopy } from '@probe/db';
import { LEAD_FIELD_KEYS, LEAD_FORM_PATH, type LeadFieldKey } from '@probe/domain';

export type LeadFormRow = typeof schema.leadForms.$inferSelect;

export interface LeadFormField {
  key: LeadFieldKey;
  required: boolean;
}

export interface LeadForm {
  id: number;
  path: string;
  kind: string;
  name: string;
  market: 'HUMAN' | 'VETERINARY';
  department: string;
  fields: LeadFormField[];
  copy: Record<string, LeadFormCopy>;
  eventStartsAt: Date | null;
}

/** A stored form as the API and the submission rules read it: fields with unknown keys are left out. */
function toForm(row: LeadFormRow): LeadForm {
  const known = new Set<string>(LEAD_FIELD_KEYS);
  return {
    id: row.id, path: row.path, kind: row.kind, name: row.name, department: row.department,
    market: row.market === 'VETERINARY' ? 'VETERINARY' : 'HUMAN',
    fields: row.fields.filter((f) => known.has(f.key)).map((f) => ({ key: f.key as LeadFieldKey, required: Boolean(f.required) })),
    copy: row.copy, eventStartsAt: row.eventStartsAt,
  };
}

/** The active form at a path after `/form/`, or null (the page is a 404). */
export async function findLeadForm(db: Database, path: string): Promise<LeadForm | null> {
  const clean = path.replace(/^\/+|\/+$/g, '').toLowerCase();
  if (!LEAD_FORM_PATH.test(clean)) return null;
  const [row] = await db.select().from(schema.leadForms).where(and(eq(schema.leadForms.path, clean), eq(schema.leadForms.active, true)));
  return row ? toForm(row) : null;
}

/** The kinds of form that register people for an event at a date: they close when it begins. */
const REGISTRATION_KINDS = new Set(['WEBINAR', 'VET_WEBINAR']);

/** Whether a webinar's registration is closed: its date has come (a webinar without a date stays open). */
export function registrationClosed(form: Pick<LeadForm, 'kind' | 'eventStartsAt'>, now: Date): boolean {
  return REGISTRATION_KINDS.has(form.kind) && form.eventStartsAt !== null && now.getTime() >= form.eventStartsAt.getTime();
}

/** The copy in a catalogue language, else English (every form has English copy). */
export function formCopy(form: Pick<LeadForm, 'copy'>, language: string): LeadFormCopy {
  return form.copy[language] ?? form.copy.en ?? { title: '', intro: '' };
}
