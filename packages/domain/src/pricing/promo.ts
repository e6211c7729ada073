import { percentOf } from './tax.ts';

/** What the pricing rules need of a promo or voucher (spec §3 Promo). */
export interface PromoTerms {
  code: string | null;
  discountKind: string;
  /** 0.001 % units */
  discountPercent: number | null;
  /** minor units per lower-case currency */
  discountFixed: Record<string, number> | null;
  countries: string[];
  startsAt: Date | null;
  expiresAt: Date | null;
  voucherApplicableItemsSkus: string[];
  isActive: boolean;
  usageLimit: number | null;
  usedCount: number;
}

export const VOUCHER_STATUSES = ['APPLIED', 'INVALID', 'NOT_FOUND', 'EXPIRED', 'NOT_STARTED', 'NOT_APPLICABLE_COUNTRY', 'USAGE_LIMIT_REACHED'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

/** A voucher code as typed or taken from a link: letters, digits, '-' and '_', at most 64. */
export const VOUCHER_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** Whether a voucher can be used now in a country; the first reason it cannot, otherwise APPLIED. */
export function voucherStatus(promo: PromoTerms | null, country: string, now: Date): VoucherStatus {
  if (!promo || !promo.isActive) return 'NOT_FOUND';
  if (promo.startsAt && now < promo.startsAt) return 'NOT_STARTED';
  if (promo.expiresAt && now > promo.expiresAt) return 'EXPIRED';
  if (promo.countries.length && !promo.countries.includes(country)) return 'NOT_APPLICABLE_COUNTRY';
  if (promo.usageLimit !== null && promo.usedCount >= promo.usageLimit) return 'USAGE_LIMIT_REACHED';
  return 'APPLIED';
}

/** How a promo stands for staff, in any country: switched off, not started, past its end, used up, or usable. */
export const PROMO_STATES = ['OFF', 'SCHEDULED', 'EXPIRED', 'USED_UP', 'ACTIVE'] as const;
export type PromoState = (typeof PROMO_STATES)[number];

/** A promo's state now, by the same rules (and in the same order) as voucherStatus, leaving countries aside. */
export function promoState(promo: Pick<PromoTerms, 'isActive' | 'startsAt' | 'expiresAt' | 'usageLimit' | 'usedCount'>, now: Date): PromoState {
  if (!promo.isActive) return 'OFF';
  if (promo.startsAt && now < promo.startsAt) return 'SCHEDULED';
  if (promo.expiresAt && now > promo.expiresAt) return 'EXPIRED';
  if (promo.usageLimit !== null && promo.usedCount >= promo.usageLimit) return 'USED_UP';
  return 'ACTIVE';
}

/** The discount a usable promo gives one unit of an item, in minor units: never more than its amount. */
export function unitDiscount(promo: PromoTerms, sku: string, amount: number, currency: string): number {
  if (promo.voucherApplicableItemsSkus.length && !promo.voucherApplicableItemsSkus.includes(sku)) return 0;
  if (promo.discountKind === 'PERCENT') return percentOf(amount, promo.discountPercent ?? 0);
  const fixed = promo.discountFixed?.[currency.toLowerCase()];
  return fixed === undefined ? 0 : Math.min(amount, fixed);
}
