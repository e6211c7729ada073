import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenValidity, validAuthToken } from '../src/session/auth-token.ts';
import { rememberLastLocation, takeLastLocation } from '../src/session/last-location.ts';
import { STORAGE_KEYS } from '../src/session/storage-keys.ts';
import { checkCallback, completeSignIn, LOGIN_ERROR, MALFORMED_REDIRECT, SignInError, tokenRecord } from '../src/features/account/callback.ts';
import { saveLoginState, takeLoginState } from '../src/features/account/login-state.ts';
import { oidcConfig, parseMetadata } from '../src/features/account/oidc.ts';
import { codeChallengeS256, randomCodeVerifier, randomState } from '../src/features/account/pkce.ts';
import { authorizationUrl } from '../src/features/account/sign-in.ts';
import { afterLogoutPath, logoutUrl, signOut } from '../src/features/account/sign-out.ts';
import { membershipRedirect, organizationSlugAction, applyOrganizationSlug, chosenMembership, chooseOrganization } from '../src/features/account/signed-in-rules.ts';
import { splitName } from '../src/features/account/buyer.ts';
import { paymentFailed } from '../src/features/account/area/order-status.ts';

const ORIGIN = 'https://store.test';
const config = oidcConfig(ORIGIN, {});
const metadata = parseMetadata(`${ORIGIN}/oidc`, {
  issuer: `${ORIGIN}/oidc`, authorization_endpoint: `${ORIGIN}/oidc/auth`, token_endpoint: `${ORIGIN}/oidc/token`, end_session_endpoint: `${ORIGIN}/oidc/session/end`,
});

describe('OIDC client settings and discovery', () => {
  it('defaults to the built-in provider and our own return addresses; the build can name another provider', () => {
    expect(config).toEqual({
      issuer: `${ORIGIN}/oidc`, clientId: 'probe-store', redirectUri: `${ORIGIN}/auth/callback`,
      postLogoutRedirectUri: `${ORIGIN}/auth/logged-out`, scope: 'openid email profile',
    });
    const external = oidcConfig(ORIGIN, { issuer: 'https://id.example.com/realms/probe/', clientId: 'shop' });
    expect(external.issuer).toBe('https://id.example.com/realms/probe');
    expect(external.clientId).toBe('shop');
    expect(external.redirectUri).toBe(`${ORIGIN}/auth/callback`);
  });

  it('refuses a discovery document of another issuer or without endpoints', () => {
    expect(() => parseMetadata(`${ORIGIN}/oidc`, { ...metadata, issuer: 'https://evil.test/oidc' })).toThrow(/another issuer/);
    expect(() => parseMetadata(`${ORIGIN}/oidc`, { issuer: `${ORIGIN}/oidc`, authorization_endpoint: 'javascript:alert(1)', token_endpoint: `${ORIGIN}/t` })).toThrow(/endpoints/);
  });
});

