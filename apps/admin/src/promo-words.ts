import { useMemo } from 'react';
import { useText, type MessageId } from './i18n/text.ts';

/** The kinds of purchase (checkout types), storefront pages and kinds of code a promo or banner names, in the console's words. */
const PURCHASES: Record<string, MessageId> = {
  'INDIVIDUAL_CHECKOUT': 'words.purchase.INDIVIDUAL_CHECKOUT', 'INDIVIDUAL_CHECKOUT_VET': 'words.purchase.INDIVIDUAL_CHECKOUT_VET',
  'ALL_IN_BUNDLE_CHECKOUT': 'words.purchase.ALL_IN_BUNDLE_CHECKOUT', 'ALL_IN_BUNDLE_CHECKOUT_VET': 'words.purchase.ALL_IN_BUNDLE_CHECKOUT_VET',
  'PRO_CUSTOM_CHECKOUT': 'words.purchase.PRO_CUSTOM_CHECKOUT', 'CLINIC_CHECKOUT': 'words.purchase.CLINIC_CHECKOUT',
  'CLINIC_CHECKOUT_VET': 'words.purchase.CLINIC_CHECKOUT_VET', 'TEAM_CHECKOUT': 'words.purchase.TEAM_CHECKOUT',
  'TEAM_CHECKOUT_VET': 'words.purchase.TEAM_CHECKOUT_VET', 'RENTAL_CHECKOUT': 'words.purchase.RENTAL_CHECKOUT',
  'FREE_TRIAL_CHECKOUT': 'words.purchase.FREE_TRIAL_CHECKOUT', 'ACCESSORIES_CHECKOUT': 'words.purchase.ACCESSORIES_CHECKOUT',
  'RENEWAL_CHECKOUT': 'words.purchase.RENEWAL_CHECKOUT', 'UPGRADE_CHECKOUT': 'words.purchase.UPGRADE_CHECKOUT',
  'EXPANSION_CHECKOUT': 'words.purchase.EXPANSION_CHECKOUT', 'EXTRA_PROBE_CHECKOUT': 'words.purchase.EXTRA_PROBE_CHECKOUT',
  'PROBE_ONLY_CHECKOUT': 'words.purchase.PROBE_ONLY_CHECKOUT',
};
const PAGES: Record<string, MessageId> = {
  'home': 'words.page.home', 'iq': 'words.page.iq',
  'vet': 'words.page.vet', 'product': 'words.page.product',
  'pricing': 'words.page.pricing', 'offer': 'words.page.offer',
  'cart': 'words.page.cart', 'checkout': 'words.page.checkout',
};
const CODE_KINDS: Record<string, MessageId> = {
  'VOUCHER': 'words.codeKind.VOUCHER', 'AFFILIATE': 'words.codeKind.AFFILIATE',
  'REFERRAL': 'words.codeKind.REFERRAL',
};

/** A code the console does not know yet is shown as the server names it. */
export function usePromoWords() {
  const { t } = useText();
  return useMemo(() => {
    const word = (table: Record<string, MessageId>) => (code: string) => (Object.hasOwn(table, code) ? t(table[code]!) : code);
    return { purchase: word(PURCHASES), page: word(PAGES), codeKind: word(CODE_KINDS) };
  }, [t]);
}
