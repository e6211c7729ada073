import { safeLocalPath } from '@probe/domain';
import { STORAGE_KEYS } from './storage-keys.ts';

/**
 * Before leaving for sign-in: remember where the buyer was (path, query and hash), when it is a path on
 * this site; anything else (`//x`, `/\x`, a scheme, their encoded forms) is not stored.
 */
export function rememberLastLocation(location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): void {
  const path = safeLocalPath(location.pathname + location.search + location.hash);
  if (path) localStorage.setItem(STORAGE_KEYS.lastLoginLocation, path);
  else localStorage.removeItem(STORAGE_KEYS.lastLoginLocation);
}

/**
 * After sign-in (spec §2, §4): the stored last location, once, and only when it is a path on this site;
 * anything else (another origin, a script URL) is dropped. The entry is removed either way.
 */
export function takeLastLocation(): string | null {
  const stored = localStorage.getItem(STORAGE_KEYS.lastLoginLocation);
  localStorage.removeItem(STORAGE_KEYS.lastLoginLocation);
  return safeLocalPath(stored);
}
