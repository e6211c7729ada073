import { eq } from 'drizzle-orm';
import { schema, type Database } from '@probe/db';
import { findLeadForm, type LeadForm } from './forms.ts';
import { submitLead, type LeadResult, type LeadSubmission } from './submit.ts';
import { issueTicket, ticketSecret } from './ticket.ts';

const COUNTRIES_TTL_MS = 60_000;

/** The marketing forms' server side: a form by its path, its tickets, and submissions. One per app. */
export class LeadsService {
  #secret: Promise<Buffer> | null = null;
  #countries: { at: number; codes: Promise<ReadonlySet<string>> } | null = null;

  constructor(private readonly db: Database, private readonly options: { ticketSecret?: string | undefined; minFillMs: number }) {}

  form(path: string): Promise<LeadForm | null> {
    return findLeadForm(this.db, path);
  }

  /** A ticket saying the form was shown now. */
  async ticket(form: LeadForm, now: Date): Promise<string> {
    return issueTicket(await this.#key(), form.id, now);
  }

  async submit(path: string, input: LeadSubmission, context: { now: Date; clientIp: string }): Promise<LeadResult> {
    const form = await this.form(path);
    if (!form) return { submitted: false, formName: null, errors: [{ field: 'form', code: 'NOT_FOUND', message: 'No such form' }] };
    return submitLead(form, input, {
      db: this.db, secret: await this.#key(), minFillMs: this.options.minFillMs, now: context.now, clientIp: context.clientIp,
      enabledCountries: () => this.#enabledCountries(),
    });
  }

  #key(): Promise<Buffer> {
    this.#secret ??= ticketSecret(this.db, this.options.ticketSecret).catch((err: unknown) => {
      this.#secret = null;
      throw err;
    });
    return this.#secret;
  }

  /** The enabled countries (spec EnabledCountries), re-read once a minute. */
  #enabledCountries(): Promise<ReadonlySet<string>> {
    if (!this.#countries || Date.now() - this.#countries.at > COUNTRIES_TTL_MS) {
      const codes = this.db.select({ code: schema.countries.code }).from(schema.countries).where(eq(schema.countries.isEnabled, true)).then((rows) => new Set(rows.map((r) => r.code)));
      this.#countries = { at: Date.now(), codes };
      codes.catch(() => (this.#countries = null));
    }
    return this.#countries.codes;
  }
}
