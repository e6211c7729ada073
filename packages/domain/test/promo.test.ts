import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { promoState, unitDiscount, voucherStatus, type PromoTerms } from '../src/pricing/promo.ts';

const base: PromoTerms = {
  code: 'SPRING10', discountKind: 'PERCENT', discountPercent: 10_000, discountFixed: null, countries: [], startsAt: null,
  expiresAt: new Date('2027-06-30T23:59:59Z'), voucherApplicableItemsSkus: [], isActive: true, usageLimit: null, usedCount: 0,
};
const now = new Date('2026-11-21T12:00:00Z');

describe('voucher rules', () => {
  it('applies a current voucher and says why one does not apply', () => {
    expect(voucherStatus(base, 'US', now)).toBe('APPLIED');
    expect(voucherStatus(null, 'US', now)).toBe('NOT_FOUND');
    expect(voucherStatus({ ...base, isActive: false }, 'US', now)).toBe('NOT_FOUND');
    expect(voucherStatus({ ...base, expiresAt: new Date('2026-11-21T11:59:59Z') }, 'US', now)).toBe('EXPIRED');
    expect(voucherStatus({ ...base, startsAt: new Date('2026-12-01T00:00:00Z') }, 'US', now)).toBe('NOT_STARTED');
    expect(voucherStatus({ ...base, countries: ['DE', 'FR'] }, 'US', now)).toBe('NOT_APPLICABLE_COUNTRY');
    expect(voucherStatus({ ...base, usageLimit: 5, usedCount: 5 }, 'US', now)).toBe('USAGE_LIMIT_REACHED');
  });

  it('names a promo\'s state for staff as the checkout would treat it: off, scheduled, expired, used up, active', () => {
    expect(promoState(base, now)).toBe('ACTIVE');
    expect(promoState({ ...base, isActive: false, startsAt: new Date('2026-12-01T00:00:00Z') }, now)).toBe('OFF');
    expect(promoState({ ...base, startsAt: new Date('2026-12-01T00:00:00Z') }, now)).toBe('SCHEDULED');
    expect(promoState({ ...base, expiresAt: new Date('2026-11-21T11:59:59Z'), usageLimit: 1, usedCount: 1 }, now)).toBe('EXPIRED');
    expect(promoState({ ...base, usageLimit: 5, usedCount: 5 }, now)).toBe('USED_UP');
    expect(promoState({ ...base, usageLimit: 5, usedCount: 4 }, now)).toBe('ACTIVE');
  });

  it('expires at expiresAt to the second', () => {
    const expiresAt = new Date('2027-01-01T00:00:00Z');
    expect(voucherStatus({ ...base, expiresAt }, 'US', new Date(expiresAt.getTime()))).toBe('APPLIED');
    expect(voucherStatus({ ...base, expiresAt }, 'US', new Date(expiresAt.getTime() + 1000))).toBe('EXPIRED');
  });

  it('discounts only the listed SKUs, in the currencies it names, never below zero', () => {
    expect(unitDiscount(base, 'ANY', 420_00, 'usd')).toBe(42_00);
    expect(unitDiscount({ ...base, voucherApplicableItemsSkus: ['A'] }, 'B', 100_00, 'usd')).toBe(0);
    const fixed = { ...base, discountKind: 'FIXED', discountPercent: null, discountFixed: { eur: 50_00 } };
    expect(unitDiscount(fixed, 'A', 40_00, 'EUR')).toBe(40_00);
    expect(unitDiscount(fixed, 'A', 400_00, 'eur')).toBe(50_00);
    expect(unitDiscount(fixed, 'A', 400_00, 'usd')).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 9 }), fc.integer({ min: 0, max: 100_000 }), (amount, pct) => {
        const d = unitDiscount({ ...base, discountPercent: pct }, 'X', amount, 'usd');
        expect(d >= 0 && d <= amount && Number.isInteger(d)).toBe(true);
      }),
      { seed: 3 },
    );
  });
});
