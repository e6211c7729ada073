import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@probe/db';
import { ensureDemoIdentityUsers } from '../src/identity/index.ts';
import type { TestApp } from './harness.ts';
import { Browser, exchangeCode, location, openSignIn, pkce, PUBLIC_URL, signInForCode, startIdentityApp } from './identity-support.ts';

const BUYER = 'individual@demo.probe.store';
const STAFF = 'operator@demo.probe.store';
const LOGGED_OUT = `${PUBLIC_URL}/auth/logged-out`;
const ADMIN_CALLBACK = `${PUBLIC_URL}/admin/callback`;

/**
 * Issue 32 item 11: a sign-out ends the provider's session, and with it every token issued in it,
 * within seconds; our own clients' sign-out asks no question. Issue 35: the store's and the console's
 * sessions are apart (/oidc and /oidc/staff), so one's sign-in or sign-out never ends the other's.
 */
describe('signing out ends the provider session and its tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startIdentityApp();
    await ensureDemoIdentityUsers(t.database.db);
  });
  afterAll(() => t.close());

  const me = async (token: string) => (await t.gql<{ me: { email: string } | null }>('{ me { email } }', undefined, { authorization: `JWT ${token}` })).body.data?.me?.email ?? null;
  const consoleMe = async (token: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/admin/graphql', headers: { 'content-type': 'application/json', authorization: `JWT ${token}` }, payload: JSON.stringify({ query: '{ me { email } }' }) });
    return (res.json() as { data?: { me?: { email: string } } }).data?.me?.email ?? null;
  };
  /** Polls until the token is refused; the milliseconds it took. */
  async function refusedWithin(check: () => Promise<string | null>, limitMs = 5_000): Promise<number> {
    const started = Date.now();
    while ((await check()) !== null) {
      if (Date.now() - started > limitMs) throw new Error(`still accepted after ${limitMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return Date.now() - started;
  }

  async function storeSignIn(browser: Browser, email = BUYER) {
    const { code, verifier } = await signInForCode(browser, email, DEMO_PASSWORD);
    const { body } = await exchangeCode(t, code, verifier);
    return { accessToken: body.access_token!, idToken: body.id_token! };
  }

  /**
   * The console's sign-in in the same browser, at the console's provider (/oidc/staff): its own session, so
   * the password is asked when the console has none, whatever the store's session holds; its own sign-in
   * page (no sign-up). Answers the tokens, and whether the password was asked.
   */
  async function consoleSignIn(browser: Browser, email = STAFF, extra: Record<string, string> = {}) {
    const { verifier, challenge } = pkce();
    const params = { client_id: 'probe-admin', response_type: 'code', redirect_uri: ADMIN_CALLBACK, scope: 'openid email profile', state: 'c', code_challenge: challenge, code_challenge_method: 'S256', ...extra };
    let res = await browser.get(`/oidc/staff/auth?${new URLSearchParams(params)}`);
    let asked = false;
    for (let hops = 0; hops < 8 && !(res.statusCode === 303 && location(res).startsWith(ADMIN_CALLBACK)); hops++) {
      const next = location(res);
      if (/\/oidc\/staff\/interaction\/[^/]+$/.test(new URL(next, PUBLIC_URL).pathname)) {
        const page = await browser.get(next);
        expect(page.body).toContain('Sign in to the console');
        expect(page.body).not.toContain('Create an account');
        asked = true;
        res = await browser.post(`${new URL(next, PUBLIC_URL).pathname}/login`, { email, password: DEMO_PASSWORD });
      } else {
        res = await browser.get(next);
      }
    }
    const code = new URL(location(res)).searchParams.get('code')!;
    const token = await t.app.inject({
      method: 'POST', url: '/oidc/staff/token', headers: { host: '127.0.0.1:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: ADMIN_CALLBACK, client_id: 'probe-admin' }).toString(),
    });
    const body = token.json() as { access_token: string; id_token: string };
    return { accessToken: body.access_token, idToken: body.id_token, asked };
  }

  it('the store’s sign-out with its ID token ends the store’s session without a question; its token is refused within seconds, the console’s (a session of its own) is not; the next sign-in asks for the password', async () => {
    const browser = new Browser(t);
    const store = await storeSignIn(browser, STAFF);
    const console = await consoleSignIn(browser);
    // The console asked for the password although the store's session was the same person's: two sessions.
    expect(console.asked).toBe(true);
    expect(decodeJwt(store.accessToken).sid).toBeTypeOf('string');
    expect(decodeJwt(console.accessToken).sid).not.toBe(decodeJwt(store.accessToken).sid);
    expect(decodeJwt(console.accessToken).iss).toBe(`${PUBLIC_URL}/oidc/staff`);
    expect(await me(store.accessToken)).toBe(STAFF);
    expect(await consoleMe(console.accessToken)).toBe(STAFF);
    // Neither API takes the other's token.
    expect(await me(console.accessToken)).toBeNull();
    expect(await consoleMe(store.accessToken)).toBeNull();

    const end = await browser.get(`/oidc/session/end?${new URLSearchParams({ id_token_hint: store.idToken, client_id: 'probe-store', post_logout_redirect_uri: LOGGED_OUT, state: 'bye' })}`);
    expect(end.statusCode).toBe(303);
    expect(location(end)).toBe(`${LOGGED_OUT}?state=bye`);
    expect(browser.cookies.has('idp_session')).toBe(false);
    expect(browser.cookies.has('idp_staff_session')).toBe(true);

    expect(await refusedWithin(() => me(store.accessToken))).toBeLessThan(3_000);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await consoleMe(console.accessToken)).toBe(STAFF);
    const { signInPath } = await openSignIn(browser);
    expect(signInPath).toMatch(/^\/oidc\/interaction\//);
    expect((await browser.get(signInPath)).body).toContain('name="password"');
    // The console's next sign-in needs no password: its session lives.
    expect((await consoleSignIn(browser)).asked).toBe(false);
  });

  it('the console’s sign-out ends the console’s session for real (the next console sign-in asks for the password); the buyer’s store session in the same browser stays', async () => {
    const browser = new Browser(t);
    const store = await storeSignIn(browser, BUYER);
    const console = await consoleSignIn(browser);
    const end = await browser.get(`/oidc/staff/session/end?${new URLSearchParams({ id_token_hint: console.idToken, client_id: 'probe-admin', post_logout_redirect_uri: `${PUBLIC_URL}/admin/` })}`);
    expect(location(end)).toBe(`${PUBLIC_URL}/admin/`);
    expect(browser.cookies.has('idp_staff_session')).toBe(false);
    await refusedWithin(() => consoleMe(console.accessToken));
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await me(store.accessToken)).toBe(BUYER);
    expect((await consoleSignIn(browser)).asked).toBe(true);
  });

  it('without an ID token the question stays; "No, stay signed in" still signs the store’s tokens out', async () => {
    const browser = new Browser(t);
    const store = await storeSignIn(browser);
    const question = await browser.get(`/oidc/session/end?${new URLSearchParams({ client_id: 'probe-store', post_logout_redirect_uri: LOGGED_OUT })}`);
    expect(question.statusCode).toBe(200);
    expect(question.body).toContain('name="logout" value="yes"');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(question.body)![1]!;
    const no = await browser.post('/oidc/session/end/confirm', { xsrf });
    expect(location(no)).toBe(LOGGED_OUT);
    await refusedWithin(() => me(store.accessToken));
  });

  it('an ID token of another user gets the question, not a sign-out', async () => {
    const other = await storeSignIn(new Browser(t), 'vet@demo.probe.store');
    const browser = new Browser(t);
    const store = await storeSignIn(browser);
    const res = await browser.get(`/oidc/session/end?${new URLSearchParams({ id_token_hint: other.idToken, client_id: 'probe-store', post_logout_redirect_uri: LOGGED_OUT })}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('name="logout" value="yes"');
    expect(await me(store.accessToken)).toBe(BUYER);
    expect(await me(other.accessToken)).toBe('vet@demo.probe.store');
  });

  it('a buyer signed in to the store in the same browser does not lock the console out: staff sign in with their password, and either may sign out without ending the other', async () => {
    const browser = new Browser(t);
    const buyer = await storeSignIn(browser);
    const staff = await consoleSignIn(browser);
    expect(staff.asked).toBe(true);
    expect(decodeJwt(staff.accessToken).email).toBe(STAFF);
    expect(await consoleMe(staff.accessToken)).toBe(STAFF);
    expect(await me(buyer.accessToken)).toBe(BUYER);
    // The buyer signs out of the store: the console's session lives on.
    await browser.get(`/oidc/session/end?${new URLSearchParams({ id_token_hint: buyer.idToken, client_id: 'probe-store', post_logout_redirect_uri: LOGGED_OUT })}`);
    await refusedWithin(() => me(buyer.accessToken));
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await consoleMe(staff.accessToken)).toBe(STAFF);
  });
});
