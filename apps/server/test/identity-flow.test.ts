import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@probe/db';
import { ensureDemoIdentityUsers } from '../src/identity/index.ts';
import type { TestApp } from './harness.ts';
import { Browser, exchangeCode, ISSUER, location, openSignIn, pkce, PUBLIC_URL, REDIRECT_URI, authorizeUrl, signInForCode, startIdentityApp, submitSignIn } from './identity-support.ts';

/** Signed-in users only: answers with data for a valid token, PermissionDenied otherwise. */
const AUTHORIZED = '{ shop { catalogue(country: US, languageCode: EN) { variants(group: TEAM) { sku } } } }';
const EMAIL = 'individual@demo.probe.store';

describe('built-in identity provider: authorization code + PKCE', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startIdentityApp();
    await ensureDemoIdentityUsers(t.database.db);
  });
  afterAll(() => t.close());

  it('publishes its discovery document and JWKS under /oidc', async () => {
    const discovery = (await t.app.inject({ url: '/oidc/.well-known/openid-configuration', headers: { host: '127.0.0.1:3000' } })).json();
    expect(discovery).toMatchObject({ issuer: ISSUER, authorization_endpoint: `${ISSUER}/auth`, token_endpoint: `${ISSUER}/token`, jwks_uri: `${ISSUER}/jwks` });
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.end_session_endpoint).toBe(`${ISSUER}/session/end`);
    const jwks = (await t.app.inject({ url: '/oidc/jwks' })).json() as { keys: Array<Record<string, string>> };
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(jwks.keys[0]!.d).toBeUndefined();
  });

  it('signs in, returns a code with the same state, and exchanges it for a JWT the API accepts', async () => {
    const browser = new Browser(t);
    const { signInPath, state, verifier } = await openSignIn(browser);
    expect(signInPath).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
    const page = await browser.get(signInPath);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<label for="f-email">');
    expect(page.body).not.toMatch(/<script|style=/);

    const { callback } = await submitSignIn(browser, signInPath, EMAIL, DEMO_PASSWORD);
    expect(callback!.origin + callback!.pathname).toBe(REDIRECT_URI);
    expect(callback!.searchParams.get('state')).toBe(state);
    const code = callback!.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const token = await exchangeCode(t, code, verifier);
    expect(token.status).toBe(200);
    expect(token.body.token_type).toBe('Bearer');
    expect(token.body.expires_in).toBe(3600);
    const access = token.body.access_token!;
    expect(decodeProtectedHeader(access).alg).toBe('EdDSA');
    const claims = decodeJwt(access);
    expect(claims).toMatchObject({ iss: ISSUER, aud: 'probe-store', email: EMAIL });
    expect(claims.exp! - claims.iat!).toBe(3600);

    const anonymous = await t.gql(AUTHORIZED);
    expect(anonymous.body.errors![0]!.extensions!.exception!.code).toBe('PermissionDenied');
    for (const scheme of ['JWT', 'Bearer']) {
      const res = await t.gql<{ shop: { catalogue: { variants: Array<{ sku: string }> } } }>(AUTHORIZED, undefined, { authorization: `${scheme} ${access}` });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data!.shop.catalogue.variants.length).toBeGreaterThan(0);
    }
  });

  it('refuses a wrong PKCE verifier, and a code used twice', async () => {
    const browser = new Browser(t);
    const { code, verifier } = await signInForCode(browser, EMAIL, DEMO_PASSWORD);
    const wrong = await exchangeCode(t, code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');

    const second = await signInForCode(new Browser(t), EMAIL, DEMO_PASSWORD);
    expect((await exchangeCode(t, second.code, second.verifier)).status).toBe(200);
    const again = await exchangeCode(t, second.code, second.verifier);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    expect(verifier).not.toBe(second.verifier);
  });

  it('refuses a redirect URI that is not registered, and a request without PKCE', async () => {
    const browser = new Browser(t);
    const { challenge } = pkce();
    const other = await browser.get(authorizeUrl({ state: 's', code_challenge: challenge, code_challenge_method: 'S256', redirect_uri: `${PUBLIC_URL}/auth/callback/evil` }));
    expect(other.statusCode).toBe(400);
    expect(other.headers.location).toBeUndefined();
    expect(other.body).toContain('invalid_redirect_uri');
    const foreign = await browser.get(authorizeUrl({ state: 's', code_challenge: challenge, code_challenge_method: 'S256', redirect_uri: 'https://attacker.example/cb' }));
    expect(foreign.statusCode).toBe(400);

    const noPkce = await browser.get(authorizeUrl({ state: 's' }));
    expect(noPkce.statusCode).toBe(303);
    expect(new URL(location(noPkce)).searchParams.get('error')).toBe('invalid_request');
    const plain = await browser.get(authorizeUrl({ state: 's', code_challenge: challenge, code_challenge_method: 'plain' }));
    expect(new URL(location(plain)).searchParams.get('error')).toBe('invalid_request');
  });

  it('answers a second authorization from the same browser without asking again (session, implicit consent)', async () => {
    const browser = new Browser(t);
    await signInForCode(browser, EMAIL, DEMO_PASSWORD);
    const { verifier, challenge } = pkce();
    const res = await browser.get(authorizeUrl({ state: 'again', code_challenge: challenge, code_challenge_method: 'S256' }));
    let next = location(res);
    for (let i = 0; i < 3 && !next.startsWith(REDIRECT_URI); i++) next = location(await browser.get(next));
    const callback = new URL(next);
    expect(callback.searchParams.get('state')).toBe('again');
    expect((await exchangeCode(t, callback.searchParams.get('code')!, verifier)).status).toBe(200);
  });

  it('keeps its sessions in the database: a second app on the same database continues the flow', async () => {
    const browser = new Browser(t);
    const { signInPath, verifier } = await openSignIn(browser);
    const { startTestApp } = await import('./harness.ts');
    const other = await startTestApp({ database: { ...t.database, close: async () => {} }, config: { AUTH_KEYS_TTL_MS: 0, PUBLIC_URL } });
    try {
      const elsewhere = new Browser(other);
      for (const [name, cookie] of browser.cookies) elsewhere.cookies.set(name, cookie);
      const { callback } = await submitSignIn(elsewhere, signInPath, EMAIL, DEMO_PASSWORD);
      const token = await exchangeCode(other, callback!.searchParams.get('code')!, verifier);
      expect(token.status).toBe(200);
      // The first instance accepts the token the second one issued: same keys, same database.
      const res = await t.gql(AUTHORIZED, undefined, { authorization: `JWT ${token.body.access_token}` });
      expect(res.body.errors).toBeUndefined();
    } finally {
      await other.app.close();
    }
  });

  it('ends the session with RP-initiated logout and returns to the registered post-logout URI', async () => {
    const browser = new Browser(t);
    await signInForCode(browser, EMAIL, DEMO_PASSWORD);
    const confirm = await browser.get(`/oidc/session/end?${new URLSearchParams({ client_id: 'probe-store', post_logout_redirect_uri: `${PUBLIC_URL}/auth/logged-out`, state: 'bye', ui_locales: 'de' })}`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('lang="de"');
    expect(confirm.body).not.toContain('<script');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)![1]!;
    const done = await browser.post('/oidc/session/end/confirm', { xsrf, logout: 'yes' });
    expect(done.statusCode).toBe(303);
    expect(location(done)).toBe(`${PUBLIC_URL}/auth/logged-out?state=bye`);
    // Signed out: the next authorization asks for credentials again.
    const { signInPath } = await openSignIn(browser);
    expect(signInPath).toMatch(/^\/oidc\/interaction\//);

    const foreign = await browser.get(`/oidc/session/end?${new URLSearchParams({ client_id: 'probe-store', post_logout_redirect_uri: 'https://attacker.example/' })}`);
    expect(foreign.statusCode).toBe(400);
  });
});
