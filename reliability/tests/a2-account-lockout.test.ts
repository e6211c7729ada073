import { DEMO_PASSWORD } from '@probe/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoIdentityUsers } from '../../apps/server/src/identity/index.ts';
import { LIMITS } from '../../apps/server/src/identity/limits.ts';
import type { TestApp } from '../../apps/server/test/harness.ts';
import { Browser, openSignIn, startIdentityApp, submitSignIn } from '../../apps/server/test/identity-support.ts';
import { recordScenario } from '../support/report.ts';

const HOLDER = 'individual@demo.probe.store';
const HOME = '198.51.100.70';
const ATTACKER = '203.0.113.66';

/**
 * A2: nobody can lock an account's holder out. An attacker at one address fails the holder's password
 * past the limit: from then on the attacker, and any stranger with the right password, wait (429); the
 * holder's browser, which signed in before (device cookie), signs in at once from anywhere, and the holder
 * from an address they signed in from before signs in with the right password in a new browser. A stolen
 * device cookie guessed with is locked itself, not the account.
 */
describe('A2 account lockout by strangers (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startIdentityApp();
    await ensureDemoIdentityUsers(t.database.db);
  });
  afterAll(() => t?.close());

  /** One sign-in attempt in `browser` from `address`: 303 (signed in), 401 (wrong) or 429 (held back). */
  const attempt = async (browser: Browser, password: string, address: string) => {
    const { signInPath } = await openSignIn(browser);
    const { res, callback } = await submitSignIn(browser, signInPath, HOLDER, password, address);
    if (res.statusCode === 303) expect(callback?.searchParams.get('code')).toBeTruthy();
    return res;
  };

  it('slows the strangers, never the holder', async () => {
    // The holder signed in at home last week: the browser keeps a device cookie, the address is known.
    const holder = new Browser(t, HOME);
    const first = await attempt(holder, DEMO_PASSWORD, HOME);
    expect(first.statusCode).toBe(303);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^idp_device=[^;]+; Path=\/oidc; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    expect(setCookie).not.toContain('individual');

    // An attacker fails the holder's password from one address, past the limit.
    const attacker = new Browser(t, ATTACKER);
    const attackerCodes: number[] = [];
    for (let i = 0; i < LIMITS.signInPerAccount.points + 3; i++) attackerCodes.push((await attempt(attacker, `guess ${i}`, ATTACKER)).statusCode);
    expect(attackerCodes.slice(0, LIMITS.signInPerAccount.points)).toEqual(Array(LIMITS.signInPerAccount.points).fill(401));
    expect(attackerCodes.slice(LIMITS.signInPerAccount.points)).toEqual([429, 429, 429]);

    // The holder's browser, travelling (an address never seen), its provider session over: in at once.
    for (const name of [...holder.cookies.keys()]) if (name !== 'idp_device') holder.cookies.delete(name);
    const started = performance.now();
    const travelling = await attempt(holder, DEMO_PASSWORD, '192.0.2.77');
    const travellingMs = performance.now() - started;
    expect(travelling.statusCode).toBe(303);
    expect(travelling.headers['retry-after']).toBeUndefined();

    // The holder at home in a browser that never signed in (no cookie): the address is known.
    const newBrowserAtHome = await attempt(new Browser(t, HOME), DEMO_PASSWORD, HOME);
    expect(newBrowserAtHome.statusCode).toBe(303);

    // A stranger with the right password, and the attacker with it, still wait; so does a forged cookie.
    const stranger = await attempt(new Browser(t, '198.51.100.99'), DEMO_PASSWORD, '198.51.100.99');
    expect(stranger.statusCode).toBe(429);
    const attackerRight = await attempt(attacker, DEMO_PASSWORD, ATTACKER);
    expect(attackerRight.statusCode).toBe(429);
    expect(Number(attackerRight.headers['retry-after'])).toBeGreaterThan(0);
    const forger = new Browser(t, ATTACKER);
    forger.cookies.set('idp_device', { value: `${'A'.repeat(22)}.${Math.floor(Date.now() / 1000).toString(36)}.${'B'.repeat(43)}`, path: '/oidc' });
    expect((await attempt(forger, DEMO_PASSWORD, ATTACKER)).statusCode).toBe(429);

    // The device cookie stolen and guessed with: that cookie is locked after as many failures, not the holder.
    const thief = new Browser(t, '203.0.113.88');
    thief.cookies.set('idp_device', holder.cookies.get('idp_device')!);
    const thiefCodes: number[] = [];
    for (let i = 0; i < LIMITS.signInPerDevice.points + 1; i++) thiefCodes.push((await attempt(thief, `stolen ${i}`, '203.0.113.88')).statusCode);
    expect(thiefCodes).toEqual([...Array(LIMITS.signInPerDevice.points).fill(401), 429]);
    expect((await attempt(thief, DEMO_PASSWORD, '203.0.113.88')).statusCode).toBe(429);
    const holderAfterTheft = await attempt(new Browser(t, HOME), DEMO_PASSWORD, HOME);
    expect(holderAfterTheft.statusCode).toBe(303);

    recordScenario({
      id: 'A2',
      done: `attacker at one address: ${attackerCodes.length} wrong passwords for one account; then the holder's browser (device cookie) from a new address, the holder in a new browser at a known address, a stranger and the attacker with the right password, a forged cookie, a stolen cookie guessed with ${thiefCodes.length} times`,
      figure: `attacker ${LIMITS.signInPerAccount.points}×401 then ${attackerCodes.length - LIMITS.signInPerAccount.points}×429; holder with device cookie signed in at once (${Math.round(travellingMs)} ms, no Retry-After), holder at known address signed in; stranger, attacker and forged cookie with the right password 429; stolen cookie ${LIMITS.signInPerDevice.points}×401 then 429, holder still signed in`,
      pass: true,
    });
  });
});
