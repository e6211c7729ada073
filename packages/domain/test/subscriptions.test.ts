import { describe, expect, it } from 'vitest';
import {
  addMonths, FREE_TRIAL_DAYS, nextAnchoredEnd, orderSubscriptionMove, NO_SUBSCRIPTION, nextRenewalAttempt, periodEndAction, prorationAmount, RENEWAL_ATTEMPTS, transition,
  type SubscriptionEvent, type SubscriptionState,
} from '../src/index.ts';

const at = new Date('2026-01-31T10:00:00Z');
const day = 86_400_000;

function active(overrides: Partial<SubscriptionState> = {}): SubscriptionState {
  return { ...NO_SUBSCRIPTION, plan: 'INDIVIDUAL', status: 'ACTIVE', term: 'ANNUAL', periodStart: at, periodEnd: addMonths(at, 12), billingAnchor: at, autoRenew: true, ...overrides };
}

function apply(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  const result = transition(state, event);
  if (!result.ok) throw new Error(`${result.code}: ${result.reason}`);
  return result.state;
}

function rejection(state: SubscriptionState, event: SubscriptionEvent): string {
  const result = transition(state, event);
  if (result.ok) throw new Error(`${event.type} was allowed`);
  return result.code;
}

describe('periods', () => {
  it('adds calendar months, taking the last day when the month is shorter', () => {
    expect(addMonths(at, 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2027-12-31T00:00:00Z'), 2).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(at, 36).toISOString()).toBe('2029-01-31T10:00:00.000Z');
  });

  it('monthly periods stay on the anchor day instead of drifting to the 28th', () => {
    expect(nextAnchoredEnd(at, new Date('2026-02-28T10:00:00Z'), 1).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(nextAnchoredEnd(at, new Date('2026-03-31T10:00:00Z'), 1).toISOString()).toBe('2026-04-30T10:00:00.000Z');
    expect(nextAnchoredEnd(at, new Date('2030-06-01T00:00:00Z'), 12).toISOString()).toBe('2031-01-31T10:00:00.000Z');
  });
});

describe('subscription transitions', () => {
  it('a purchase starts an active period of the term bought', () => {
    const s = apply(NO_SUBSCRIPTION, { type: 'PURCHASED', at, plan: 'TEAM', term: 'ANNUAL', seats: 5, devices: 5, autoRenew: true });
    expect(s).toMatchObject({ plan: 'TEAM', status: 'ACTIVE', seats: 5, autoRenew: true });
    expect(s.periodEnd!.toISOString()).toBe('2027-01-31T10:00:00.000Z');
  });

  it('a trial runs its days as PRO_TRIAL and becomes the plan it was for when renewed', () => {
    const trial = apply(NO_SUBSCRIPTION, { type: 'PURCHASED', at, plan: 'INDIVIDUAL', term: 'ANNUAL', seats: 1, devices: 1, autoRenew: true, trialDays: 30 });
    expect(trial).toMatchObject({ plan: 'PRO_TRIAL', status: 'TRIALING', scheduledPlan: 'INDIVIDUAL' });
    expect(trial.periodEnd!.getTime() - at.getTime()).toBe(30 * day);
    const paid = apply(trial, { type: 'RENEWED', at: trial.periodEnd! });
    expect(paid).toMatchObject({ plan: 'INDIVIDUAL', status: 'ACTIVE', scheduledPlan: null });
    expect(paid.periodStart).toEqual(trial.periodEnd);
  });

  it('an active subscription cannot be bought again: it is upgraded or renewed', () => {
    expect(rejection(active(), { type: 'PURCHASED', at, plan: 'TEAM', term: 'ANNUAL', seats: 3, devices: 3, autoRenew: true })).toBe('OPERATION_NOT_ALLOWED');
  });

  it('an ended subscription is bought again (reactivation) and keeps its referral credits', () => {
    const ended = active({ status: 'CANCELED', plan: 'PRO_CUSTOM', referralCreditMonths: 2 });
    const s = apply(ended, { type: 'PURCHASED', at, plan: 'PRO_CUSTOM', term: 'ANNUAL', seats: 1, devices: 1, autoRenew: true, proCustomFeatures: ['EDUCATION'] });
    expect(s).toMatchObject({ status: 'ACTIVE', proCustomFeatures: ['EDUCATION'], referralCreditMonths: 2 });
  });

  it('a renewal keeps the anchor: the next period starts where the last one ended, even after a late retry', () => {
    const s = active();
    const renewed = apply({ ...s, renewalFailures: 2 }, { type: 'RENEWED', at: new Date(s.periodEnd!.getTime() + 4 * day) });
    expect(renewed.periodStart).toEqual(s.periodEnd);
    expect(renewed.periodEnd!.toISOString()).toBe('2028-01-31T10:00:00.000Z');
    expect(renewed.renewalFailures).toBe(0);
  });

  it('an ended subscription renewed from the expired page starts again now', () => {
    const lapsed = active({ status: 'CANCELED', periodEnd: new Date(at.getTime() - 40 * day) });
    const renewed = apply(lapsed, { type: 'RENEWED', at });
    expect(renewed).toMatchObject({ status: 'ACTIVE', periodStart: at });
  });

  it('a scheduled plan takes effect at renewal; a prepaid three-year plan goes on yearly', () => {
    const s = apply(active({ plan: 'PRO_THREE_YEAR', term: 'THREE_YEARS', periodEnd: addMonths(at, 36) }), { type: 'SCHEDULE_ADDED', plan: 'TEAM' });
    const renewed = apply(s, { type: 'RENEWED', at: s.periodEnd! });
    expect(renewed).toMatchObject({ plan: 'TEAM', term: 'ANNUAL', scheduledPlan: null });
    expect(renewed.periodEnd).toEqual(addMonths(s.periodEnd!, 12));
  });

  it('declines count up and the last one makes it PAST_DUE', () => {
    let s = active();
    for (let i = 1; i < RENEWAL_ATTEMPTS; i++) s = apply(s, { type: 'RENEWAL_FAILED', at, lastAttempt: false });
    expect(s).toMatchObject({ status: 'ACTIVE', renewalFailures: RENEWAL_ATTEMPTS - 1 });
    s = apply(s, { type: 'RENEWAL_FAILED', at, lastAttempt: true });
    expect(s.status).toBe('PAST_DUE');
    expect(rejection(s, { type: 'RENEWAL_FAILED', at, lastAttempt: true })).toBe('OPERATION_NOT_ALLOWED');
  });

  it('upgrades happen now, only upwards; a move down is only scheduled', () => {
    expect(apply(active(), { type: 'PLAN_CHANGED', plan: 'TEAM', seats: 3 })).toMatchObject({ plan: 'TEAM', seats: 3 });
    expect(rejection(active({ plan: 'TEAM' }), { type: 'PLAN_CHANGED', plan: 'INDIVIDUAL' })).toBe('OPERATION_NOT_ALLOWED');
    expect(apply(active({ plan: 'TEAM' }), { type: 'SCHEDULE_ADDED', plan: 'INDIVIDUAL' }).scheduledPlan).toBe('INDIVIDUAL');
    expect(rejection(active({ status: 'PAST_DUE' }), { type: 'PLAN_CHANGED', plan: 'TEAM' })).toBe('OPERATION_NOT_ALLOWED');
  });

  it('referral credit months block plan edits with CANT_EDIT_WITH_CREDITS', () => {
    const s = active({ referralCreditMonths: 3 });
    expect(rejection(s, { type: 'PLAN_CHANGED', plan: 'TEAM' })).toBe('CANT_EDIT_WITH_CREDITS');
    expect(rejection(s, { type: 'SCHEDULE_ADDED', plan: 'TEAM' })).toBe('CANT_EDIT_WITH_CREDITS');
  });

  it('enterprise plans need a code (ENTERPRISE_CODE_REQUIRED)', () => {
    expect(rejection(active({ plan: 'CLINIC' }), { type: 'PLAN_CHANGED', plan: 'HOSPITAL' })).toBe('ENTERPRISE_CODE_REQUIRED');
    expect(apply(active({ plan: 'CLINIC' }), { type: 'PLAN_CHANGED', plan: 'HOSPITAL', enterpriseCode: true }).plan).toBe('HOSPITAL');
    expect(rejection(NO_SUBSCRIPTION, { type: 'PURCHASED', at, plan: 'GOVERNMENT', term: 'ANNUAL', seats: 1, devices: 1, autoRenew: true })).toBe('ENTERPRISE_CODE_REQUIRED');
  });

  it('a schedule is removed only when there is one', () => {
    const s = apply(active({ plan: 'TEAM' }), { type: 'SCHEDULE_ADDED', plan: 'CLINIC' });
    expect(apply(s, { type: 'SCHEDULE_REMOVED' }).scheduledPlan).toBeNull();
    expect(rejection(active(), { type: 'SCHEDULE_REMOVED' })).toBe('OPERATION_NOT_ALLOWED');
  });

  it('seats are added within the shop configuration, to team and clinic plans only', () => {
    const configuration = { minSeats: 2, maxSeats: 10 };
    expect(apply(active({ plan: 'TEAM', seats: 5 }), { type: 'SEATS_ADDED', seats: 5, configuration }).seats).toBe(10);
    expect(rejection(active({ plan: 'TEAM', seats: 5 }), { type: 'SEATS_ADDED', seats: 6, configuration })).toBe('OPERATION_NOT_ALLOWED');
    expect(rejection(active(), { type: 'SEATS_ADDED', seats: 1, configuration })).toBe('OPERATION_NOT_ALLOWED');
  });

  it('Pro Custom: more add-ons now, fewer from the next renewal', () => {
    const s = active({ plan: 'PRO_CUSTOM', proCustomFeatures: ['EDUCATION'] });
    expect(apply(s, { type: 'PRO_CUSTOM_CHANGED', features: ['EDUCATION', 'COLLABORATION'] }).proCustomFeatures).toEqual(['EDUCATION', 'COLLABORATION']);
    const down = apply({ ...s, proCustomFeatures: ['EDUCATION', 'COLLABORATION'] }, { type: 'PRO_CUSTOM_CHANGED', features: ['COLLABORATION'] });
    expect(down).toMatchObject({ proCustomFeatures: ['EDUCATION', 'COLLABORATION'], scheduledProCustomFeatures: ['COLLABORATION'] });
    expect(apply(down, { type: 'RENEWED', at: down.periodEnd! }).proCustomFeatures).toEqual(['COLLABORATION']);
    expect(rejection(active(), { type: 'PRO_CUSTOM_CHANGED', features: ['EDUCATION'] })).toBe('OPERATION_NOT_ALLOWED');
  });

  it('a late bank failure restores the state before the payment, or makes it PAST_DUE', () => {
    const before = active();
    const after = apply(before, { type: 'PLAN_CHANGED', plan: 'TEAM' });
    expect(apply(after, { type: 'PAYMENT_REVERSED', restore: before })).toEqual(before);
    expect(apply(after, { type: 'PAYMENT_REVERSED', restore: null }).status).toBe('PAST_DUE');
  });

  it('a period ends only once it is over; a forever plan never does', () => {
    const s = active({ autoRenew: false });
    expect(rejection(s, { type: 'PERIOD_ENDED', at })).toBe('OPERATION_NOT_ALLOWED');
    expect(apply(s, { type: 'PERIOD_ENDED', at: s.periodEnd! }).status).toBe('CANCELED');
    const forever = active({ plan: 'INDIVIDUAL_FOREVER', term: 'FOREVER', periodEnd: null, autoRenew: false });
    expect(rejection(forever, { type: 'PERIOD_ENDED', at: addMonths(at, 1200) })).toBe('OPERATION_NOT_ALLOWED');
    expect(rejection(forever, { type: 'AUTO_RENEWAL_SET', on: true })).toBe('OPERATION_NOT_ALLOWED');
  });
});

describe('renewal schedule', () => {
  it('retries after 1, 3 and 5 days, then gives up', () => {
    expect(nextRenewalAttempt(1, at)!.getTime() - at.getTime()).toBe(day);
    expect(nextRenewalAttempt(3, at)!.getTime() - at.getTime()).toBe(5 * day);
    expect(nextRenewalAttempt(RENEWAL_ATTEMPTS, at)).toBeNull();
  });

  it('charges at period end while auto-renewal is on, otherwise ends it; nothing before the end', () => {
    const s = active();
    expect(periodEndAction(s, at)).toBe('NONE');
    expect(periodEndAction(s, s.periodEnd!)).toBe('CHARGE');
    expect(periodEndAction({ ...s, autoRenew: false }, s.periodEnd!)).toBe('EXPIRE');
    expect(periodEndAction({ ...s, status: 'PAST_DUE' }, s.periodEnd!)).toBe('NONE');
  });

  it('a rental charges its committed months whatever the switch says, then ends unless renewing', () => {
    const rental = apply(NO_SUBSCRIPTION, { type: 'PURCHASED', at, plan: 'RENTAL', term: 'MONTHLY', seats: 1, devices: 1, autoRenew: false, commitmentMonths: 3 });
    expect(rental.commitmentEnd!.toISOString()).toBe('2026-04-30T10:00:00.000Z');
    let s = rental;
    const actions: string[] = [];
    for (let i = 0; i < 4; i++) {
      const action = periodEndAction(s, s.periodEnd!);
      actions.push(action);
      if (action === 'CHARGE') s = apply(s, { type: 'RENEWED', at: s.periodEnd! });
      else s = apply(s, { type: 'PERIOD_ENDED', at: s.periodEnd! });
      if (s.status === 'CANCELED') break;
    }
    expect(actions).toEqual(['CHARGE', 'CHARGE', 'EXPIRE']);
    expect(s.periodEnd!.toISOString()).toBe('2026-04-30T10:00:00.000Z');
  });
});

describe('proration', () => {
  it('charges the price difference for the share of the period left, never below zero', () => {
    const periodStart = new Date('2026-01-01T00:00:00Z');
    const periodEnd = new Date('2027-01-01T00:00:00Z');
    const half = new Date(periodStart.getTime() + (periodEnd.getTime() - periodStart.getTime()) / 2);
    expect(prorationAmount({ currentPrice: 42000, newPrice: 120000, periodStart, periodEnd, at: half })).toBe(39000);
    expect(prorationAmount({ currentPrice: 42000, newPrice: 120000, periodStart, periodEnd, at: periodStart })).toBe(78000);
    expect(prorationAmount({ currentPrice: 42000, newPrice: 120000, periodStart, periodEnd, at: periodEnd })).toBe(0);
    expect(prorationAmount({ currentPrice: 120000, newPrice: 42000, periodStart, periodEnd, at: half })).toBe(0);
  });
});

describe('orderSubscriptionMove', () => {
  const at = new Date('2027-02-01T10:00:00Z');
  const seats = () => ({ minSeats: 2, maxSeats: 50 });
  const line = (groups: string[], planKind: string, quantity = 1, billingPeriod = 'ANNUAL') => ({ groups, planKind, billingPeriod, quantity });

  it('an expansion adds ten seats per 10-based line and one per single seat', () => {
    const move = orderSubscriptionMove('EXPANSION_CHECKOUT', [line(['TEAM_ADDITIONAL_10_BASED'], 'TEAM', 2), line(['TEAM_ADDITIONAL'], 'TEAM', 3)], at, seats);
    expect(move).toEqual({ kind: 'MOVE', event: { type: 'SEATS_ADDED', seats: 23, configuration: { minSeats: 2, maxSeats: 50 } } });
  });

  it('a plan bought starts it (a trial for the free-trial checkout); accessories leave it alone; an upgrade order is refused', () => {
    const pro = orderSubscriptionMove('INDIVIDUAL_CHECKOUT', [line(['IQ3_DEVICE'], 'NONE', 1, 'ONE_TIME'), line(['PRO'], 'PRO_THREE_YEAR', 1, 'THREE_YEARS')], at, seats);
    expect(pro).toMatchObject({ kind: 'MOVE', event: { type: 'PURCHASED', plan: 'PRO_THREE_YEAR', term: 'THREE_YEARS', devices: 1, seats: 1, autoRenew: false } });
    const trial = orderSubscriptionMove('FREE_TRIAL_CHECKOUT', [line(['INDIVIDUAL'], 'INDIVIDUAL')], at, seats);
    expect(trial).toMatchObject({ kind: 'MOVE', event: { type: 'PURCHASED', trialDays: FREE_TRIAL_DAYS, autoRenew: true } });
    expect(orderSubscriptionMove('ACCESSORIES_CHECKOUT', [line(['ACCESSORIES'], 'NONE')], at, seats)).toEqual({ kind: 'NONE' });
    expect(orderSubscriptionMove('UPGRADE_CHECKOUT', [line(['TEAM'], 'TEAM', 3)], at, seats).kind).toBe('REFUSED');
  });

  it('a team bought for three seats has three', () => {
    expect(orderSubscriptionMove('TEAM_CHECKOUT', [line(['TEAM'], 'TEAM', 3)], at, seats)).toMatchObject({ event: { type: 'PURCHASED', plan: 'TEAM', seats: 3 } });
  });
});
