import { PRO_CUSTOM_ADDONS, type PlanKind, type ProCustomAddon } from '../catalogue/catalogue.ts';
import { addMonths, nextAnchoredEnd, periodEndFrom, renewalTerm, termMonths } from './periods.ts';
import { ENTERPRISE_PLANS, PLAN_RANK, SEATED_PLANS, type SeatConfiguration, type SubscriptionState, type SubscriptionTerm } from './subscription.ts';

/** What can happen to a subscription. Every event not allowed in the current state is rejected. */
export type SubscriptionEvent =
  /** An order bought the plan (a new subscription, a reactivation, a trial started with a card on file). */
  | {
    type: 'PURCHASED'; at: Date; plan: PlanKind; term: SubscriptionTerm; seats: number; devices: number; autoRenew: boolean;
    trialDays?: number; commitmentMonths?: number; proCustomFeatures?: readonly ProCustomAddon[]; enterpriseCode?: boolean;
  }
  /** A renewal was paid: the automatic charge at period end, or a renewal order (SubscriptionRenewal). */
  | { type: 'RENEWED'; at: Date }
  /** The automatic renewal charge was declined; the last one of the retry schedule makes it PAST_DUE. */
  | { type: 'RENEWAL_FAILED'; at: Date; lastAttempt: boolean }
  /** The period ended and nothing renews it. */
  | { type: 'PERIOD_ENDED'; at: Date }
  /** Staff end it now (the console's "cancel now"): the period ends at `at`, nothing renews it. */
  | { type: 'CANCELED_NOW'; at: Date }
  | { type: 'AUTO_RENEWAL_SET'; on: boolean }
  /** An upgrade paid now with a prorated charge (ChangeSubscription). */
  | { type: 'PLAN_CHANGED'; plan: PlanKind; seats?: number; enterpriseCode?: boolean }
  /** An expansion: more seats on a team or clinic plan, within the shop's configuration. */
  | { type: 'SEATS_ADDED'; seats: number; configuration: SeatConfiguration }
  /** An expansion: more probes. */
  | { type: 'DEVICES_ADDED'; devices: number }
  | { type: 'SCHEDULE_ADDED'; plan: PlanKind; enterpriseCode?: boolean }
  | { type: 'SCHEDULE_REMOVED' }
  /** Pro Custom add-ons: more now (upgrade), fewer from the next renewal (downgrade). */
  | { type: 'PRO_CUSTOM_CHANGED'; features: readonly ProCustomAddon[] }
  /** A payment that moved the subscription failed late (SEPA, ACH): back to what it was, or PAST_DUE. */
  | { type: 'PAYMENT_REVERSED'; restore: SubscriptionState | null };

export type SubscriptionErrorCode = 'OPERATION_NOT_ALLOWED' | 'CANT_EDIT_WITH_CREDITS' | 'ENTERPRISE_CODE_REQUIRED';

export type TransitionResult =
  | { ok: true; state: SubscriptionState }
  | { ok: false; code: SubscriptionErrorCode; reason: string };

/** An organization that has never had a subscription. */
export const NO_SUBSCRIPTION: SubscriptionState = {
  plan: 'NONE', status: 'CANCELED', term: 'ANNUAL', periodStart: null, periodEnd: null, billingAnchor: null, autoRenew: false, renewalFailures: 0,
  scheduledPlan: null, proCustomFeatures: [], scheduledProCustomFeatures: null, referralCreditMonths: 0, seats: 1, devices: 1, commitmentEnd: null,
};

const DAY_MS = 86_400_000;
const deny = (reason: string, code: SubscriptionErrorCode = 'OPERATION_NOT_ALLOWED'): TransitionResult => ({ ok: false, code, reason });
const ok = (state: SubscriptionState): TransitionResult => ({ ok: true, state });

/**
 * The subscription rules (spec §3, §4, §8): which event moves which state where. Pure: the caller
 * loads the state, applies the event and writes the result (or reports the rejection) in one transaction.
 */
