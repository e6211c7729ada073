import { voucherStatus, type CheckoutType } from '@probe/domain';
import type { PromoRow } from './repo.ts';
import { fail, type CheckoutError } from './errors.ts';

/** Checkout types a referral code cannot be used in: a referral brings a new customer, not a renewal or expansion. */
export const NOT_FOR_REFERRALS: readonly CheckoutType[] = ['RENEWAL_CHECKOUT', 'UPGRADE_CHECKOUT', 'EXPANSION_CHECKOUT', 'EXTRA_PROBE_CHECKOUT'];

export interface VoucherContext {
  country: string;
  bundleType: CheckoutType;
  /** The code applied now, when there is one (an affiliate attribution cannot be replaced by another code). */
  appliedPromo: PromoRow | null;
  /** Per line: the SKU and whether it is on sale (a voucher does not combine with a sale). */
  lines: Array<{ sku: string; onSale: boolean; isFree: boolean }>;
  now: Date;
}

/**
 * Whether a voucher can be applied to a checkout, and if not the VOUCHER_NOT_APPLICABLE variant that says why:
 * _COUNTRY (not valid in the checkout's country), _AFFILIATE (an affiliate's code is applied and stays),
 * _REFERRAL (a referral code in a checkout that is not a new purchase), _SALE (every item it would discount
 * is already on sale); plain VOUCHER_NOT_APPLICABLE for an unknown, expired, used-up or other-bundle code.
 */
export function voucherProblem(promo: PromoRow | null, context: VoucherContext): CheckoutError | null {
  const field = 'voucherCode';
  const status = voucherStatus(promo, context.country, context.now);
  if (status === 'NOT_APPLICABLE_COUNTRY') return fail('VOUCHER_NOT_APPLICABLE_COUNTRY', field, 'This code is not valid in your country');
  if (!promo || status !== 'APPLIED') return fail('VOUCHER_NOT_APPLICABLE', field, statusMessage(status));
  const applied = context.appliedPromo;
  if (applied && applied.codeKind === 'AFFILIATE' && applied.id !== promo.id) {
    return fail('VOUCHER_NOT_APPLICABLE_AFFILIATE', field, 'An affiliate code is already applied to this order');
  }
  if (promo.codeKind === 'REFERRAL' && NOT_FOR_REFERRALS.includes(context.bundleType)) {
    return fail('VOUCHER_NOT_APPLICABLE_REFERRAL', field, 'A referral code applies to new purchases only');
  }
  if (promo.bundles.length && !promo.bundles.includes(context.bundleType)) return fail('VOUCHER_NOT_APPLICABLE', field, 'This code does not apply to this purchase');
  const eligible = context.lines.filter((l) => !l.isFree && (!promo.voucherApplicableItemsSkus.length || promo.voucherApplicableItemsSkus.includes(l.sku)));
  if (eligible.length === 0 && !promo.voucherApplicableItemsSkus.length && context.lines.length === 0) return null;
  if (eligible.length === 0) return fail('VOUCHER_NOT_APPLICABLE', field, 'This code does not apply to the items in your cart');
  if (eligible.every((l) => l.onSale) && isDiscount(promo)) return fail('VOUCHER_NOT_APPLICABLE_SALE', field, 'The items this code applies to are already on sale');
  return null;
}

/** A promo that takes money off (as opposed to one that only adds free items). */
export function isDiscount(promo: PromoRow): boolean {
  return promo.discountKind === 'FIXED' ? Object.keys(promo.discountFixed ?? {}).length > 0 : (promo.discountPercent ?? 0) > 0;
}

function statusMessage(status: string): string {
  switch (status) {
    case 'EXPIRED':
      return 'This code has expired';
    case 'NOT_STARTED':
      return 'This code is not valid yet';
    case 'USAGE_LIMIT_REACHED':
      return 'This code has been used up';
    default:
      return 'This code is not valid';
  }
}
