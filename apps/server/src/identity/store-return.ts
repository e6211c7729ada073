import { isKnownCountry, isUrlLanguage, safeLocalPath } from '@probe/domain';

/** The longest store path a sign-in or an e-mail link may carry back (longer ones are ignored). */
export const RETURN_PATH_MAX = 512;

/**
 * The store page a sign-in started from, as the storefront sends it (`return_path` on the authorization
 * request) or as an e-mail link carries it: only a path on the store's own origin under a real
 * /{country}/{language}/ prefix, never another host, a protocol-relative or backslashed path, a scheme,
 * or any of these percent-encoded (safeLocalPath). Anything else is null, and the pages fall back to the
 * store's front page.
 */
export function storeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > RETURN_PATH_MAX) return null;
  const path = safeLocalPath(raw);
  if (!path) return null;
  const [, country = '', language = ''] = path.split(/[/?#]/);
  if (country !== country.toLowerCase() || !isKnownCountry(country.toUpperCase()) || !isUrlLanguage(language)) return null;
  return path;
}

/** The market's front page of a store path (`/de/de/product/x` → `/de/de/`): what an e-mail link carries. */
export function storeBase(path: string | null): string | null {
  if (!path) return null;
  const [, country, language] = path.split(/[/?#]/);
  return `/${country}/${language}/`;
}

/**
 * The absolute address of a store path, on the store's origin from configuration (PUBLIC_URL): nothing
 * of the request decides the host. Without a path, the store's front page.
 */
export function storeHref(storeUrl: string, path: string | null): string {
  const url = new URL(path ?? '/', storeUrl);
  return url.origin === new URL(storeUrl).origin ? url.href : storeUrl;
}