export function transition(state: SubscriptionState, event: SubscriptionEvent): TransitionResult {
  switch (event.type) {
    case 'PURCHASED': return purchased(state, event);
    case 'RENEWED': return renewed(state, event.at);
    case 'RENEWAL_FAILED': {
      if (state.status !== 'ACTIVE' && state.status !== 'TRIALING') return deny('only a running subscription has renewals to fail');
      return ok({ ...state, renewalFailures: state.renewalFailures + 1, status: event.lastAttempt ? 'PAST_DUE' : state.status });
    }
    case 'PERIOD_ENDED': {
      if (state.status === 'CANCELED') return deny('the subscription has already ended');
      if (state.periodEnd === null || state.periodEnd.getTime() > event.at.getTime()) return deny('the period has not ended');
      return ok({ ...state, status: 'CANCELED', autoRenew: false, scheduledPlan: null, scheduledProCustomFeatures: null });
    }
    case 'CANCELED_NOW': {
      if (state.status === 'CANCELED') return deny('the subscription has already ended');
      const periodEnd = state.periodEnd && state.periodEnd.getTime() < event.at.getTime() ? state.periodEnd : event.at;
      return ok({ ...state, status: 'CANCELED', autoRenew: false, periodEnd, scheduledPlan: null, scheduledProCustomFeatures: null });
    }
    case 'AUTO_RENEWAL_SET': {
      if (state.status === 'CANCELED') return deny('an ended subscription is renewed, not switched back on');
      if (state.term === 'FOREVER') return deny('a forever plan never renews');
      return ok({ ...state, autoRenew: event.on });
    }
    case 'PLAN_CHANGED': return planChanged(state, event);
    case 'SEATS_ADDED': {
      if (state.status !== 'ACTIVE') return deny('seats are added to an active subscription');
      if (!SEATED_PLANS.includes(state.plan)) return deny('only team and clinic plans have seats to add');
      if (!Number.isInteger(event.seats) || event.seats < 1) return deny('add at least one seat');
      const seats = state.seats + event.seats;
      if (seats > event.configuration.maxSeats) return deny(`a ${state.plan.toLowerCase()} plan has at most ${event.configuration.maxSeats} seats`);
      return ok({ ...state, seats });
    }
    case 'DEVICES_ADDED': {
      if (state.status !== 'ACTIVE') return deny('probes are added to an active subscription');
      if (!Number.isInteger(event.devices) || event.devices < 1) return deny('add at least one probe');
      return ok({ ...state, devices: state.devices + event.devices });
    }
    case 'SCHEDULE_ADDED': {
      const editable = canEdit(state, event.plan, event.enterpriseCode);
      if (editable) return editable;
      if (state.term === 'FOREVER' || state.term === 'MONTHLY') return deny('this plan has no renewal to change');
      if (event.plan === state.plan) return deny('the subscription is already on this plan');
      return ok({ ...state, scheduledPlan: event.plan });
    }
    case 'SCHEDULE_REMOVED': {
      if (state.scheduledPlan === null && state.scheduledProCustomFeatures === null) return deny('no change is scheduled');
      if (state.status === 'CANCELED') return deny('the subscription has ended');
      return ok({ ...state, scheduledPlan: null, scheduledProCustomFeatures: null });
    }
    case 'PRO_CUSTOM_CHANGED': return proCustomChanged(state, event.features);
    case 'PAYMENT_REVERSED': {
      if (event.restore) return ok(event.restore);
      if (state.status === 'CANCELED') return deny('the subscription has already ended');
      return ok({ ...state, status: 'PAST_DUE' });
    }
  }
}

/** The checks every plan edit shares: a running subscription, no referral credits, a code for enterprise plans. */
function canEdit(state: SubscriptionState, target: PlanKind | null, enterpriseCode: boolean | undefined): TransitionResult | null {
  if (state.status !== 'ACTIVE' && state.status !== 'TRIALING') return deny('only an active subscription can be changed; renew it first');
  if (state.referralCreditMonths > 0) return deny('the plan cannot be changed while referral credit months remain', 'CANT_EDIT_WITH_CREDITS');
  if (target && ENTERPRISE_PLANS.includes(target) && !enterpriseCode) return deny('enterprise plans need a code from our sales team', 'ENTERPRISE_CODE_REQUIRED');
  if (target && PLAN_RANK[target] === undefined) return deny('this plan is not sold in the store');
  return null;
}

