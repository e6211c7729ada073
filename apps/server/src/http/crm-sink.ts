import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { CrmSink, crmSinkDir } from '../modules/leads/index.ts';

/** CRM_SINK_PAGE, by default on unless NODE_ENV=production; only when no CRM endpoint is configured. */
export function crmSinkPageEnabled(config: Pick<Config, 'CRM_SINK_PAGE' | 'NODE_ENV' | 'CRM_WEBHOOK_URL'>): boolean {
  return !config.CRM_WEBHOOK_URL && (config.CRM_SINK_PAGE ?? config.NODE_ENV !== 'production');
}

/** A read-only view of the local CRM sink for developers: `/dev/crm/` lists every lead that arrived. */
export function registerCrmSinkPage(app: FastifyInstance, config: Config): void {
  if (!crmSinkPageEnabled(config)) return;
  const sink = new CrmSink(crmSinkDir(config));
  const list = async (_req: unknown, reply: FastifyReply) => {
    const rows = (await sink.list())
      .map(({ receivedAt, lead }) =>
        `<tr><td>${escape(receivedAt)}</td><td>${escape(lead.form.name)}</td><td>${escape(lead.form.department)}</td><td>${escape(String(lead.fields.EMAIL ?? ''))}</td>` +
        `<td><pre>${escape(JSON.stringify(lead.fields, null, 1))}</pre></td><td>${escape(lead.id)}</td></tr>`)
      .join('\n');
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'")
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><title>CRM sink</title><h1>CRM sink</h1><p>${escape(sink.dir)}</p>` +
          `<table><thead><tr><th>received</th><th>form</th><th>department</th><th>e-mail</th><th>fields</th><th>lead id (idempotency key)</th></tr></thead><tbody>\n${rows}\n</tbody></table></html>`,
      );
  };
  app.get('/dev/crm', list);
  app.get('/dev/crm/', list);
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
