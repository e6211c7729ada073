import { AUTH_LOGGED_OUT_PATH } from '@probe/domain';
import { stopCachePersistence } from '../../data/persisted-cache.ts';
import { clearOnSignOut, STORAGE_KEYS } from '../../session/storage-keys.ts';
import { discover, oidcConfig, type OidcClientConfig, type ProviderMetadata } from './oidc.ts';

/** Where /auth/logged-out sends the buyer: the store they left from (session storage survives the logout). */
const LOGOUT_BASE_PATH = 'logoutBasePath';
const BASE_PATH = /^\/[a-z]{2}\/[a-z]{2}(-[a-z]{2})?$/i;

/**
 * The provider's end-session request (RP-initiated logout). The post-logout redirect is always our own
 * origin's /auth/logged-out: anything else is refused and null returned (the caller then stays on the site).
 */
export function logoutUrl(metadata: ProviderMetadata, config: OidcClientConfig, origin: string, idToken: string | null): string | null {
  if (!metadata.end_session_endpoint) return null;
  let postLogout: URL;
  try {
    postLogout = new URL(config.postLogoutRedirectUri);
  } catch {
    return null;
  }
  if (postLogout.origin !== origin || postLogout.pathname !== AUTH_LOGGED_OUT_PATH) return null;
  const url = new URL(metadata.end_session_endpoint);
  url.searchParams.set('post_logout_redirect_uri', postLogout.toString());
  url.searchParams.set('client_id', config.clientId);
  if (idToken) url.searchParams.set('id_token_hint', idToken);
  return url.toString();
}

/** The store to land on after signing out: the remembered base path, else /us/en/. */
export function afterLogoutPath(storage: Storage = sessionStorage): string {
  const stored = storage.getItem(LOGOUT_BASE_PATH);
  storage.removeItem(LOGOUT_BASE_PATH);
  return stored && BASE_PATH.test(stored) ? `${stored.toLowerCase()}/` : '/us/en/';
}

/**
 * Spec §4 logout: the persisted cache stops writing (its pending write cancelled), local storage is
 * cleared but for the browser's own choices (the analytics choice, clearOnSignOut), then the browser
 * goes to the provider's end_session endpoint with the ID token as id_token_hint, which ends the provider's session too (and with it every token it issued to this
 * browser), with a post-logout redirect to our /auth/logged-out (or straight there when the provider has none).
 */
export async function signOut(basePath: string | null = null): Promise<void> {
  const idToken = localStorage.getItem(STORAGE_KEYS.idToken);
  stopCachePersistence();
  clearOnSignOut(localStorage);
  const path = basePath ?? '/' + location.pathname.split('/').slice(1, 3).join('/');
  if (BASE_PATH.test(path)) sessionStorage.setItem(LOGOUT_BASE_PATH, path);
  const config = oidcConfig();
  let target: string | null = null;
  try {
    target = logoutUrl(await discover(config), config, location.origin, idToken);
  } catch {
    target = null;
  }
  // Whatever an answer that arrived while the provider's address was being found stored meanwhile goes too.
  clearOnSignOut(localStorage);
  location.assign(target ?? config.postLogoutRedirectUri);
}
