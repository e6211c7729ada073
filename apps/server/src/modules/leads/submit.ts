import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { schema, type Database } from '@probe/db';
import { fieldChoices, type LeadFieldKey } from '@probe/domain';
import { addressRules } from '../address/index.ts';
import { recordConsent } from '../privacy/index.ts';
import { enqueueLeadDelivery } from './delivery.ts';
import { registrationClosed, type LeadForm } from './forms.ts';
import { readTicket } from './ticket.ts';

export type LeadErrorCode = 'REQUIRED' | 'INVALID' | 'NOT_FOUND' | 'CLOSED';

/** Spec §3 form error: the field (a lead field key), a message, the code. */
export interface LeadError {
  field: string | null;
  code: LeadErrorCode;
  message: string;
}

export interface LeadSubmission {
  /** Made by the page once per submission: a retried request carries the same id. */
  submissionId: string;
  ticket: string;
  fields: Array<{ key: LeadFieldKey; value: string }>;
  /** The honeypot: a field people never see; anything in it marks a script. */
  website?: string | null;
  /** The route's catalogue language and country (the page's `/{cc}/{lang}/`). */
  languageCode: string;
  countryCode: string;
  /** The version of the marketing-consent tick's wording the page showed (`forms.field.EMAIL_OPT_IN#{hash}`). */
  consentTextVersion?: string | null;
}

/** The wording's version when the page did not say which it showed (a submission by the API alone). */
const UNSTATED_TEXT_VERSION = 'forms.field.EMAIL_OPT_IN#00000000';

export interface LeadResult {
  /** True when stored (a real lead or spam alike: both get the same answer). */
  submitted: boolean;
  formName: string | null;
  errors: LeadError[];
}

export interface SubmitDeps {
  db: Database;
  secret: Buffer;
  minFillMs: number;
  now: Date;
  clientIp: string;
  enabledCountries: () => Promise<ReadonlySet<string>>;
}

const MAX_LENGTH: Partial<Record<LeadFieldKey, number>> = { COMMENT: 2000, EMAIL: 254, PHONE: 40 };
const DEFAULT_MAX = 200;
const email = z.email();
const uuid = z.uuid();

/** Trims, folds runs of white space (but the comment's line breaks), drops control characters. */
function clean(key: LeadFieldKey, value: string): string {
  // eslint-disable-next-line no-control-regex
  const text = value.normalize('NFC').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
  return key === 'COMMENT' ? text.replace(/\r\n?/g, '\n').trim() : text.replace(/\s+/g, ' ').trim();
}

/**
 * Checks a submission against its form (required fields, choices, e-mail, phone by libphonenumber,
 * area and postal code by the country's address rules). Every problem is reported at its field; the
 * values come back cleaned (phone in E.164, e-mail lower-case, area as its code).
 */
export async function validateLead(form: LeadForm, input: LeadSubmission, deps: Pick<SubmitDeps, 'enabledCountries'>): Promise<{ values: Record<string, string | boolean>; errors: LeadError[] }> {
  const errors: LeadError[] = [];
  const fail = (field: LeadFieldKey, code: LeadErrorCode, message: string) => errors.push({ field, code, message });
  const given = new Map<LeadFieldKey, string>();
  for (const { key, value } of input.fields) given.set(key, clean(key, value));
  const values: Record<string, string | boolean> = {};
  const wants = new Map(form.fields.map((f) => [f.key, f.required]));

  const country = (given.get('COUNTRY') ?? '').toUpperCase();
  const rules = wants.has('COUNTRY') && country && (await deps.enabledCountries()).has(country) ? addressRules(country, null) : null;
  for (const { key, required } of form.fields) {
    if (key === 'EMAIL_OPT_IN') {
      values[key] = given.get(key) === 'true';
      continue;
    }
    const value = given.get(key) ?? '';
    // The country's address rules decide whether its area and postal code must be given.
    const needed = required
      || (key === 'COUNTRY_AREA' && Boolean(rules?.requiredFields.includes('countryArea')) && (rules?.countryAreaChoices.length ?? 0) > 0)
      || (key === 'POSTAL_CODE' && Boolean(rules?.postalCodeRequired));
    if (!value) {
      if (needed) fail(key, 'REQUIRED', 'This field is required');
      continue;
    }
    if (value.length > (MAX_LENGTH[key] ?? DEFAULT_MAX)) {
      fail(key, 'INVALID', `At most ${MAX_LENGTH[key] ?? DEFAULT_MAX} characters`);
      continue;
    }
    switch (key) {
      case 'EMAIL':
        if (!email.safeParse(value).success) fail(key, 'INVALID', 'Not an e-mail address');
        else values[key] = value.toLowerCase();
        break;
      case 'COUNTRY':
        if (!rules) fail(key, 'INVALID', 'Not one of the countries offered');
        else values[key] = country;
        break;
      case 'COUNTRY_AREA': {
        if (!rules) break; // reported at the country
        const choices = rules.countryAreaChoices;
        if (!choices.length) break; // the country has no areas: the field is not shown
        const found = choices.find((c) => c.raw.toLowerCase() === value.toLowerCase() || c.verbose.toLowerCase() === value.toLowerCase());
        if (!found) fail(key, 'INVALID', 'Not one of the areas of the country');
        else values[key] = found.raw;
        break;
      }
      case 'POSTAL_CODE': {
        if (!rules) break;
        const code = value.toUpperCase();
        if (rules.postalCodePattern && !new RegExp(rules.postalCodePattern, 'i').test(code)) fail(key, 'INVALID', 'Not a postal code of the country');
        else values[key] = code;
        break;
      }
      case 'PHONE': {
        const parsed = parsePhoneNumberFromString(value, (rules ? country : input.countryCode) as CountryCode);
        if (!parsed?.isValid()) fail(key, 'INVALID', 'Not a phone number');
        else values[key] = parsed.number;
        break;
      }
      default: {
        const choices = fieldChoices(key, form.market);
        if (choices && !choices.includes(value)) fail(key, 'INVALID', 'Not one of the choices');
        else values[key] = value;
      }
    }
  }
  return { values, errors };
}

