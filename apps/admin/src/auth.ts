import * as oauth from 'oauth4webapi';
import { consoleReturnPath } from './return-path.ts';

/**
 * Console sign-in: authorization code + PKCE (S256) with the store's built-in provider, as the public
 * client `probe-admin`, whose tokens are for the console's API only. The token lives in this tab's
 * session storage and is gone with it.
 */
const issuer = new URL(`${location.origin}/oidc`);
const client: oauth.Client = { client_id: 'probe-admin' };
const redirectUri = `${location.origin}/admin/callback`;
/** Plain http only on a loopback or local machine (the demo); a real deployment is https. */
const insecure = location.protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};
const LOGIN = 'console.login';
const TOKEN = 'console.token';

let metadata: Promise<oauth.AuthorizationServer> | null = null;
function server(): Promise<oauth.AuthorizationServer> {
  metadata ??= oauth.discoveryRequest(issuer, insecure).then((res) => oauth.processDiscoveryResponse(issuer, res));
  metadata.catch(() => (metadata = null));
  return metadata;
}

/** Sends the operator to sign in; they come back to `returnTo` (a console path). */
export async function signIn(returnTo: string): Promise<void> {
  const as = await server();
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  sessionStorage.setItem(LOGIN, JSON.stringify({ verifier, state, returnTo }));
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id, redirect_uri: redirectUri, response_type: 'code', scope: 'openid email profile',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state,
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
  return consoleReturnPath(saved.returnTo);
}

/** The console token while it is valid; null otherwise. */
export function currentToken(): string | null {
  const saved = JSON.parse(sessionStorage.getItem(TOKEN) ?? 'null') as { token: string; expiresAt: number } | null;
  if (!saved || saved.expiresAt < Date.now() + 30_000) return null;
  return saved.token;
}

export function signOut(): void {
  sessionStorage.removeItem(TOKEN);
}
