import { pushLogin } from '../../analytics/data-layer.ts';
import { INVALID_AUTH_TOKEN, type AuthTokenRecord } from '../../session/auth-token.ts';
import { takeLastLocation } from '../../session/last-location.ts';
import { STORAGE_KEYS } from '../../session/storage-keys.ts';
import { mobileHandoff, redeemHandoff } from './handoff.ts';
import { takeLoginState, type LoginState } from './login-state.ts';
import { discover, oidcConfig, type OidcClientConfig, type ProviderMetadata } from './oidc.ts';

/** Spec §8: what a malformed sign-in return is reported as. */
export const LOGIN_ERROR = 'An error occurred while logging from the cloud.';
export const MALFORMED_REDIRECT = 'Redirect url was malformed';

export type CallbackCheck =
  | { kind: 'accept'; code: string; state: string; codeVerifier: string }
  | { kind: 'malformed'; detail: string };

/**
 * Spec §4 login flow, step 2: a return is accepted only with a code and a state equal to the one stored
 * when the sign-in started. The stored state is taken (deleted) before it is compared, so the same return
 * cannot be used twice. Unlike the spec, there is no exception for a mobile source: every code + state
 * return is checked, `source=mobile` or not. A mobile app signs the browser in by a one-use handoff code
 * instead (handoff.ts, docs/decisions/0013).
 */
export function checkCallback(search: string, stored: LoginState | null): CallbackCheck {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  if (error) return { kind: 'malformed', detail: `provider error: ${error}` };
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state) return { kind: 'malformed', detail: 'code or state missing' };
  if (!stored) return { kind: 'malformed', detail: 'no login in progress (state already used)' };
  if (state !== stored.state) return { kind: 'malformed', detail: 'state mismatch' };
  return { kind: 'accept', code, state, codeVerifier: stored.codeVerifier };
}

/** The provider's token answer (RFC 6749 §5.1). */
interface TokenResponse {
  access_token?: string;
  token_type?: string;
  expires_in?: number | null;
  id_token?: string;
}

/** Exchanges the code at the token endpoint with the PKCE verifier. */
export async function exchangeCode(metadata: ProviderMetadata, config: OidcClientConfig, code: string, codeVerifier: string, fetcher: typeof fetch = fetch): Promise<TokenResponse> {
  const res = await fetcher(metadata.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: config.redirectUri, client_id: config.clientId, code_verifier: codeVerifier }),
  });
  if (!res.ok) throw new Error(`token endpoint answered ${res.status}`);
  return (await res.json()) as TokenResponse;
}

/** Spec §3's auth token record for a token answer: from the web sign-in, or from a mobile handoff (no state). */
export function tokenRecord(response: TokenResponse, state: string | null, organizationSlug: string | null, nowSeconds: number, source: 'web' | 'mobile' = 'web'): AuthTokenRecord {
  return {
    token: response.access_token || null,
    tokenType: 'JWT',
    expiresIn: typeof response.expires_in === 'number' && Number.isFinite(response.expires_in) ? response.expires_in : null,
    createdAtSeconds: nowSeconds,
    organizationSlug,
    source,
    state,
  };
}

export class SignInError extends Error {
  constructor(message: string, readonly detail: string) {
    super(message);
  }
}

/**
 * `/auth/callback`: checks the return, exchanges the code, saves the token record, sends the login
 * event, and gives the stored last location to reload at (spec §4 steps 2–4); or, for a mobile handoff,
 * redeems its code and gives its `next` path. Throws a SignInError (reported by the caller, which shows
 * the error page) for a malformed return, a failed exchange or a refused handoff code.
 */
export async function completeSignIn(search: string, storage: Storage = localStorage, fetcher: typeof fetch = fetch): Promise<string> {
  const stored = takeLoginState(storage);
  const handoff = mobileHandoff(search);
  if (handoff) return completeHandoff(handoff.code, handoff.target, storage, fetcher);
  const check = checkCallback(search, stored);
  if (check.kind === 'malformed') throw new SignInError(LOGIN_ERROR, `${MALFORMED_REDIRECT}: ${check.detail}`);
  const config = oidcConfig();
  let response: TokenResponse;
  try {
    response = await exchangeCode(await discover(config, fetcher), config, check.code, check.codeVerifier, fetcher);
  } catch (error) {
    throw new SignInError(LOGIN_ERROR, `${MALFORMED_REDIRECT}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const record = tokenRecord(response, check.state, storage.getItem(STORAGE_KEYS.organizationSlug), Math.floor(Date.now() / 1000));
  saveToken(record, storage);
  // Kept for the provider's logout (id_token_hint); read once at sign-out.
  if (response.id_token) storage.setItem(STORAGE_KEYS.idToken, response.id_token);
  pushLogin();
  const target = takeLastLocation() ?? '/';
  storage.removeItem(STORAGE_KEYS.loginState);
  return target;
}

function saveToken(record: AuthTokenRecord, storage: Storage): void {
  if (!record.token) throw new SignInError(INVALID_AUTH_TOKEN, INVALID_AUTH_TOKEN);
  storage.setItem(STORAGE_KEYS.authToken, JSON.stringify(record));
}

/**
 * A mobile handoff: redeems the one-use code at our server for the app's token, saves it as a 'mobile'
 * token record, sends the login event, and gives the `next` path (already checked to be on this site).
 * A code that is unknown, used or expired is reported as a malformed return.
 */
async function completeHandoff(code: string, target: string, storage: Storage, fetcher: typeof fetch): Promise<string> {
  let response: TokenResponse;
  try {
    response = await redeemHandoff(code, fetcher);
  } catch (error) {
    throw new SignInError(LOGIN_ERROR, `${MALFORMED_REDIRECT}: ${error instanceof Error ? error.message : String(error)}`);
  }
  saveToken(tokenRecord(response, null, storage.getItem(STORAGE_KEYS.organizationSlug), Math.floor(Date.now() / 1000), 'mobile'), storage);
  // An ID token of an earlier web sign-in names another session: not the one to end at logout.
  storage.removeItem(STORAGE_KEYS.idToken);
  pushLogin('mobile-handoff');
  return target;
}
