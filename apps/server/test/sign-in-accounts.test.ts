import { DEMO_PASSWORD } from '@probe/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoIdentityUsers } from '../src/identity/index.ts';
import type { TestApp } from './harness.ts';
import { Browser, exchangeCode, lastLinkTo, openSignIn, signInForCode, startIdentityApp } from './identity-support.ts';

/** The built-in provider and the store's accounts together: a token from sign-in opens the user's organizations. */
describe('sign-in to my account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startIdentityApp();
    await ensureDemoIdentityUsers(t.database.db);
  });
  afterAll(() => t?.close());

  const ME = `query UserQuery { me { email name organizationMemberships { isOrganizationAdmin organization { name country availableSeats } } } }`;

  it('a demo admin signs in and the token opens their clinic', async () => {
    const { code, verifier } = await signInForCode(new Browser(t), 'admin@demo.probe.store', DEMO_PASSWORD);
    const token = await exchangeCode(t, code, verifier);
    expect(token.status).toBe(200);
    const me = await t.gql<{ me: { email: string; organizationMemberships: unknown[] } }>(ME, undefined, { authorization: `JWT ${token.body.access_token}` });
    expect(me.body.data!.me).toMatchObject({
      email: 'admin@demo.probe.store',
      organizationMemberships: [{ isOrganizationAdmin: true, organization: { name: 'Lakeside Clinic', country: 'US', availableSeats: 8 } }],
    });
  });

  it('a newcomer who signed up and confirmed the e-mail becomes a store user with their name on first use', async () => {
    const browser = new Browser(t);
    const { signInPath } = await openSignIn(browser);
    const email = 'nia.newcomer@example.test';
    expect((await browser.post(`${signInPath}/signup`, { name: 'Nia Newcomer', email, password: 'a long password 1' })).statusCode).toBe(200);
    expect((await browser.get(await lastLinkTo(t, email))).statusCode).toBe(200);
    const { code, verifier } = await signInForCode(new Browser(t), email, 'a long password 1');
    const token = await exchangeCode(t, code, verifier);
    const me = await t.gql<{ me: { email: string; name: string; organizationMemberships: unknown[] } }>(ME, undefined, { authorization: `JWT ${token.body.access_token}` });
    expect(me.body.data!.me).toEqual({ email, name: 'Nia Newcomer', organizationMemberships: [] });
  });
});
