import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/identity/limits.ts';
import { DEMO_PASSWORD, ensureDemoIdentityUsers } from '../src/identity/index.ts';
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

  it('limits sign-ups per address', async () => {
    const browser = new Browser(t, '198.51.100.50');
    const { signInPath } = await openSignIn(browser);
    for (let i = 0; i < LIMITS.signUpPerAddress.points; i++) {
      const res = await browser.post(`${signInPath}/signup`, { name: `User ${i}`, email: `new${i}@example.com`, password: 'long enough password' });
      expect(res.statusCode).toBe(200);
    }
    const blocked = await browser.post(`${signInPath}/signup`, { name: 'One more', email: 'one-more@example.com', password: 'long enough password' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.body).toContain('value="one-more@example.com"');
  }, 60_000);
});
