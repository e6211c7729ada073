import { safeLocalPath } from '@probe/domain';
import { rememberLastLocation } from '../../session/last-location.ts';
import { saveLoginState } from './login-state.ts';
import { discover, oidcConfig, type OidcClientConfig, type ProviderMetadata } from './oidc.ts';
import { codeChallengeS256, randomCodeVerifier, randomState } from './pkce.ts';

/** The longest page path sent along (the provider ignores longer ones). */
const RETURN_PATH_MAX = 512;

/**
 * The provider's authorization request (code flow, PKCE S256), in the route's language, naming the store
 * page it started from (a same-origin path) so the provider's pages can lead back to it.
 */
export function authorizationUrl(metadata: ProviderMetadata, config: OidcClientConfig, request: { state: string; codeChallenge: string; language: string; returnPath?: string }): string {
  const url = new URL(metadata.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', config.redirectUri);
  url.searchParams.set('scope', config.scope);
  url.searchParams.set('state', request.state);
  url.searchParams.set('code_challenge', request.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('ui_locales', request.language);
  const returnPath = safeLocalPath(request.returnPath);
  if (returnPath && returnPath.length <= RETURN_PATH_MAX) url.searchParams.set('return_path', returnPath);
  return url.toString();
}

/**
 * Spec §4 login flow, step 0: remember where the buyer is (same-origin path only), keep a fresh one-use
 * state and the PKCE verifier, and leave for the provider's sign-in page.
 */
export async function signIn(language: string, from: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): Promise<void> {
  const config = oidcConfig();
  const metadata = await discover(config);
  const state = randomState();
  const codeVerifier = randomCodeVerifier();
  saveLoginState({ state, codeVerifier });
  rememberLastLocation(from);
  location.assign(authorizationUrl(metadata, config, { state, codeChallenge: await codeChallengeS256(codeVerifier), language, returnPath: from.pathname + from.search }));
}
