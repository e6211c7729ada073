import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailSink } from '../src/mail/sink.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * Issue 33: README sent newcomers to /dev/mail/, which `npm start` (production mode) did not serve. The
 * embedded demo shows its own e-mails there whenever the sink transport runs, read-only; with DATABASE_URL
 * the page is never served.
 */
describe('the mail sink page on the embedded demo', () => {
  let sink: string;
  let demo: TestApp;
  beforeAll(async () => {
    sink = await mkdtemp(join(tmpdir(), 'probe-mail-page-'));
    await new MailSink(sink).deliver(7, { from: 'Probe Store <no-reply@probe.store>', to: 'ada@example.com', subject: 'Confirm your e-mail address', text: 'Open the link to confirm.' });
    // As `npm start` runs it: production mode, the embedded database, the sink transport, nothing else set.
    demo = await startTestApp({ config: { NODE_ENV: 'production', MAIL_SINK_DIR: sink } });
  });
  afterAll(async () => {
    await demo?.close();
    await rm(sink, { recursive: true, force: true });
  });

  it('lists the demo e-mails at /dev/mail/ in production mode and shows each one; nothing there can be changed', async () => {
    const list = await demo.app.inject({ url: '/dev/mail/' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).toContain('<a href="/dev/mail/7">7</a>');
    expect(list.body).toContain('ada@example.com');
    expect(list.body).toContain('Confirm your e-mail address');
    const one = await demo.app.inject({ url: '/dev/mail/7' });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toMatch(/^text\/plain/);
    expect(one.body).toContain('Open the link to confirm.');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      expect((await demo.app.inject({ method, url: '/dev/mail/7', payload: '' })).statusCode, method).toBe(404);
    }
  });

  it('is never served with DATABASE_URL, even when MAIL_SINK_PAGE=true asks for it (which is said in the log)', async () => {
    const deployment = await startTestApp({ database: demo.database, config: { NODE_ENV: 'production', DATABASE_URL: 'postgres://probe@127.0.0.1:5432/probe', MAIL_SINK_DIR: sink, MAIL_SINK_PAGE: true } });
    try {
      expect((await deployment.app.inject({ url: '/dev/mail/' })).statusCode).toBe(404);
      expect((await deployment.app.inject({ url: '/dev/mail/7' })).statusCode).toBe(404);
      expect(deployment.logs().some((l) => l.level === 40 && String(l.msg).includes('MAIL_SINK_PAGE=true is ignored with DATABASE_URL'))).toBe(true);
    } finally {
      await deployment.app.close();
    }
  });
});
