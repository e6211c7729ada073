import { z } from 'zod';
import type { SendMailOptions } from 'nodemailer';

/** The topic of an outbox row that sends one e-mail. */
export const MAIL_TOPIC = 'mail.send';

/** Domain of the Message-IDs: `<{outbox row id}@probe.store>`, the same on every redelivery. */
export const MESSAGE_ID_DOMAIN = 'probe.store';

const Attachment = z.object({
  filename: z.string().min(1),
  /** Base64 unless `encoding` says otherwise. */
  content: z.string(),
  encoding: z.enum(['base64', 'utf-8']).default('base64'),
  contentType: z.string().optional(),
});

/** A `mail.send` row's payload: already rendered, in the recipient's language, by whoever wrote the row. */
export const MailPayload = z.object({
  to: z.union([z.string().min(3), z.array(z.string().min(3)).min(1)]),
  /** BCP 47 language of the message (sent as Content-Language). */
  locale: z.string().min(2),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  attachments: z.array(Attachment).optional(),
});
export type MailPayload = z.input<typeof MailPayload>;

export function messageId(outboxId: number): string {
  return `<${outboxId}@${MESSAGE_ID_DOMAIN}>`;
}

/** Nodemailer's message for an outbox row; throws (the job retries, then dies) on a malformed payload. */
export function toMessage(outboxId: number, payload: unknown, from: string, date: Date): SendMailOptions {
  const mail = MailPayload.parse(payload);
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: messageId(outboxId),
    date,
    headers: { 'Content-Language': mail.locale },
    attachments: mail.attachments?.map((a) => ({ filename: a.filename, content: a.content, encoding: a.encoding, ...(a.contentType ? { contentType: a.contentType } : {}) })),
  };
}
