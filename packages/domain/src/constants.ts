/** Spec §9: the application version shown to support and sent with error reports. */
export const APP_VERSION = '2.120.7';

/** Spec §2: the default base path. */
export const DEFAULT_BASE_PATH = '/us/en';

/** Spec §2: where a browser without CSS custom properties in colour values is sent. */
export const UNSUPPORTED_BROWSER_PATH = '/unsupported-browser.html';

/** The cookie that records a redirect away from a country the store cannot price (spec §2). */
export const UNAVAILABLE_COUNTRY_COOKIE = 'unavailableCountry';
