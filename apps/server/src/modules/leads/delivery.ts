import { createHmac, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { schema, type Database } from '@probe/db';

export const LEAD_TOPIC = 'lead.deliver';

/** What the CRM receives for one lead (JSON body of the webhook, or one file of the sink). */
export interface CrmLead {
  id: string;
  submittedAt: string;
  form: { name: string; path: string; kind: string; department: string };
  language: string;
  country: string;
  fields: Record<string, string | boolean>;
}

/**
 * Where leads go. Delivery is at least once: the same lead may be handed over again (a crash after
 * the CRM took it, a timeout), always with the same idempotency key (the lead id), so the CRM keeps it once.
 */
export interface Crm {
  /** Resolves once the CRM has accepted the lead; throws to have it retried later. */
  deliver(lead: CrmLead, idempotencyKey: string): Promise<void>;
}

/** The signature header: `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}" with the shared secret}`. */
export function signWebhook(secret: string, body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** The CRM's own check of a signature (the sink and tests use it; a real CRM does the same). */
export function verifyWebhook(secret: string, body: string, header: string | undefined, now: Date, toleranceS = 300): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  if (Math.abs(now.getTime() / 1000 - Number(match[1])) > toleranceS) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest('hex');
  return expected === match[2];
}

/** A real CRM endpoint: one signed POST per attempt; anything but a 2xx answer in time is a failure. */
export class WebhookCrm implements Crm {
  constructor(private readonly options: { url: string; secret: string; timeoutMs: number; now?: () => Date }) {}

  async deliver(lead: CrmLead, idempotencyKey: string): Promise<void> {
    const body = JSON.stringify(lead);
    const res = await fetch(this.options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
        'probe-signature': signWebhook(this.options.secret, body, this.options.now?.() ?? new Date()),
        'user-agent': 'probe-store-leads/1',
      },
      body,
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`CRM answered ${res.status} for lead ${lead.id}`);
  }
}

/**
 * The local CRM sink (no CRM configured): each lead as `{lead id}.json` in one folder, written whole
 * and at most once per lead (written aside, then hard-linked into place, which fails if it exists).
 */
export class CrmSink implements Crm {
  constructor(readonly dir: string) {}

  async deliver(lead: CrmLead, idempotencyKey: string): Promise<void> {
    const target = join(this.dir, `${idempotencyKey}.json`);
    if (await exists(target)) return;
    await mkdir(this.dir, { recursive: true });
    const aside = join(this.dir, `.${idempotencyKey}.${randomBytes(4).toString('hex')}.tmp`);
    await writeFile(aside, JSON.stringify({ receivedAt: new Date().toISOString(), lead }, null, 2));
    try {
      await link(aside, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      await unlink(aside);
    }
  }

  /** What arrived, newest first. */
  async list(): Promise<Array<{ receivedAt: string; lead: CrmLead }>> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((n) => /^[0-9a-f-]{36}\.json$/.test(n));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const entries = await Promise.all(names.map(async (n) => JSON.parse(await readFile(join(this.dir, n), 'utf8')) as { receivedAt: string; lead: CrmLead }));
    return entries.sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/** Writes the delivery of a stored lead to the outbox (in the lead's transaction). */
export async function enqueueLeadDelivery(tx: Database, leadId: string): Promise<void> {
  await tx.insert(schema.outbox).values({ topic: LEAD_TOPIC, payload: { leadId } });
}

/**
 * The `lead.deliver` handler: reads the lead and its form, hands it to the CRM with the lead id as
 * idempotency key, then records when it was delivered. A lead already delivered is not sent again.
 */
export function leadDeliveryHandler(deps: { db: Database; crm: Crm; now?: () => Date }) {
  return async (job: { payload: unknown }): Promise<void> => {
    const { leadId } = job.payload as { leadId: string };
    const [row] = await deps.db
      .select({ lead: schema.leads, form: schema.leadForms })
      .from(schema.leads)
      .innerJoin(schema.leadForms, eq(schema.leadForms.id, schema.leads.formId))
      .where(eq(schema.leads.id, leadId));
    if (!row) throw new Error(`lead ${leadId} not found`);
    if (row.lead.deliveredAt || row.lead.status !== 'received') return;
    await deps.crm.deliver(
      {
        id: row.lead.id, submittedAt: row.lead.createdAt.toISOString(),
        form: { name: row.form.name, path: row.form.path, kind: row.form.kind, department: row.form.department },
        language: row.lead.languageCode, country: row.lead.countryCode,
        // A person who withdrew their marketing consent since (my account) is not to be marketed to.
        fields: row.lead.marketingWithdrawnAt ? { ...row.lead.values, EMAIL_OPT_IN: false } : row.lead.values,
      },
      row.lead.id,
    );
    await deps.db.update(schema.leads).set({ deliveredAt: deps.now?.() ?? new Date() }).where(eq(schema.leads.id, leadId));
  };
}

export interface CrmConfig {
  CRM_WEBHOOK_URL?: string | undefined;
  CRM_WEBHOOK_SECRET?: string | undefined;
  CRM_TIMEOUT_MS: number;
  CRM_SINK_DIR?: string | undefined;
  DATA_DIR: string;
}

/** Where the local sink writes: CRM_SINK_DIR, or `crm/` under DATA_DIR. */
export function crmSinkDir(config: Pick<CrmConfig, 'CRM_SINK_DIR' | 'DATA_DIR'>): string {
  return config.CRM_SINK_DIR ?? join(config.DATA_DIR, 'crm');
}

/** The configured CRM: the webhook when CRM_WEBHOOK_URL is set (then its secret is required), else the local sink. */
export function createCrm(config: CrmConfig): Crm {
  if (config.CRM_WEBHOOK_URL) {
    if (!config.CRM_WEBHOOK_SECRET) throw new Error('CRM_WEBHOOK_URL needs CRM_WEBHOOK_SECRET (at least 16 characters) to sign the leads it receives');
    return new WebhookCrm({ url: config.CRM_WEBHOOK_URL, secret: config.CRM_WEBHOOK_SECRET, timeoutMs: config.CRM_TIMEOUT_MS });
  }
  return new CrmSink(crmSinkDir(config));
}
