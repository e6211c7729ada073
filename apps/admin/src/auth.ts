import * as oauth from 'oauth4webapi';
import { consoleReturnPath } from './return-path.ts';

/**
 * Console sign-in: authorization code + PKCE (S256) with the store's built-in provider's console side
 * (/oidc/staff: the staff's sign-in page, and a session of its own, apart from a buyer's in the same
 * browser), as the public client `probe-admin`, whose tokens are for the console's API only. The token
 * lives in this tab's session storage and is gone with it; the ID token beside it names the session at sign-out.
 */
const issuer = new URL(`${location.origin}/oidc/staff`);
const client: oauth.Client = { client_id: 'probe-admin' };
const redirectUri = `${location.origin}/admin/callback`;
/** Plain http only on a loopback or local machine (the demo); a real deployment is https. */
const insecure = location.protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};
const LOGIN = 'console.login';
const TOKEN = 'console.token';
const ID_TOKEN = 'console.idToken';

let metadata: Promise<oauth.AuthorizationServer> | null = null;
function server(): Promise<oauth.AuthorizationServer> {
  metadata ??= oauth.discoveryRequest(issuer, insecure).then((res) => oauth.processDiscoveryResponse(issuer, res));
  metadata.catch(() => (metadata = null));
  return metadata;
}

/**
 * Sends the operator to sign in; they come back to `returnTo` (a console path). `asStaff` makes the provider
 * ask for a password even when the console's session in this browser is someone else's (an account without
 * a role): it then signs that account out of the console and the member of staff in.
 */
export async function signIn(returnTo: string, { asStaff = false }: { asStaff?: boolean } = {}): Promise<void> {
  const as = await server();
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  sessionStorage.setItem(LOGIN, JSON.stringify({ verifier, state, returnTo }));
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id, redirect_uri: redirectUri, response_type: 'code', scope: 'openid email profile',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state,
    ...(asStaff ? { prompt: 'login' } : {}),
  }).toString();
  location.assign(url);
}

/** The return from the provider: the state is checked once, the code exchanged; answers where to go next. */
export async function completeSignIn(current: URL): Promise<string> {
  const saved = JSON.parse(sessionStorage.getItem(LOGIN) ?? 'null') as { verifier: string; state: string; returnTo: string } | null;
  sessionStorage.removeItem(LOGIN);
  if (!saved) throw new Error('No sign-in was started in this tab');
  const as = await server();
  const params = oauth.validateAuthResponse(as, client, current, saved.state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, saved.verifier, insecure);
  const result = await oauth.processAuthorizationCodeResponse(as, client, response);
  sessionStorage.setItem(TOKEN, JSON.stringify({ token: result.access_token, expiresAt: Date.now() + (result.expires_in ?? 3600) * 1000 }));
  if (result.id_token) sessionStorage.setItem(ID_TOKEN, result.id_token);
  return consoleReturnPath(saved.returnTo);
}

/** The console token while it is valid; null otherwise. */
export function currentToken(): string | null {
  const saved = JSON.parse(sessionStorage.getItem(TOKEN) ?? 'null') as { token: string; expiresAt: number } | null;
  if (!saved || saved.expiresAt < Date.now() + 30_000) return null;
  return saved.token;
}

/** The e-mail the console token names (to say who is signed in when the API refuses them); null without a token. */
export function signedInEmail(): string | null {
  const token = currentToken();
  if (!token) return null;
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { email?: unknown };
    return typeof payload.email === 'string' ? payload.email : null;
  } catch {
    return null;
  }
}

/**
 * Signs out of the console for real: the token is forgotten, then the browser goes to the console
 * provider's end_session endpoint with the ID token, which ends the console's session (its tokens are
 * refused within seconds; a buyer's store session in this browser is another one and stays), and comes back
 * to the console's start, which asks for a password again.
 */
export async function signOut(): Promise<void> {
  const idToken = sessionStorage.getItem(ID_TOKEN);
  sessionStorage.removeItem(TOKEN);
  sessionStorage.removeItem(ID_TOKEN);
  const back = `${location.origin}/admin/`;
  let target = back;
  try {
    const endpoint = (await server()).end_session_endpoint;
    if (endpoint) {
      const url = new URL(endpoint);
      url.search = new URLSearchParams({ client_id: client.client_id, post_logout_redirect_uri: back, ...(idToken ? { id_token_hint: idToken } : {}) }).toString();
      target = url.href;
    }
  } catch {
    // the provider cannot be reached: the console is signed out here at least
  }
  location.assign(target);
}
