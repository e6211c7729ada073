import { beforeEach, describe, expect, it } from 'vitest';
import { rememberLastLocation, takeLastLocation } from '../src/session/last-location.ts';
import { STORAGE_KEYS } from '../src/session/storage-keys.ts';

describe('last location restored after sign-in', () => {
  beforeEach(() => localStorage.clear());

  it('gives back the path, query and hash the buyer left from, once', () => {
    rememberLastLocation({ pathname: '/de/de/checkout/', search: '?step=payment', hash: '#card' });
    expect(takeLastLocation()).toBe('/de/de/checkout/?step=payment#card');
    expect(takeLastLocation()).toBeNull();
  });

  it.each(['//evil.test/de/de/', 'https://evil.test/', 'javascript:alert(1)', '/\\evil.test', '/.//evil.test/', '/%2e//evil.test/', '/a/..//evil.test/'])('drops %s and clears it', (value) => {
    localStorage.setItem(STORAGE_KEYS.lastLoginLocation, value);
    expect(takeLastLocation()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.lastLoginLocation)).toBeNull();
  });
});
