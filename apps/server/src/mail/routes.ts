import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { mailSinkDir } from './deliver.ts';
import { MailSink } from './sink.ts';

/** MAIL_SINK_PAGE, by default on unless NODE_ENV=production; only with the sink transport. */
export function mailSinkPageEnabled(config: Pick<Config, 'MAIL_SINK_PAGE' | 'NODE_ENV' | 'MAIL_TRANSPORT'>): boolean {
  return config.MAIL_TRANSPORT === 'sink' && (config.MAIL_SINK_PAGE ?? config.NODE_ENV !== 'production');
}

/** A read-only view of the sink for developers: `/dev/mail/` lists, `/dev/mail/{id}` shows a message's source. */
export function registerMailSinkPage(app: FastifyInstance, config: Config): void {
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
