import { STORAGE_KEYS } from './storage-keys.ts';

/** Spec §3: the auth token record kept in local storage. */
export interface AuthTokenRecord {
  token: string | null;
  tokenType: string | null;
  /** Seconds; null means the token never expires. */
  expiresIn: number | null;
  createdAtSeconds: number;
  organizationSlug?: string | null;
  source?: string | null;
  state?: string | null;
}

export type TokenValidity = 'valid' | 'invalid' | 'expired';

/** Reported when a record that looks valid holds no token (spec §8). */
export const INVALID_AUTH_TOKEN = 'Invalid auth token';

function readAuthToken(storage: Storage = localStorage): AuthTokenRecord | null {
  const raw = storage.getItem(STORAGE_KEYS.authToken);
  if (!raw) return null;
  try {
    const record = JSON.parse(raw) as AuthTokenRecord;
    return record && typeof record === 'object' ? record : null;
  } catch {
    return null;
  }
}

/**
 * Spec §4: valid; invalid when none is stored; expired when createdAtSeconds + expiresIn has passed
 * (a null expiresIn never expires).
 */
export function tokenValidity(record: AuthTokenRecord | null, nowSeconds: number): TokenValidity {
  if (!record) return 'invalid';
  if (record.expiresIn !== null && record.createdAtSeconds + record.expiresIn <= nowSeconds) return 'expired';
  return 'valid';
}

export interface ValidToken {
  token: string;
  record: AuthTokenRecord;
}

/**
 * The stored token when it is valid. An expired one is removed together with the checkout token; a
 * record without a token is reported as 'Invalid auth token'.
 */
export function validAuthToken(
  report: (error: Error) => void,
  storage: Storage = localStorage,
  nowSeconds = Math.floor(Date.now() / 1000),
): ValidToken | null {
  const record = readAuthToken(storage);
  const validity = tokenValidity(record, nowSeconds);
  if (validity === 'expired') {
    storage.removeItem(STORAGE_KEYS.authToken);
    storage.removeItem(STORAGE_KEYS.checkoutToken);
    return null;
  }
  if (validity === 'invalid' || !record) return null;
  if (!record.token) {
    report(new Error(INVALID_AUTH_TOKEN));
    return null;
  }
  return { token: record.token, record };
}

/** Spec §4: on a permission-denied error (and on logout) the auth data is cleared. */
export function clearAuthData(storage: Storage = localStorage): void {
  storage.removeItem(STORAGE_KEYS.authToken);
  storage.removeItem(STORAGE_KEYS.organizationSlug);
  storage.removeItem(STORAGE_KEYS.loginState);
}
