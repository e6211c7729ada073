import { DEFAULT_BASE_PATH } from '@probe/domain';

/**
 * Spec §4: logout clears all local storage and goes to the identity provider's logout endpoint with a
 * post-logout redirect. Until sign-in exists there is no identity provider: it returns to the store.
 */
export function logout(logoutEndpoint: string | undefined = import.meta.env.VITE_IDP_LOGOUT_URL): void {
  localStorage.clear();
  const home = `${location.origin}${DEFAULT_BASE_PATH}/`;
  if (logoutEndpoint) {
    const url = new URL(logoutEndpoint);
    url.searchParams.set('post_logout_redirect_uri', home);
    location.assign(url.toString());
  } else {
    location.assign(home);
  }
}
