import { useMemo } from 'react';
import { useText, type MessageId } from './i18n/text.ts';

/** The kinds of purchase (checkout types), storefront pages and kinds of code a promo or banner names, in the console's words. */
const PURCHASES = [
  'INDIVIDUAL_CHECKOUT', 'INDIVIDUAL_CHECKOUT_VET', 'ALL_IN_BUNDLE_CHECKOUT', 'ALL_IN_BUNDLE_CHECKOUT_VET', 'PRO_CUSTOM_CHECKOUT', 'CLINIC_CHECKOUT', 'CLINIC_CHECKOUT_VET',
  'TEAM_CHECKOUT', 'TEAM_CHECKOUT_VET', 'RENTAL_CHECKOUT', 'FREE_TRIAL_CHECKOUT', 'ACCESSORIES_CHECKOUT', 'RENEWAL_CHECKOUT', 'UPGRADE_CHECKOUT', 'EXPANSION_CHECKOUT',
  'EXTRA_PROBE_CHECKOUT', 'PROBE_ONLY_CHECKOUT',
] as const;
const PAGES = ['home', 'iq', 'vet', 'product', 'pricing', 'offer', 'cart', 'checkout'] as const;
const CODE_KINDS = ['VOUCHER', 'AFFILIATE', 'REFERRAL'] as const;

/** A code the console does not know yet is shown as the server names it. */
export function usePromoWords() {
  const { t } = useText();
  return useMemo(() => {
    const word = (known: readonly string[], prefix: string) => (code: string) => (known.includes(code) ? t(`${prefix}${code}` as MessageId) : code);
    return { purchase: word(PURCHASES, 'words.purchase.'), page: word(PAGES, 'words.page.'), codeKind: word(CODE_KINDS, 'words.codeKind.') };
  }, [t]);
}
