import type { SubscriptionStatus } from '../accounts/organizations.ts';
import type { PlanKind, ProCustomAddon } from '../catalogue/catalogue.ts';

/**
 * How a subscription is billed and when its period ends:
 * - ANNUAL: a year at a time, renewed (charged) at period end while auto-renewal is on;
 * - ONE_YEAR: one prepaid year; renewed only by a renewal order, unless auto-renewal was turned on;
 * - THREE_YEARS: three prepaid years (PRO_THREE_YEAR); then yearly if auto-renewal is on;
 * - MONTHLY: rentals, charged each month; the commitment end date is the earliest they may stop;
 * - FOREVER: paid once, never ends (INDIVIDUAL_FOREVER).
 */
export const SUBSCRIPTION_TERMS = ['ANNUAL', 'ONE_YEAR', 'THREE_YEARS', 'MONTHLY', 'FOREVER'] as const;
export type SubscriptionTerm = (typeof SUBSCRIPTION_TERMS)[number];

/** The part of a subscription its rules read and write (the database row holds this and bookkeeping). */
export interface SubscriptionState {
  plan: PlanKind;
  status: SubscriptionStatus;
  term: SubscriptionTerm;
  periodStart: Date | null;
  /** When the paid (or trial) period ends; null for FOREVER. */
  periodEnd: Date | null;
  /** The day periods are counted from (kept across renewals so month-end periods do not drift). */
  billingAnchor: Date | null;
  autoRenew: boolean;
  /** Failed renewal charges in the current period (reset by a successful one). */
  renewalFailures: number;
  /** Takes effect at the next renewal (SubscriptionScheduleAdd). */
  scheduledPlan: PlanKind | null;
  proCustomFeatures: readonly ProCustomAddon[];
  /** Pro Custom add-ons that replace the current ones at the next renewal (a downgrade). */
  scheduledProCustomFeatures: readonly ProCustomAddon[] | null;
  /** Months paid by referral credits: while any remain, the plan cannot be edited (CANT_EDIT_WITH_CREDITS). */
  referralCreditMonths: number;
  seats: number;
  devices: number;
  /** Rentals: the earliest end of a rental (spec §3 rentalSubscription.commitmentEndDate). */
  commitmentEnd: Date | null;
}

/** Plans sold only with a code from sales (spec §8 ENTERPRISE_CODE_REQUIRED). */
export const ENTERPRISE_PLANS: readonly PlanKind[] = ['ENTERPRISE_SECURITY', 'ENTERPRISE_WORKFLOW', 'HOSPITAL', 'DEPARTMENT', 'GOVERNMENT'];

/**
 * The order plans rank in for a change made now (an upgrade); moving down a rank is only ever scheduled
 * for the next renewal. Plans not listed cannot be changed to or from in the store.
 */
export const PLAN_RANK: Partial<Record<PlanKind, number>> = {
  PRO_TRIAL: 0, BASIC: 1, CORE: 2, EDUCATION: 2, INDIVIDUAL: 3, PRO_THREE_YEAR: 3, PRO_CUSTOM: 4, TEAM: 5, CLINIC: 6,
  ENTERPRISE_SECURITY: 7, ENTERPRISE_WORKFLOW: 7, DEPARTMENT: 7, HOSPITAL: 8, GOVERNMENT: 8,
};

/** Plans whose seats are sold in numbers (spec §3 Shop teamConfiguration / clinicConfiguration). */
export const SEATED_PLANS: readonly PlanKind[] = ['TEAM', 'CLINIC'];

export interface SeatConfiguration {
  minSeats: number;
  maxSeats: number;
}
