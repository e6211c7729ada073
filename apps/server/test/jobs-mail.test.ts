import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { enqueue, JobRunner, storeHandlers, type Job } from '../src/jobs/index.ts';
import { MAIL_TOPIC, mailSinkPageEnabled, type MailPayload } from '../src/mail/index.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { memoryLogger, outboxRow } from './jobs-support.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const ORDER_MAIL: MailPayload = {
  to: 'Hanna Schmidt <hanna@example.de>',
  locale: 'de',
  subject: 'Ihre Bestellung 1042 – Bestätigung',
  text: 'Vielen Dank für Ihre Bestellung.',
  html: '<p>Vielen Dank für Ihre Bestellung.</p>',
  attachments: [{ filename: 'Rechnung-1042.pdf', content: Buffer.from('%PDF-1.4 test').toString('base64'), contentType: 'application/pdf' }],
};

describe(`mail.send through the outbox into the sink (${DB})`, () => {
  let app: TestApp;
  let sink: string;
  beforeAll(async () => {
    sink = await mkdtemp(join(tmpdir(), 'probe-mail-'));
    app = await startTestApp({ config: { MAIL_SINK_DIR: sink, MAIL_SINK_PAGE: true } });
  });
  afterAll(async () => {
    await app?.close();
    await rm(sink, { recursive: true, force: true });
  });
  const config = () => loadConfig({ NODE_ENV: 'test' }, { MAIL_SINK_DIR: sink });
  const emls = async () => (await readdir(sink)).filter((f) => f.endsWith('.eml'));

  it('a mail.send row becomes exactly one .eml with its To, Subject and Message-ID; replaying the handler writes no second one', async () => {
    const { handlers } = storeHandlers(config(), memoryLogger());
    const runner = new JobRunner({ db: app.database.db, handlers, log: memoryLogger() });
    const id = await enqueue(app.database.db, { topic: MAIL_TOPIC, payload: ORDER_MAIL });
    expect(await runner.drain()).toBe(1);
    expect((await outboxRow(app.database.db, id)).processedAt).toBeInstanceOf(Date);

    expect(await emls()).toEqual([`${id}.eml`]);
    const source = await readFile(join(sink, `${id}.eml`), 'utf8');
    expect(source).toMatch(/^To: Hanna Schmidt <hanna@example\.de>\r$/m);
    expect(source).toMatch(/^From: Probe Store <no-reply@probe\.store>\r$/m);
    expect(source).toMatch(new RegExp(`^Message-ID: <${id}@probe\\.store>\\r$`, 'm'));
    expect(source).toMatch(/^Subject: =\?UTF-8\?/m); // non-ASCII subject, encoded
    expect(source).toMatch(/^Content-Language: de\r$/m);
    expect(source).toContain('filename=Rechnung-1042.pdf');

    // A redelivery (a crash between writing the file and marking the row) finds the file and skips.
    const job: Job = { id, topic: MAIL_TOPIC, payload: { ...ORDER_MAIL, subject: 'changed' }, attempt: 2, idempotencyKey: String(id), runAt: new Date(), createdAt: new Date() };
    await handlers[MAIL_TOPIC]!(job);
    await handlers[MAIL_TOPIC]!(job);
    expect(await emls()).toEqual([`${id}.eml`]);
    expect(await readFile(join(sink, `${id}.eml`), 'utf8')).toBe(source);
    expect((await readdir(sink)).filter((f) => !f.endsWith('.eml'))).toEqual([]); // no temporary files left
  });

  it('a handler that wrote the file but whose row was never marked: the runner runs it again, and still one file', async () => {
    const { handlers } = storeHandlers(config(), memoryLogger());
    const id = await enqueue(app.database.db, { topic: MAIL_TOPIC, payload: { ...ORDER_MAIL, to: 'crash@example.com', subject: 'Crash test' } });
    await handlers[MAIL_TOPIC]!({ id, topic: MAIL_TOPIC, payload: { ...ORDER_MAIL, to: 'crash@example.com', subject: 'Crash test' }, attempt: 1, idempotencyKey: String(id), runAt: new Date(), createdAt: new Date() });
    const before = await readFile(join(sink, `${id}.eml`), 'utf8');
    await new JobRunner({ db: app.database.db, handlers, log: memoryLogger() }).drain();
    expect((await outboxRow(app.database.db, id)).processedAt).toBeInstanceOf(Date);
    expect((await emls()).filter((f) => f === `${id}.eml`)).toHaveLength(1);
    expect(await readFile(join(sink, `${id}.eml`), 'utf8')).toBe(before);
  });

  it('a malformed payload is an error of the job (retried, then dead), not a file', async () => {
    const { handlers } = storeHandlers(config(), memoryLogger());
    const id = await enqueue(app.database.db, { topic: MAIL_TOPIC, payload: { to: 'x@example.com' } });
    await new JobRunner({ db: app.database.db, handlers, log: memoryLogger(), maxAttempts: 1 }).drain();
    const row = await outboxRow(app.database.db, id);
    expect(row.deadAt).toBeInstanceOf(Date);
    expect(row.lastError).toContain('subject');
    expect(await emls()).not.toContain(`${id}.eml`);
  });

  it('/dev/mail/ lists the sink and /dev/mail/{id} shows a message source', async () => {
    const files = await emls();
    const id = files.map((f) => Number(f.replace('.eml', ''))).sort((a, b) => a - b)[0]!;
    const list = await app.app.inject({ url: '/dev/mail/' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain(`href="/dev/mail/${id}"`);
    expect(list.body).toContain('Ihre Bestellung 1042 – Bestätigung'); // decoded
    expect(list.body).toContain('Hanna Schmidt &#60;hanna@example.de&#62;');
    const one = await app.app.inject({ url: `/dev/mail/${id}` });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toContain('text/plain');
    expect(one.body).toContain(`Message-ID: <${id}@probe.store>`);
    expect((await app.app.inject({ url: '/dev/mail/999999999' })).statusCode).toBe(404);
    expect((await app.app.inject({ url: '/dev/mail/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });

  it('/dev/mail is absent when MAIL_SINK_PAGE is off; on the embedded demo it is on by default, production mode included, and never with DATABASE_URL', async () => {
    const off = await startTestApp({ database: app.database, config: { MAIL_SINK_DIR: sink, MAIL_SINK_PAGE: false } });
    try {
      expect((await off.app.inject({ url: '/dev/mail/' })).statusCode).toBe(404);
      expect((await off.app.inject({ url: `/dev/mail/${(await emls())[0]!.replace('.eml', '')}` })).statusCode).toBe(404);
    } finally {
      await off.app.close();
    }
    expect(mailSinkPageEnabled(loadConfig({ NODE_ENV: 'production' }))).toBe(true);
    expect(mailSinkPageEnabled(loadConfig({ NODE_ENV: 'development' }))).toBe(true);
    expect(mailSinkPageEnabled(loadConfig({ NODE_ENV: 'production', MAIL_SINK_PAGE: 'false' }))).toBe(false);
    expect(mailSinkPageEnabled(loadConfig({ NODE_ENV: 'development', MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://u:p@127.0.0.1:2525' }))).toBe(false);
    expect(mailSinkPageEnabled(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://127.0.0.1/probe' }))).toBe(false);
    expect(mailSinkPageEnabled(loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://127.0.0.1/probe', MAIL_SINK_PAGE: 'true' }))).toBe(false);
  });

  it('MAIL_TRANSPORT=smtp without SMTP_URL stops at start with a message naming it', () => {
    expect(() => storeHandlers(loadConfig({ NODE_ENV: 'test', MAIL_TRANSPORT: 'smtp' }), memoryLogger())).toThrow(/SMTP_URL/);
  });

  it('MAIL_TRANSPORT=smtp sends the message by SMTP, with the row id as Message-ID', async () => {
    const smtp = await fakeSmtpServer();
    try {
      const { handlers, close } = storeHandlers(loadConfig({ NODE_ENV: 'test', MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }), memoryLogger());
      const id = await enqueue(app.database.db, { topic: MAIL_TOPIC, payload: { ...ORDER_MAIL, to: 'smtp@example.com' } });
      // Only this row: a runner over the mail topic would also take rows of the other tests.
      await handlers[MAIL_TOPIC]!({ id, topic: MAIL_TOPIC, payload: { ...ORDER_MAIL, to: 'smtp@example.com' }, attempt: 1, idempotencyKey: String(id), runAt: new Date(), createdAt: new Date() });
      close();
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]!.rcpt).toEqual(['<smtp@example.com>']);
      expect(smtp.messages[0]!.data).toContain(`Message-ID: <${id}@probe.store>`);
      expect(await emls()).not.toContain(`${id}.eml`);
    } finally {
      smtp.server.close();
    }
  });
});

/** Just enough of an SMTP server to receive messages (no TLS, no auth). */
async function fakeSmtpServer(): Promise<{ server: Server; port: number; messages: Array<{ rcpt: string[]; data: string }> }> {
  const messages: Array<{ rcpt: string[]; data: string }> = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { rcpt: [] as string[], data: '' };
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { rcpt: [], data: '' };
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'RCPT') (current.rcpt.push(line.replace(/^RCPT TO:/i, '').trim()), socket.write('250 ok\r\n'));
        else if (verb === 'DATA') ((inData = true), socket.write('354 go on\r\n'));
        else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, messages };
}
