/** Referrals (spec §2 referrer portal): a member's link, the referred checkout, the referrer's credit. */
export { creditReferral, findReferrer, referrerById, REFERRAL_CREDIT_MONTHS, type Referrer } from './referrals.ts';
