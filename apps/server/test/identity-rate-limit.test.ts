import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiterFactory } from '../src/http/rate-limit.ts';
import { addressKey } from '../src/identity/devices.ts';
import { LIMITS } from '../src/identity/limits.ts';
import { DEMO_PASSWORD } from '@probe/db';
import { ensureDemoIdentityUsers } from '../src/identity/index.ts';
import type { TestApp } from './harness.ts';
import { Browser, openSignIn, startIdentityApp, submitSignIn } from './identity-support.ts';

describe('built-in identity provider: sign-in and sign-up rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startIdentityApp();
    await ensureDemoIdentityUsers(t.database.db);
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After to the attempt after the last allowed failure from one address', async () => {
    const browser = new Browser(t, '198.51.100.1');
    const { signInPath } = await openSignIn(browser);
    const allowed = LIMITS.signInPerAddress.points;
    for (let i = 0; i < allowed; i++) {
      // A different account each time, so only the address's count can run out.
      const res = await browser.post(`${signInPath}/login`, { email: `guess${i}@example.com`, password: 'wrong password' });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await browser.post(`${signInPath}/login`, { email: 'individual@demo.probe.store', password: DEMO_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body).toContain('role="alert"');
    // Another address is not affected.
    const elsewhere = await submitSignIn(browser, signInPath, 'individual@demo.probe.store', DEMO_PASSWORD, '198.51.100.2');
    expect(elsewhere.callback).not.toBeNull();
  }, 60_000);

  it('answers 429 for one account attacked from many addresses, while other accounts still sign in from those addresses', async () => {
    const browser = new Browser(t);
    const { signInPath } = await openSignIn(browser);
    const allowed = LIMITS.signInPerAccount.points;
    for (let i = 0; i < allowed; i++) {
      const res = await browser.post(`${signInPath}/login`, { email: 'admin@demo.probe.store', password: `wrong ${i}` }, `192.0.2.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await browser.post(`${signInPath}/login`, { email: 'ADMIN@demo.probe.store', password: DEMO_PASSWORD }, '192.0.2.200');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(LIMITS.signInPerAccount.durationS);
    // Other accounts from the same addresses still sign in.
    const otherBrowser = new Browser(t);
    const other = await submitSignIn(otherBrowser, (await openSignIn(otherBrowser)).signInPath, 'member@demo.probe.store', DEMO_PASSWORD, '192.0.2.1');
    expect(other.res.statusCode).toBe(303);
  });

  it('lets the holder in from an address it signed in from before while strangers wait: an IPv6 address by its /64', async () => {
    const home = '2001:db8:1:2:aaaa::1';
    const first = new Browser(t, home);
    expect((await submitSignIn(first, (await openSignIn(first)).signInPath, 'vet@demo.probe.store', DEMO_PASSWORD)).res.statusCode).toBe(303);
    const attacker = new Browser(t, '203.0.113.30');
    const { signInPath } = await openSignIn(attacker);
    for (let i = 0; i < LIMITS.signInPerAccount.points; i++) await attacker.post(`${signInPath}/login`, { email: 'vet@demo.probe.store', password: `wrong ${i}` });
    expect((await attacker.post(`${signInPath}/login`, { email: 'vet@demo.probe.store', password: DEMO_PASSWORD })).statusCode).toBe(429);
    // Another host of the same /64 (its privacy address changed), in a browser without a device cookie.
    const again = new Browser(t, '2001:db8:1:2:bbbb:cccc:dddd:eeee');
    expect((await submitSignIn(again, (await openSignIn(again)).signInPath, 'vet@demo.probe.store', DEMO_PASSWORD)).res.statusCode).toBe(303);
    const elsewhere = new Browser(t, '2001:db8:1:3::1');
    expect((await submitSignIn(elsewhere, (await openSignIn(elsewhere)).signInPath, 'vet@demo.probe.store', DEMO_PASSWORD)).res.statusCode).toBe(429);
  });

  it('counts an address as one client: IPv4 as it is, mapped or not; IPv6 by its /64', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('not an address')).toBeNull();
  });

  it('limits sign-ups per address', async () => {
    const browser = new Browser(t, '198.51.100.50');
    const { signInPath } = await openSignIn(browser);
    for (let i = 0; i < LIMITS.signUpPerAddress.points; i++) {
      const res = await browser.post(`${signInPath}/signup`, { name: `User ${i}`, email: `new${i}@example.com`, password: 'violet tugboat harvests comets' });
      expect(res.statusCode).toBe(200);
    }
    const blocked = await browser.post(`${signInPath}/signup`, { name: 'One more', email: 'one-more@example.com', password: 'violet tugboat harvests comets' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.body).toContain('value="one-more@example.com"');
  }, 60_000);
});

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const url = new URL(REDIS_URL);
  const socket = connect(Number(url.port || 6379), url.hostname);
  socket.setTimeout(500, () => (socket.destroy(), resolve(false)));
  socket.on('connect', () => (socket.end(), resolve(true)));
  socket.on('error', () => resolve(false));
});

describe('rate-limit counters', () => {
  it.skipIf(!redisUp)('are shared by every instance through Redis (REDIS_URL)', async () => {
    const keyPrefix = `test-${randomBytes(6).toString('hex')}`;
    const one = createRateLimiterFactory({ redisUrl: REDIS_URL, keyPrefix });
    const two = createRateLimiterFactory({ redisUrl: REDIS_URL, keyPrefix });
    try {
      const a = one.create('signin', { points: 2, durationS: 60 });
      const b = two.create('signin', { points: 2, durationS: 60 });
      expect(await a.hit('k')).toBeNull();
      expect(await b.hit('k')).toBeNull();
      expect(await a.blockedFor('k')).toBeGreaterThan(0);
      expect(await b.hit('k')).toBeGreaterThan(0);
      await b.reset('k');
      expect(await a.blockedFor('k')).toBeNull();
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('live in memory, per instance, without Redis', async () => {
    const one = createRateLimiterFactory({}).create('signin', { points: 1, durationS: 60 });
    const two = createRateLimiterFactory({}).create('signin', { points: 1, durationS: 60 });
    expect(await one.hit('k')).toBeNull();
    expect(await one.blockedFor('k')).toBeGreaterThan(0);
    expect(await two.blockedFor('k')).toBeNull();
  });
});
