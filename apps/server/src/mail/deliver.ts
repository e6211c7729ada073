import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { JobHandler, JobLogger } from '../jobs/types.ts';
import { toMessage } from './message.ts';
import { MailSink } from './sink.ts';

export type MailConfig = Pick<Config, 'MAIL_TRANSPORT' | 'MAIL_SINK_DIR' | 'MAIL_FROM' | 'SMTP_URL' | 'DATA_DIR'>;

/** Where the sink writes: MAIL_SINK_DIR, or `mail/` under DATA_DIR. */
export function mailSinkDir(config: Pick<Config, 'MAIL_SINK_DIR' | 'DATA_DIR'>): string {
  return config.MAIL_SINK_DIR ?? join(config.DATA_DIR, 'mail');
}

export interface Mailer {
  /** The `mail.send` handler: one outbox row, one message, Message-ID `<{row id}@probe.store>`. */
  handler: JobHandler;
  close(): void;
}

/** The configured delivery: the .eml sink (default) or SMTP. Throws at start on a missing SMTP_URL. */
export function createMailer(config: MailConfig, options: { log?: JobLogger; now?: () => Date } = {}): Mailer {
  const now = options.now ?? (() => new Date());
  if (config.MAIL_TRANSPORT === 'smtp') {
    if (!config.SMTP_URL) throw new Error('MAIL_TRANSPORT=smtp needs SMTP_URL (smtp://user:pass@host:port)');
    const smtpUrl = config.SMTP_URL;
    // nodemailer loads with the first message, not with every server.
    let transport: Promise<Transporter> | null = null;
    return {
      handler: async (job) => {
        transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
        // A redelivery (crash after the server accepted it) sends again, with the same Message-ID.
        const info = await (await transport).sendMail(toMessage(job.id, job.payload, config.MAIL_FROM, now()));
        options.log?.info({ jobId: job.id, messageId: info.messageId, response: info.response }, 'mail sent');
      },
      close: () => void transport?.then((t) => t.close()),
    };
  }
  const sink = new MailSink(mailSinkDir(config));
  return {
    handler: async (job) => {
      const written = await sink.deliver(job.id, toMessage(job.id, job.payload, config.MAIL_FROM, now()));
      options.log?.info({ jobId: job.id, dir: sink.dir, written }, written ? 'mail written to the sink' : 'mail already in the sink');
    },
    close: () => {},
  };
}
