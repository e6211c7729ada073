/** Spec §9: the application version shown to support and sent with error reports. */
export const APP_VERSION = '2.120.7';

/** Spec §2: the default base path. */
export const DEFAULT_BASE_PATH = '/us/en';

/** Spec §2: where a browser without CSS custom properties in colour values is sent. */
export const UNSUPPORTED_BROWSER_PATH = '/unsupported-browser.html';

/** The cookie that records a redirect away from a country the store cannot price (spec §2). */
export const UNAVAILABLE_COUNTRY_COOKIE = 'unavailableCountry';

/** Spec §9: probe-count weights. */
export const PROBE_COUNT_WEIGHTS = { PRO_THREE_YEAR: 10, NEW_USER: 2, PROBE_ONLY: 1 } as const;

/** Spec §9: promo and program flags, served by the Shop query (their values live in shop settings). */
export const PROGRAM_FLAGS = [
  'existingBasicIqPlusPromo',
  'existingIndividualIqPlusPromo',
  'tradeInProgram',
  'extendedAllInTradeIn',
  'studentPromo',
  'vetStudentPromo',
  'timeLimitedStudentPromo',
] as const;
export type ProgramFlag = (typeof PROGRAM_FLAGS)[number];
