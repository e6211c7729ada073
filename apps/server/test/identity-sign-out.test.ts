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
 * within seconds; our own clients' sign-out asks no question.
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

  /** The console's sign-in in the same browser: the provider's session answers at once when it has one. */
  async function consoleSignIn(browser: Browser, extra: Record<string, string> = {}) {
    const { verifier, challenge } = pkce();
    const params = { client_id: 'probe-admin', response_type: 'code', redirect_uri: ADMIN_CALLBACK, scope: 'openid email profile', state: 'c', code_challenge: challenge, code_challenge_method: 'S256', ...extra };
    let next = location(await browser.get(`/oidc/auth?${new URLSearchParams(params)}`));
    for (let hops = 0; hops < 5 && !next.startsWith(ADMIN_CALLBACK); hops++) next = location(await browser.get(next));
    const code = new URL(next).searchParams.get('code')!;
    const res = await t.app.inject({
      method: 'POST', url: '/oidc/token', headers: { host: '127.0.0.1:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: ADMIN_CALLBACK, client_id: 'probe-admin' }).toString(),
    });
    const body = res.json() as { access_token: string; id_token: string };
    return { accessToken: body.access_token, idToken: body.id_token };
  }

  it('the store’s sign-out with its ID token ends the session without a question; its token and the console’s are refused within seconds; the next sign-in asks for the password', async () => {
    const browser = new Browser(t);
    const store = await storeSignIn(browser, STAFF);
    const console = await consoleSignIn(browser);
    expect(decodeJwt(store.accessToken).sid).toBeTypeOf('string');
    expect(decodeJwt(console.accessToken).sid).toBe(decodeJwt(store.accessToken).sid);
    expect(await me(store.accessToken)).toBe(STAFF);
    expect(await consoleMe(console.accessToken)).toBe(STAFF);

    const end = await browser.get(`/oidc/session/end?${new URLSearchParams({ id_token_hint: store.idToken, client_id: 'probe-store', post_logout_redirect_uri: LOGGED_OUT, state: 'bye' })}`);
    expect(end.statusCode).toBe(303);
    expect(location(end)).toBe(`${LOGGED_OUT}?state=bye`);
    expect(browser.cookies.has('idp_session')).toBe(false);

    expect(await refusedWithin(() => me(store.accessToken))).toBeLessThan(3_000);
    expect(await refusedWithin(() => consoleMe(console.accessToken))).toBeLessThan(3_000);
    const { signInPath } = await openSignIn(browser);
    expect(signInPath).toMatch(/^\/oidc\/interaction\//);
    expect((await browser.get(signInPath)).body).toContain('name="password"');
  });

  it('the console’s sign-out ends the session the store shares', async () => {
    const browser = new Browser(t);
    const store = await storeSignIn(browser, STAFF);
    const console = await consoleSignIn(browser);
    const end = await browser.get(`/oidc/session/end?${new URLSearchParams({ id_token_hint: console.idToken, client_id: 'probe-admin', post_logout_redirect_uri: `${PUBLIC_URL}/admin/` })}`);
    expect(location(end)).toBe(`${PUBLIC_URL}/admin/`);
    await refusedWithin(() => consoleMe(console.accessToken));
    await refusedWithin(() => me(store.accessToken));
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

  it('a buyer’s session in the browser does not lock the console: prompt=login signs staff in, and the buyer’s session ends', async () => {
    const browser = new Browser(t);
    const buyer = await storeSignIn(browser);
    // Without prompt the console gets the buyer, whom its API refuses.
    const asBuyer = await consoleSignIn(browser);
    expect(decodeJwt(asBuyer.accessToken).email).toBe(BUYER);
    expect(await consoleMe(asBuyer.accessToken)).toBeNull();

    const { verifier, challenge } = pkce();
    const params = { client_id: 'probe-admin', response_type: 'code', redirect_uri: ADMIN_CALLBACK, scope: 'openid email profile', state: 's', code_challenge: challenge, code_challenge_method: 'S256', prompt: 'login' };
    const signInPath = new URL(location(await browser.get(`/oidc/auth?${new URLSearchParams(params)}`)), PUBLIC_URL).pathname;
    expect(signInPath).toMatch(/^\/oidc\/interaction\//);
    let res = await browser.post(`${signInPath}/login`, { email: STAFF, password: DEMO_PASSWORD });
    // The provider ends the buyer's session first (its own logout form), then finishes the staff sign-in.
    for (let hops = 0; hops < 8 && !(res.statusCode === 303 && location(res).startsWith(ADMIN_CALLBACK)); hops++) {
      if (res.statusCode === 200 && res.body.includes('name="xsrf"')) {
        const action = /<form method="post" action="([^"]+)"/.exec(res.body)![1]!;
        const form = Object.fromEntries([...res.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [m[1]!, m[2]!]));
        res = await browser.post(action.replace(/&amp;/g, '&'), form);
      } else {
        res = await browser.get(location(res));
      }
    }
    const code = new URL(location(res)).searchParams.get('code')!;
    const token = await t.app.inject({
      method: 'POST', url: '/oidc/token', headers: { host: '127.0.0.1:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: ADMIN_CALLBACK, client_id: 'probe-admin' }).toString(),
    });
    const staffToken = (token.json() as { access_token: string }).access_token;
    expect(await consoleMe(staffToken)).toBe(STAFF);
    await refusedWithin(() => me(buyer.accessToken));
  });
});