/** Why a submission is spam, or null: the honeypot was filled, the ticket is not ours, or the form was sent too fast. */
export function spamReason(form: LeadForm, input: LeadSubmission, deps: Pick<SubmitDeps, 'secret' | 'minFillMs' | 'now'>): string | null {
  if (input.website?.trim()) return 'honeypot';
  const shownAt = readTicket(deps.secret, form.id, input.ticket);
  if (!shownAt) return 'ticket';
  if (deps.now.getTime() - shownAt.getTime() < deps.minFillMs) return 'too-fast';
  return null;
}

/**
 * Stores a submission: nothing when a field is wrong (every error at its field); otherwise the lead
 * and, unless it is spam, its CRM delivery, in one transaction committed before the answer. The same
 * submission id again (a retried request) stores nothing more and gets the same answer.
 */
export async function submitLead(form: LeadForm, input: LeadSubmission, deps: SubmitDeps): Promise<LeadResult> {
  if (!uuid.safeParse(input.submissionId).success) return { submitted: false, formName: null, errors: [{ field: 'submissionId', code: 'INVALID', message: 'Not a UUID' }] };
  const [existing] = await deps.db.select({ id: schema.leads.id }).from(schema.leads).where(eq(schema.leads.id, input.submissionId));
  if (existing) return { submitted: true, formName: form.name, errors: [] };
  // A webinar that has begun takes no more registrations (a retry of one stored before is answered above).
  if (registrationClosed(form, deps.now)) return { submitted: false, formName: null, errors: [{ field: null, code: 'CLOSED', message: 'Registration for this webinar is closed: it has taken place' }] };
  const { values, errors } = await validateLead(form, input, deps);
  if (errors.length) return { submitted: false, formName: null, errors };
  const reason = spamReason(form, input, deps);
  await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(schema.leads)
      .values({
        id: input.submissionId, formId: form.id, status: reason ? 'spam' : 'received', spamReason: reason, values,
        email: typeof values.EMAIL === 'string' ? values.EMAIL : null,
        languageCode: input.languageCode, countryCode: input.countryCode, clientIp: deps.clientIp, createdAt: deps.now,
      })
      .onConflictDoNothing({ target: schema.leads.id })
      .returning({ id: schema.leads.id });
    if (inserted.length && !reason) await enqueueLeadDelivery(tx as unknown as Database, input.submissionId);
    // The marketing tick is consent on record: who (the lead's e-mail), when, which wording, where, in which language.
    if (inserted.length && !reason && values.EMAIL_OPT_IN === true && typeof values.EMAIL === 'string') {
      const version = input.consentTextVersion && /^forms\.field\.EMAIL_OPT_IN#[0-9a-f]{8,64}$/.test(input.consentTextVersion) ? input.consentTextVersion : UNSTATED_TEXT_VERSION;
      await recordConsent(tx as unknown as Database, {
        purpose: 'MARKETING_EMAIL', granted: true, textVersion: version, source: `form:${form.path}`, locale: input.languageCode, email: values.EMAIL, leadId: input.submissionId,
      }, deps.now);
    }
  });
  return { submitted: true, formName: form.name, errors: [] };
}
