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

describe('client error reports', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('logs a report once under the id the buyer sees', async () => {
    const errorId = '5a0c2b1e-1111-4a2b-9c3d-0123456789ab';
    const res = await t.app.inject({ method: 'POST', url: '/client-errors', payload: { errorId, type: 'TypeError', message: 'x is undefined', url: 'http://s/us/en/', context: { operation: 'Shop' } } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ errorId });
    const logged = t.logs().filter((l) => l.errorId === errorId);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 40, clientError: { type: 'TypeError', message: 'x is undefined', context: { operation: 'Shop' } } });
  });

  it('cuts each field of a long report to its cap and says which were cut', async () => {
    const errorId = '5a0c2b1e-2222-4a2b-9c3d-0123456789ab';
    const res = await t.app.inject({ method: 'POST', url: '/client-errors', remoteAddress: '198.51.100.7', payload: { errorId, message: 'm'.repeat(1500), stack: 's'.repeat(9000), context: { note: 'n'.repeat(600) } } });
    expect(res.statusCode).toBe(202);
    const [logged] = t.logs().filter((l) => l.errorId === errorId) as Array<{ clientError: { message: string; stack: string; context: { note: string }; truncated: string[] } }>;
    expect([logged!.clientError.message.length, logged!.clientError.stack.length, logged!.clientError.context.note.length]).toEqual([501, 2001, 201]);
    expect(logged!.clientError.truncated.sort()).toEqual(['context', 'message', 'stack']);
  });

  it('refuses a malformed or oversized report with a 4xx that says why', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/client-errors', payload: { errorId: 'nope', message: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toMatch(/errorId/);
    const big = await t.app.inject({ method: 'POST', url: '/client-errors', payload: { errorId: '5a0c2b1e-1111-4a2b-9c3d-0123456789ab', message: 'x'.repeat(20_000) } });
    expect(big.statusCode).toBe(413);
  });
});