describe('PKCE and state', () => {
  it('computes the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes a fresh 128-bit state and a 43-character verifier each time', () => {
    const states = new Set(Array.from({ length: 50 }, randomState));
    expect(states.size).toBe(50);
    for (const s of states) expect(s).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(randomCodeVerifier()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('asks for a code with PKCE S256, the state and the route language', () => {
    const url = new URL(authorizationUrl(metadata, config, { state: 'st', codeChallenge: 'ch', language: 'ar' }));
    expect(url.origin + url.pathname).toBe(`${ORIGIN}/oidc/auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code', client_id: 'probe-store', redirect_uri: `${ORIGIN}/auth/callback`, scope: 'openid email profile',
      state: 'st', code_challenge: 'ch', code_challenge_method: 'S256', ui_locales: 'ar',
    });
  });

  it('names the store page the sign-in started from, only when it is a path on this site', () => {
    const returnPath = (path: string) => new URL(authorizationUrl(metadata, config, { state: 'st', codeChallenge: 'ch', language: 'de', returnPath: path })).searchParams.get('return_path');
    expect(returnPath('/de/de/product/iq3/?x=1')).toBe('/de/de/product/iq3/?x=1');
    expect(returnPath('//evil.example/')).toBeNull();
    expect(returnPath('https://evil.example/')).toBeNull();
  });

  it('the stored login state is single-use', () => {
    localStorage.clear();
    saveLoginState({ state: 's1', codeVerifier: 'v1' });
    expect(takeLoginState()).toEqual({ state: 's1', codeVerifier: 'v1' });
    expect(takeLoginState()).toBeNull();
  });
});

describe('callback acceptance (spec §4 step 2, never without the state)', () => {
  const stored = { state: 'good-state', codeVerifier: 'verifier' };
  it('accepts a code with the stored state', () => {
    expect(checkCallback('?code=abc&state=good-state', stored)).toEqual({ kind: 'accept', code: 'abc', state: 'good-state', codeVerifier: 'verifier' });
  });
  it.each([
    ['no code', '?state=good-state', stored],
    ['no state', '?code=abc', stored],
    ['another state', '?code=abc&state=other', stored],
    ['a state already used (nothing stored)', '?code=abc&state=good-state', null],
    ['a provider error', '?error=access_denied&state=good-state', stored],
    ['a source=mobile return without the state', '?code=abc&source=mobile', stored],
  ])('refuses %s', (_name, search, state) => {
    expect(checkCallback(search, state).kind).toBe('malformed');
  });
});

describe('completing the sign-in', () => {
  const tokenAnswer = { access_token: 'jwt.access', token_type: 'Bearer', expires_in: 3600, id_token: 'jwt.id' };
  let calls: Array<{ url: string; body: string | null }>;
  const fakeFetch = (answer: unknown, status = 200): typeof fetch => (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, body: init?.body ? String(init.body) : null });
    if (url.endsWith('/.well-known/openid-configuration')) {
      const issuer = url.replace('/.well-known/openid-configuration', '');
      return new Response(JSON.stringify({ issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token` }));
    }
    return new Response(JSON.stringify(answer), { status });
  }) as typeof fetch;

  beforeEach(() => {
    localStorage.clear();
    calls = [];
    window.dataLayer = [];
    localStorage.setItem(STORAGE_KEYS.analyticsConsent, 'granted'); // the visitor allowed analytics earlier
    saveLoginState({ state: 'st-1', codeVerifier: 'ver-1' });
    localStorage.setItem(STORAGE_KEYS.lastLoginLocation, '/ae/ar/checkout/?x=1#y');
    localStorage.setItem(STORAGE_KEYS.organizationSlug, 'demo-clinic');
  });

  it('exchanges the code with the verifier, saves the token record, sends the login event and returns the last location', async () => {
    const target = await completeSignIn('?code=c-1&state=st-1', localStorage, fakeFetch(tokenAnswer));
    expect(target).toBe('/ae/ar/checkout/?x=1#y');
    const exchange = new URLSearchParams(calls.find((c) => c.url.endsWith('/token'))!.body!);
    expect(Object.fromEntries(exchange)).toMatchObject({ grant_type: 'authorization_code', code: 'c-1', code_verifier: 'ver-1', client_id: 'probe-store' });
    const record = JSON.parse(localStorage.getItem(STORAGE_KEYS.authToken)!);
    expect(record).toMatchObject({ token: 'jwt.access', tokenType: 'JWT', expiresIn: 3600, organizationSlug: 'demo-clinic', state: 'st-1' });
    expect(validAuthToken(() => {})?.token).toBe('jwt.access');
    expect(localStorage.getItem(STORAGE_KEYS.loginState)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.lastLoginLocation)).toBeNull();
    expect(window.dataLayer!.map((e) => e.event)).toContain('login');
  });

  it('a second use of the same return fails (the state was deleted at once)', async () => {
    await completeSignIn('?code=c-1&state=st-1', localStorage, fakeFetch(tokenAnswer));
    localStorage.removeItem(STORAGE_KEYS.authToken);
    await expect(completeSignIn('?code=c-1&state=st-1', localStorage, fakeFetch(tokenAnswer))).rejects.toMatchObject({ message: LOGIN_ERROR });
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('a mismatched state is reported as a malformed redirect and deletes the stored state', async () => {
    const error = await completeSignIn('?code=c-1&state=forged', localStorage, fakeFetch(tokenAnswer)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignInError);
    expect((error as SignInError).message).toBe(LOGIN_ERROR);
    expect((error as SignInError).detail).toContain(MALFORMED_REDIRECT);
    expect(localStorage.getItem(STORAGE_KEYS.loginState)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('a failed exchange is a malformed redirect; an answer without a token is "Invalid auth token"', async () => {
    await expect(completeSignIn('?code=c-1&state=st-1', localStorage, fakeFetch({ error: 'invalid_grant' }, 400))).rejects.toMatchObject({ message: LOGIN_ERROR });
    saveLoginState({ state: 'st-2', codeVerifier: 'ver-2' });
    await expect(completeSignIn('?code=c-2&state=st-2', localStorage, fakeFetch({ token_type: 'Bearer' }))).rejects.toMatchObject({ message: 'Invalid auth token' });
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('the record expires after expiresIn; a missing expires_in never expires', () => {
    const record = tokenRecord({ access_token: 't', expires_in: 60 }, 's', null, 1000);
    expect(tokenValidity(record, 1059)).toBe('valid');
    expect(tokenValidity(record, 1060)).toBe('expired');
    expect(tokenValidity(tokenRecord({ access_token: 't' }, 's', null, 1000), 10 ** 10)).toBe('valid');
  });
});

describe('mobile handoff return (/auth/callback?source=mobile&handoff=…&next=…)', () => {
  const redeemed = { access_token: 'jwt.from.app', token_type: 'JWT', expires_in: 1800 };
  let calls: Array<{ url: string; body: string | null }>;
  const fakeFetch = (answer: unknown, status = 200): typeof fetch => (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), body: init?.body ? String(init.body) : null });
    return new Response(JSON.stringify(answer), { status });
  }) as typeof fetch;

  beforeEach(() => {
    localStorage.clear();
    calls = [];
    window.dataLayer = [];
    localStorage.setItem(STORAGE_KEYS.analyticsConsent, 'granted'); // the visitor allowed analytics earlier
    localStorage.setItem(STORAGE_KEYS.idToken, 'id.of.an.earlier.web.session');
  });

  it('redeems the code once at our server, saves a mobile token record, sends the login event and goes to next', async () => {
    const target = await completeSignIn('?source=mobile&handoff=code-1&next=%2Fde%2Fde%2Faccount%2F%3Ftab%3D1', localStorage, fakeFetch(redeemed));
    expect(target).toBe('/de/de/account/?tab=1');
    expect(calls).toEqual([{ url: '/auth/handoff/redeem', body: JSON.stringify({ code: 'code-1' }) }]);
    const record = JSON.parse(localStorage.getItem(STORAGE_KEYS.authToken)!);
    expect(record).toMatchObject({ token: 'jwt.from.app', tokenType: 'JWT', expiresIn: 1800, source: 'mobile', state: null });
    expect(validAuthToken(() => {})?.token).toBe('jwt.from.app');
    expect(localStorage.getItem(STORAGE_KEYS.idToken)).toBeNull();
    expect(window.dataLayer!.map((e) => e.event)).toContain('login');
  });

  it.each(['https://evil.test/', '//evil.test/us/en/', '/%2F%2Fevil.test', 'javascript:alert(1)', '', '/.//evil.test/phish', '/%2e//evil.test/phish', '/a/..//evil.test/phish', '/\\evil.test', '/.\t//evil.test'])('goes to / instead of the unsafe next %j', async (next) => {
    expect(await completeSignIn(`?source=mobile&handoff=code-1&next=${encodeURIComponent(next)}`, localStorage, fakeFetch(redeemed))).toBe('/');
  });

  it('a refused code (unknown, used or expired) is a malformed return, and signs nobody in', async () => {
    const error = await completeSignIn('?source=mobile&handoff=used&next=/us/en/', localStorage, fakeFetch({ error: 'invalid_handoff' }, 400)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignInError);
    expect((error as SignInError).message).toBe(LOGIN_ERROR);
    expect((error as SignInError).detail).toContain(MALFORMED_REDIRECT);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(window.dataLayer!.map((e) => e.event)).not.toContain('login');
  });

  it('an answer without a token is "Invalid auth token"', async () => {
    await expect(completeSignIn('?source=mobile&handoff=c', localStorage, fakeFetch({ token_type: 'JWT' }))).rejects.toMatchObject({ message: 'Invalid auth token' });
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('source=mobile with a code and state but no handoff is state-checked like any return: a forged state is refused, nothing is fetched', async () => {
    saveLoginState({ state: 'st-1', codeVerifier: 'ver-1' });
    await expect(completeSignIn('?source=mobile&code=abc&state=forged', localStorage, fakeFetch(redeemed))).rejects.toMatchObject({ message: LOGIN_ERROR });
    await expect(completeSignIn('?source=mobile&code=abc', localStorage, fakeFetch(redeemed))).rejects.toMatchObject({ message: LOGIN_ERROR });
    expect(calls).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('a handoff code without source=mobile is not a handoff', async () => {
    await expect(completeSignIn('?handoff=code-1', localStorage, fakeFetch(redeemed))).rejects.toMatchObject({ message: LOGIN_ERROR });
    expect(calls).toEqual([]);
  });
});

describe('last location after sign-in: same-origin paths only', () => {
  beforeEach(() => localStorage.clear());
  it.each(['//evil.test/us/en/', '/\\evil.test', 'javascript:alert(1)', '%2F%2Fevil.test', '/%2F%2Fevil.test', '/%2f%5cevil.test', 'https://evil.test/us/en/', 'http:evil.test'])(
    'neither stores nor restores %s',
    (value) => {
      const [pathname, search = ''] = value.split('?');
      rememberLastLocation({ pathname: pathname!, search, hash: '' });
      expect(localStorage.getItem(STORAGE_KEYS.lastLoginLocation)).toBeNull();
      localStorage.setItem(STORAGE_KEYS.lastLoginLocation, value);
      expect(takeLastLocation()).toBeNull();
    },
  );
  it('keeps a store path with its query and hash', () => {
    rememberLastLocation({ pathname: '/ae/ar/account/', search: '?a=1', hash: '#orders' });
    expect(takeLastLocation()).toBe('/ae/ar/account/?a=1#orders');
  });
});

describe('logout', () => {
  it('goes to the end-session endpoint with our own post-logout address, the client id and the id token', () => {
    const url = new URL(logoutUrl(metadata, config, ORIGIN, 'id.tok')!);
    expect(url.origin + url.pathname).toBe(`${ORIGIN}/oidc/session/end`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ post_logout_redirect_uri: `${ORIGIN}/auth/logged-out`, client_id: 'probe-store', id_token_hint: 'id.tok' });
  });
  it('refuses a post-logout address on another origin or path, and a provider without end_session', () => {
    expect(logoutUrl(metadata, { ...config, postLogoutRedirectUri: 'https://evil.test/auth/logged-out' }, ORIGIN, null)).toBeNull();
    expect(logoutUrl(metadata, { ...config, postLogoutRedirectUri: `${ORIGIN}/elsewhere` }, ORIGIN, null)).toBeNull();
    expect(logoutUrl({ ...metadata, end_session_endpoint: undefined } as never, config, ORIGIN, null)).toBeNull();
  });
  it('/auth/logged-out goes to the remembered store or /us/en/', () => {
    sessionStorage.setItem('logoutBasePath', '/ae/ar');
    expect(afterLogoutPath()).toBe('/ae/ar/');
    expect(afterLogoutPath()).toBe('/us/en/');
    sessionStorage.setItem('logoutBasePath', '//evil.test');
    expect(afterLogoutPath()).toBe('/us/en/');
  });
  it('forgets the account but keeps the browser\'s analytics choice (issue 36)', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', () => Promise.reject(new Error('offline')));
    try {
      for (const choice of ['granted', 'denied']) {
        localStorage.setItem(STORAGE_KEYS.analyticsConsent, choice);
        localStorage.setItem(STORAGE_KEYS.authToken, JSON.stringify({ token: 't', tokenType: 'JWT', expiresIn: null, createdAtSeconds: 1 }));
        localStorage.setItem(STORAGE_KEYS.idToken, 'id.tok');
        localStorage.setItem(STORAGE_KEYS.checkoutToken, 'c-1');
        localStorage.setItem(STORAGE_KEYS.organizationSlug, 'demo-clinic');
        await signOut('/de/de');
        expect(Object.keys({ ...localStorage })).toEqual([STORAGE_KEYS.analyticsConsent]);
        expect(localStorage.getItem(STORAGE_KEYS.analyticsConsent)).toBe(choice);
      }
      localStorage.clear();
      await signOut('/de/de');
      expect(localStorage.length).toBe(0); // no choice made: none invented
      expect(assign).toHaveBeenCalledWith(`${location.origin}/auth/logged-out`);
    } finally {
      assign.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});

describe('signed-in rules', () => {
  it('stores an organizationSlug unless a refresh is forced (the string true, not on subscription management)', () => {
    expect(organizationSlugAction('/us/en/', '?organizationSlug=demo-clinic')).toEqual({ kind: 'store', slug: 'demo-clinic' });
    expect(organizationSlugAction('/us/en/', '?organizationSlug=demo-clinic&forceCredentialsRefresh=true')).toEqual({ kind: 'force-refresh' });
    expect(organizationSlugAction('/us/en/', '?organizationSlug=demo-clinic&forceCredentialsRefresh=1')).toEqual({ kind: 'store', slug: 'demo-clinic' });
    expect(organizationSlugAction('/us/en/subscription/', '?organizationSlug=demo-clinic&forceCredentialsRefresh=true')).toEqual({ kind: 'store', slug: 'demo-clinic' });
    expect(organizationSlugAction('/us/en/', '')).toEqual({ kind: 'none' });
    localStorage.clear();
    applyOrganizationSlug({ pathname: '/us/en/', search: '?organizationSlug=demo-clinic' });
    expect(localStorage.getItem(STORAGE_KEYS.organizationSlug)).toBe('demo-clinic');
    localStorage.setItem(STORAGE_KEYS.authToken, '{"token":"t"}');
    applyOrganizationSlug({ pathname: '/us/en/cart/', search: '?organizationSlug=other&forceCredentialsRefresh=true' });
    expect(localStorage.getItem(STORAGE_KEYS.organizationSlug)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('acts for the organization whose slug is stored (from the query string or chosen), else the first', () => {
    const memberships = [{ id: 'm-1', organization: { slug: 'lakeside-clinic' } }, { id: 'm-2', organization: { slug: 'harbour-clinic' } }];
    localStorage.clear();
    expect(chosenMembership(memberships)?.id).toBe('m-1');
    applyOrganizationSlug({ pathname: '/us/en/', search: '?organizationSlug=harbour-clinic' });
    expect(chosenMembership(memberships)?.id).toBe('m-2');
    chooseOrganization('lakeside-clinic');
    expect(chosenMembership(memberships)?.id).toBe('m-1');
    // A slug of an organization the user is not in (any more) falls back to the first.
    chooseOrganization('someone-elses-clinic');
    expect(chosenMembership(memberships)?.id).toBe('m-1');
    expect(chosenMembership([])).toBeNull();
  });

  it("sends a signed-in user to their first organization's country, keeping sub-path, query and hash", () => {
    expect(membershipRedirect({ pathname: '/us/en/account/', search: '?tab=orders', hash: '#o' }, 'DE')).toBe('/de/de/account/?tab=orders#o');
    expect(membershipRedirect({ pathname: '/de/en/cart/', search: '', hash: '' }, 'DE')).toBeNull();
    expect(membershipRedirect({ pathname: '/us/en/', search: '', hash: '' }, null)).toBeNull();
    // A country without a store (no device prices) sends nobody anywhere: no loop with the store's own redirect.
    expect(membershipRedirect({ pathname: '/us/en/', search: '', hash: '' }, 'MX')).toBeNull();
    expect(membershipRedirect({ pathname: '/us/en/', search: '', hash: '' }, 'JP')).toBeNull();
  });
});

describe('account helpers', () => {
  it('splits a name into first and last', () => {
    expect(splitName('Ada King Lovelace')).toEqual({ firstName: 'Ada', lastName: 'King Lovelace' });
    expect(splitName(null)).toEqual({ firstName: '', lastName: '' });
  });
  it('a failed payment is no charge without an invoice', () => {
    expect(paymentFailed({ paymentStatus: 'NOT_CHARGED', invoice: null })).toBe(true);
    expect(paymentFailed({ paymentStatus: 'NOT_CHARGED', invoice: { token: 't', status: 'OPEN' } })).toBe(false);
    expect(paymentFailed({ paymentStatus: 'FULLY_CHARGED', invoice: null })).toBe(false);
  });
});
