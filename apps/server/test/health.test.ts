import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('healthz answers 200 and readyz 200 while the database answers', async () => {
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('readyz answers 503 once shutdown begins, so no new traffic is sent', async () => {
    t.lifecycle.accepting = false;
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    t.lifecycle.accepting = true;
  });

  it('sends the baseline security headers', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
