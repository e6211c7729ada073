export { MAIL_TOPIC, MailPayload, messageId } from './message.ts';
export { createMailer, mailSinkDir, type Mailer, type MailConfig } from './deliver.ts';
export { registerMailSinkPage, mailSinkPageEnabled } from './routes.ts';
export { MailSink, type SinkEntry } from './sink.ts';
