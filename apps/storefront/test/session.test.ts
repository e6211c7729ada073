import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INVALID_AUTH_TOKEN, tokenValidity, validAuthToken, clearAuthData, type AuthTokenRecord } from '../src/session/auth-token.ts';
import { orderAccessCookie } from '../src/session/order-access-cookie.ts';
import { readPromoCode } from '../src/session/promo-code.ts';
import { clearUpa, STORAGE_KEYS, UPA_SESSION_KEY } from '../src/session/storage-keys.ts';

const record = (over: Partial<AuthTokenRecord> = {}): AuthTokenRecord => ({
  token: 'abc', tokenType: 'bearer', expiresIn: 3600, createdAtSeconds: 1000, ...over,
});

describe('auth token validity (spec §4)', () => {
  beforeEach(() => localStorage.clear());

  it('is invalid when none is stored, expired after createdAtSeconds + expiresIn, and never expires with a null expiresIn', () => {
    expect(tokenValidity(null, 0)).toBe('invalid');
    expect(tokenValidity(record(), 4599)).toBe('valid');
    expect(tokenValidity(record(), 4600)).toBe('expired');
    expect(tokenValidity(record({ expiresIn: null }), 10 ** 10)).toBe('valid');
  });

  it('an expired token is removed with the checkout token', () => {
    localStorage.setItem(STORAGE_KEYS.authToken, JSON.stringify(record()));
    localStorage.setItem(STORAGE_KEYS.checkoutToken, 'chk');
    localStorage.setItem(STORAGE_KEYS.plan, 'PRO');
    expect(validAuthToken(() => {}, localStorage, 5000)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.checkoutToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.plan)).toBe('PRO');
  });

  it("reports 'Invalid auth token' for a record without a token, and gives no token", () => {
    localStorage.setItem(STORAGE_KEYS.authToken, JSON.stringify(record({ token: null })));
    const report = vi.fn();
    expect(validAuthToken(report, localStorage, 2000)).toBeNull();
    expect(report).toHaveBeenCalledWith(new Error(INVALID_AUTH_TOKEN));
  });

  it('gives a valid token, and clearAuthData removes it', () => {
    localStorage.setItem(STORAGE_KEYS.authToken, JSON.stringify(record()));
    expect(validAuthToken(() => {}, localStorage, 2000)?.token).toBe('abc');
    clearAuthData();
    expect(validAuthToken(() => {}, localStorage, 2000)).toBeNull();
  });
});

describe('promo codes from links (spec §5)', () => {
  beforeEach(() => localStorage.clear());

  it('reads rsCode or voucherCode, drops a first or trailing slash, takes the first of repeated values and stores it', () => {
    expect(readPromoCode('?rsCode=/SPRING10/')).toBe('SPRING10');
    expect(localStorage.getItem(STORAGE_KEYS.promoCode)).toBe('SPRING10');
    expect(readPromoCode('?voucherCode=VET15/&voucherCode=OTHER')).toBe('VET15');
  });

  it('falls back to the stored code', () => {
    localStorage.setItem(STORAGE_KEYS.promoCode, 'STORED');
    expect(readPromoCode('?x=1')).toBe('STORED');
    expect(readPromoCode('')).toBe('STORED');
  });
});

describe('cookies and session storage', () => {
  it('the orderDataAccessToken cookie lasts one day on path /', () => {
    expect(orderAccessCookie('t/1')).toBe('orderDataAccessToken=t%2F1; Path=/; Max-Age=86400; SameSite=Lax; Secure');
  });

  it('the upa session entry can be cleared', () => {
    sessionStorage.setItem(UPA_SESSION_KEY, '1');
    clearUpa();
    expect(sessionStorage.getItem(UPA_SESSION_KEY)).toBeNull();
  });
});
