import { DEFAULT_COUNTRY, isKnownCountry, type KnownCountry } from './countries.ts';
import { isUrlLanguage, type UrlLanguage } from './languages.ts';
import { defaultLanguageOf, LANGUAGE_OVERRIDES } from './locales.ts';

/**
 * The base-path rules of spec §2, in one place for the server (HTTP redirects on a first request)
 * and the client (in-app navigation). Pure: everything it needs is passed in.
 */
export interface BasePathInput {
  pathname: string;
  search?: string;
  hash?: string;
  /** The geolocated country code (any case), or null when geolocation gave nothing. */
  geoCountry?: string | null;
  /** Whether the country has pricing for the IQ3 and the IQ+ Lightning devices. */
  isPriced: (country: KnownCountry) => boolean;
  /** The country of a signed-in user's first organization membership, when there is one. */
  membershipCountry?: string | null;
}

export type BasePathResult =
  | { kind: 'ok'; country: KnownCountry; language: UrlLanguage; rest: string }
  /** A path served outside the base path (the sign-in return pages): never redirected. */
  | { kind: 'exempt' }
  | { kind: 'redirect'; to: string; reason: RedirectReason; unavailableCountry?: KnownCountry };

export type RedirectReason = 'no-prefix' | 'invalid-prefix' | 'case' | 'language-override' | 'membership' | 'not-priced';

const TWO_LETTERS = /^[A-Za-z]{2}$/;

/**
 * The identity provider's return addresses: registered with it exactly as they are, so they live
 * outside /{countryCode}/{language}/ and are never redirected (on the server or in the browser).
 */
export const AUTH_CALLBACK_PATH = '/auth/callback';
export const AUTH_LOGGED_OUT_PATH = '/auth/logged-out';

export function isBasePathExempt(pathname: string): boolean {
  const path = pathname.endsWith('/') && pathname.length > 1 ? pathname.slice(0, -1) : pathname;
  return path === AUTH_CALLBACK_PATH || path === AUTH_LOGGED_OUT_PATH;
}

export function storePath(country: string, language: string, rest = ''): string {
  return `/${country.toLowerCase()}/${language}/${rest.replace(/^\/+/, '')}`;
}

function servable(code: string | null | undefined, isPriced: BasePathInput['isPriced']): KnownCountry | null {
  const upper = code?.toUpperCase();
  return upper && isKnownCountry(upper) && isPriced(upper) ? upper : null;
}

export function resolveBasePath(input: BasePathInput): BasePathResult {
  const { pathname, search = '', hash = '', isPriced } = input;
  if (isBasePathExempt(pathname)) return { kind: 'exempt' };
  const tail = search + hash;
  const segments = pathname.split('/').slice(1);
  const [first = '', second] = segments;

  const hasPrefix = TWO_LETTERS.test(first) && (second === undefined || second === '' || TWO_LETTERS.test(second));
  /** The sub-path kept across a redirect, without dot segments so the target is already normalized. */
  const rest = (hasPrefix ? segments.slice(2) : segments).filter((s) => s !== '.' && s !== '..').join('/');
  const to = (country: KnownCountry, language: UrlLanguage) => storePath(country, language, rest) + tail;

  const membership = servable(input.membershipCountry, isPriced);
  /** Where a path that cannot be served goes: the membership's country, else the geolocated one, else the default. */
  const fallback = membership ?? servable(input.geoCountry, isPriced) ?? DEFAULT_COUNTRY;

  const countryCode = first.toUpperCase();
  if (!hasPrefix || !isKnownCountry(countryCode)) {
    return { kind: 'redirect', to: to(fallback, defaultLanguageOf(fallback)), reason: hasPrefix ? 'invalid-prefix' : 'no-prefix' };
  }
  const typed = second?.toLowerCase() ?? '';
  if (typed && !isUrlLanguage(typed)) {
    return { kind: 'redirect', to: to(fallback, defaultLanguageOf(fallback)), reason: 'invalid-prefix' };
  }
  const requested = isUrlLanguage(typed) ? typed : null;
  if (membership && membership !== countryCode) {
    return { kind: 'redirect', to: to(membership, defaultLanguageOf(membership)), reason: 'membership' };
  }
  if (!isPriced(countryCode)) {
    return {
      kind: 'redirect',
      to: to(DEFAULT_COUNTRY, defaultLanguageOf(DEFAULT_COUNTRY)),
      reason: 'not-priced',
      unavailableCountry: countryCode,
    };
  }
  const override = LANGUAGE_OVERRIDES.find((o) => o.country === countryCode && o.from === requested);
  if (override) return { kind: 'redirect', to: to(countryCode, override.to), reason: 'language-override' };
  const languageCode = requested || defaultLanguageOf(countryCode);
  if (!second) return { kind: 'redirect', to: to(countryCode, languageCode), reason: 'invalid-prefix' };
  if (first !== first.toLowerCase() || second !== languageCode) {
    return { kind: 'redirect', to: to(countryCode, languageCode), reason: 'case' };
  }
  return { kind: 'ok', country: countryCode, language: languageCode, rest };
}

/** A URL scheme at the start (`javascript:`, `https:`, `data:` …). */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Stands for the store's origin while a path is normalised: only whether the result stays on it matters. */
const LOCAL_ORIGIN = 'http://store.invalid';

/**
 * A stored last location (spec §2: restored after login) is followed only when it is a path on this
 * site: never another origin, a protocol-relative URL (`//x`, `/\x`), a script or any other scheme,
 * control characters, or any of these percent-encoded (`/%2F%2Fx`, `%2F%2Fx`). Returns the path or null.
 * What is returned is the URL parser's normalised path, and that is what is checked last: dot segments
 * can make a protocol-relative URL of a harmless-looking one (`/.//x`, `/%2e//x`, `/a/..//x` all become
 * `//x`), so the result must itself resolve to the same path on this origin.
 */
export function safeLocalPath(stored: string | null | undefined): string | null {
  if (!stored || !stored.startsWith('/')) return null;
  // Every decoding of the value must itself look like a plain local path; deeper than four levels is refused.
  let decoded = stored;
  for (let i = 0; ; i++) {
    if (i === 4) return null;
    const path = decoded.split(/[?#]/, 1)[0]!;
    if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || SCHEME.test(path) || /[\u0000-\u001f\u007f]/.test(decoded)) return null;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (next === decoded) break;
    decoded = next;
  }
  try {
    const url = new URL(stored, LOCAL_ORIGIN);
    if (url.origin !== LOCAL_ORIGIN) return null;
    const path = url.pathname + url.search + url.hash;
    if (path.startsWith('//') || path.startsWith('/\\')) return null;
    const again = new URL(path, LOCAL_ORIGIN);
    return again.origin === LOCAL_ORIGIN && again.pathname + again.search + again.hash === path ? path : null;
  } catch {
    return null;
  }
}
