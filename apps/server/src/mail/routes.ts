import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { mailSinkDir } from './deliver.ts';
import { MailSink } from './sink.ts';

/**
 * The sink's page is served whenever the sink transport runs on the embedded demo (no DATABASE_URL), in
 * production mode too: `npm start` shows the demo's own e-mails (order confirmations, sign-up and password
 * links) at /dev/mail/. MAIL_SINK_PAGE=false turns it off. Never with DATABASE_URL, whatever MAIL_SINK_PAGE
 * says: there the e-mails are a deployment's customers', and their links open accounts.
 */
export function mailSinkPageEnabled(config: Pick<Config, 'MAIL_SINK_PAGE' | 'MAIL_TRANSPORT' | 'DATABASE_URL'>): boolean {
  return config.MAIL_TRANSPORT === 'sink' && !config.DATABASE_URL && config.MAIL_SINK_PAGE !== false;
}

/** A read-only view of the sink: `/dev/mail/` lists, `/dev/mail/{id}` shows a message's source. */
export function registerMailSinkPage(app: FastifyInstance, config: Config): void {
  if (config.MAIL_SINK_PAGE && config.DATABASE_URL) app.log.warn('MAIL_SINK_PAGE=true is ignored with DATABASE_URL: the mail sink page is served only on the embedded demo');
  if (!mailSinkPageEnabled(config)) return;
  const sink = new MailSink(mailSinkDir(config));
  const list = async (_req: unknown, reply: FastifyReply) => {
    const rows = (await sink.list())
      .map((m) => `<tr><td><a href="/dev/mail/${m.id}">${m.id}</a></td><td>${escape(m.date)}</td><td>${escape(m.to)}</td><td>${escape(m.subject)}</td><td>${m.size}</td></tr>`)
      .join('\n');
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'")
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><title>Mail sink</title><h1>Mail sink</h1><p>${escape(sink.dir)}</p>` +
          `<table><thead><tr><th>id</th><th>date</th><th>to</th><th>subject</th><th>bytes</th></tr></thead><tbody>\n${rows}\n</tbody></table></html>`,
      );
  };
  app.get('/dev/mail', list);
  app.get('/dev/mail/', list);
  app.get<{ Params: { id: string } }>('/dev/mail/:id', async (req, reply) => {
    const source = await sink.read(req.params.id.replace(/\.eml$/, ''));
    if (!source) return reply.code(404).type('text/plain; charset=utf-8').send('no such message\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(source);
  });
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