function purchased(state: SubscriptionState, event: Extract<SubscriptionEvent, { type: 'PURCHASED' }>): TransitionResult {
  if (state.status === 'ACTIVE' && state.plan !== 'NONE') return deny('the organization has an active subscription: upgrade or renew it instead');
  if (ENTERPRISE_PLANS.includes(event.plan) && !event.enterpriseCode) return deny('enterprise plans need a code from our sales team', 'ENTERPRISE_CODE_REQUIRED');
  if (event.plan === 'NONE') return deny('choose a plan');
  const trial = (event.trialDays ?? 0) > 0;
  const periodEnd = trial ? new Date(event.at.getTime() + event.trialDays! * DAY_MS) : periodEndFrom(event.at, event.term);
  const commitmentEnd = event.term === 'MONTHLY' && event.commitmentMonths ? addMonths(event.at, event.commitmentMonths) : null;
  return ok({
    ...NO_SUBSCRIPTION,
    referralCreditMonths: state.referralCreditMonths,
    plan: trial ? 'PRO_TRIAL' : event.plan,
    scheduledPlan: trial ? event.plan : null,
    status: trial ? 'TRIALING' : 'ACTIVE',
    term: event.term,
    periodStart: event.at,
    periodEnd,
    billingAnchor: trial ? periodEnd : event.at,
    autoRenew: event.term === 'FOREVER' ? false : event.autoRenew,
    seats: event.seats,
    devices: event.devices,
    proCustomFeatures: event.plan === 'PRO_CUSTOM' ? [...(event.proCustomFeatures ?? [])] : [],
    commitmentEnd,
  });
}

/**
 * A paid renewal: the next period follows the current one without a gap (the anchor is kept, also after
 * a late retry); a subscription that ended, or whose next period would already be over, starts again now.
 * Scheduled changes take effect; a trial becomes the plan it was for.
 */
function renewed(state: SubscriptionState, at: Date): TransitionResult {
  if (state.plan === 'NONE') return deny('there is no subscription to renew');
  if (state.term === 'FOREVER') return deny('a forever plan never renews');
  const term = renewalTerm(state.term);
  const months = termMonths(term)!;
  // Continue from the end of the current period when that leaves a period still running; else start now.
  const continues = state.status !== 'CANCELED' && state.periodEnd !== null && addMonths(state.periodEnd, months).getTime() > at.getTime();
  const start = continues ? state.periodEnd! : at;
  const anchor = continues && state.billingAnchor ? state.billingAnchor : start;
  const plan = state.scheduledPlan ?? (state.plan === 'PRO_TRIAL' ? 'INDIVIDUAL' : state.plan);
  return ok({
    ...state,
    plan,
    status: 'ACTIVE',
    term,
    periodStart: start,
    periodEnd: nextAnchoredEnd(anchor, start, months),
    billingAnchor: anchor,
    renewalFailures: 0,
    scheduledPlan: null,
    proCustomFeatures: plan !== 'PRO_CUSTOM' ? [] : state.scheduledProCustomFeatures ?? state.proCustomFeatures,
    scheduledProCustomFeatures: null,
    referralCreditMonths: Math.max(0, state.referralCreditMonths - 12),
  });
}

function planChanged(state: SubscriptionState, event: Extract<SubscriptionEvent, { type: 'PLAN_CHANGED' }>): TransitionResult {
  const editable = canEdit(state, event.plan, event.enterpriseCode);
  if (editable) return editable;
  if (state.status !== 'ACTIVE') return deny('a trial is converted by buying the plan');
  if (state.term === 'FOREVER' || state.term === 'MONTHLY') return deny('this plan cannot be changed');
  if (event.plan === state.plan) return deny('the subscription is already on this plan');
  const from = PLAN_RANK[state.plan];
  if (from === undefined || PLAN_RANK[event.plan]! <= from) return deny('a move to a smaller plan is scheduled for the next renewal');
  return ok({ ...state, plan: event.plan, seats: Math.max(state.seats, event.seats ?? state.seats), scheduledPlan: null, proCustomFeatures: event.plan === 'PRO_CUSTOM' ? state.proCustomFeatures : [] });
}

function proCustomChanged(state: SubscriptionState, features: readonly ProCustomAddon[]): TransitionResult {
  const editable = canEdit(state, null, false);
  if (editable) return editable;
  if (state.plan !== 'PRO_CUSTOM') return deny('add-ons belong to a Pro Custom plan');
  const wanted = [...new Set(features)];
  if (!wanted.length || wanted.some((f) => !PRO_CUSTOM_ADDONS.includes(f))) return deny('choose at least one add-on');
  const removes = state.proCustomFeatures.some((f) => !wanted.includes(f));
  const adds = wanted.some((f) => !state.proCustomFeatures.includes(f));
  if (!removes && !adds) return deny('these are the add-ons you have');
  // More add-ons start now (a prorated charge); fewer wait for the renewal, so nothing paid for is lost.
  if (!removes) return ok({ ...state, proCustomFeatures: wanted, scheduledProCustomFeatures: null });
  return ok({ ...state, scheduledProCustomFeatures: wanted });
}
