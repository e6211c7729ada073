import { createHash } from 'node:crypto';
import { DEMO_USERS, schema } from '@probe/db';
import { decodeJwt, exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';

const [, , member] = DEMO_USERS;

let t: TestApp;
let key: CryptoKey;
/** The app's clock: tests move it to expire codes without waiting. */
let clock = Date.now();
let nextAddress = 1;

/** A token for `sub` that lives `lifetimeS` seconds from now (real time: the verifier's clock). */
async function tokenFor(sub: string, lifetimeS = 300, signWith: CryptoKey = key): Promise<string> {
  const nowS = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: member.email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store').setSubject(sub).setIssuedAt(nowS).setExpirationTime(nowS + lifetimeS).sign(signWith);
}

/** A POST from its own client address (each test has its own rate-limit counters unless it shares one). */
async function post(url: string, options: { authorization?: string; body?: unknown; ip?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST', url, remoteAddress: options.ip ?? `10.0.0.${nextAddress++}`,
    headers: { ...(options.authorization ? { authorization: options.authorization } : {}), ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() as Record<string, unknown> };
}

const issue = async (token: string, ip?: string) => post('/auth/handoff', { authorization: `JWT ${token}`, ...(ip ? { ip } : {}) });
const redeem = (code: unknown, ip?: string) => post('/auth/handoff/redeem', { body: { code }, ...(ip ? { ip } : {}) });

beforeAll(async () => {
  clock = Date.now();
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  key = pair.privateKey;
  t = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) }, now: () => new Date(clock) });
});
afterAll(() => t?.close());

describe('mobile handoff', () => {
  it('trades a valid token for a one-use code of 256 bits, stored only as its hash, redeemed once for the same token', async () => {
    const token = await tokenFor(member.id);
    const issued = await issue(token);
    expect(issued.status).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    expect(issued.body).toEqual({ code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresIn: 60 });
    const code = issued.body.code as string;
    expect(Buffer.from(code, 'base64url')).toHaveLength(32);
    const rows = await t.database.db.select().from(schema.authHandoffs);
    expect(rows.map((r) => r.codeHash)).toContain(createHash('sha256').update(code).digest('base64url'));
    expect(JSON.stringify(rows)).not.toContain(code);

    const first = await redeem(code);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ access_token: token, token_type: 'JWT' });
    // The token's own remaining life by the app's clock, not the code's.
    expect(first.body.expires_in).toBe(decodeJwt(token).exp! - Math.floor(clock / 1000));

    const second = await redeem(code);
    expect(second).toMatchObject({ status: 400, body: { error: 'invalid_handoff' } });
  });

  it('accepts the Bearer scheme as the API does', async () => {
    const res = await post('/auth/handoff', { authorization: `Bearer ${await tokenFor(member.id)}` });
    expect(res.status).toBe(200);
  });

  it('refuses a missing, malformed, foreign or expired token with 401 and stores nothing', async () => {
    const before = (await t.database.db.select().from(schema.authHandoffs)).length;
    const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    for (const authorization of [undefined, 'JWT nonsense', `JWT ${await tokenFor(member.id, 300, other.privateKey)}`, `JWT ${await tokenFor(member.id, -600)}`]) {
      const res = await post('/auth/handoff', authorization ? { authorization } : {});
      expect(res.status, authorization).toBe(401);
      expect(res.body).toEqual({ error: 'invalid_token' });
    }
    expect(await t.database.db.select().from(schema.authHandoffs)).toHaveLength(before);
  });

  it('refuses an unknown or malformed code', async () => {
    for (const code of ['A'.repeat(43), 'short', 42, null]) {
      expect(await redeem(code), String(code)).toMatchObject({ status: 400, body: { error: 'invalid_handoff' } });
    }
  });

  it('a code expires 60 s after it was issued, and expired codes are swept', async () => {
    const { code } = (await issue(await tokenFor(member.id))).body as { code: string };
    clock += 61_000;
    try {
      expect(await redeem(code)).toMatchObject({ status: 400, body: { error: 'invalid_handoff' } });
      // The expired row went with the next issue.
      await issue(await tokenFor(member.id));
      const hashes = (await t.database.db.select().from(schema.authHandoffs)).map((r) => r.codeHash);
      expect(hashes).not.toContain(createHash('sha256').update(code).digest('base64url'));
    } finally {
      clock -= 61_000;
    }
  });

  it('a code is not redeemed for a token that died while it waited', async () => {
    const { code } = (await issue(await tokenFor(member.id, 30))).body as { code: string };
    clock += 45_000;
    try {
      expect(await redeem(code)).toMatchObject({ status: 400, body: { error: 'invalid_handoff' } });
    } finally {
      clock -= 45_000;
    }
  });

  it('of concurrent redeems of one code, exactly one gets the token', async () => {
    const { code } = (await issue(await tokenFor(member.id))).body as { code: string };
    const answers = await Promise.all(Array.from({ length: 8 }, () => redeem(code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(7);
  });

  it('limits each client address: 429 with Retry-After past 20 a minute, on both endpoints', async () => {
    for (const [ip, call] of [['10.9.0.1', () => redeem('B'.repeat(43), '10.9.0.1')], ['10.9.0.2', () => post('/auth/handoff', { ip: '10.9.0.2' })]] as const) {
      let last = await call();
      for (let i = 0; i < 20 && last.status !== 429; i++) last = await call();
      expect(last.status, ip).toBe(429);
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      expect(last.body).toEqual({ error: 'too_many_requests' });
    }
    // Another address is not held back.
    expect((await redeem('B'.repeat(43), '10.9.0.3')).status).toBe(400);
  });
});
