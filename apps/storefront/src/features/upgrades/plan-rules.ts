import { PLAN_RANK, PRO_CUSTOM_ADDONS, SEATED_PLANS, type PlanKind, type ProCustomAddon, type SubscriptionStatus } from '@probe/domain';

/** The plans /upgrade/ offers, in the order shown: each one ranked above the organization's plan. */
const OFFERED: readonly PlanKind[] = ['INDIVIDUAL', 'TEAM', 'CLINIC'];

/** The plans the main upgrade page offers an organization on `current` (none for plans the store cannot change). */
export function largerPlans(current: PlanKind): PlanKind[] {
  const from = PLAN_RANK[current];
  if (from === undefined) return [];
  return OFFERED.filter((plan) => PLAN_RANK[plan]! > from);
}

/** The smaller plans /upgrade/pro/ moves to Pro (INDIVIDUAL). */
export const BELOW_PRO: readonly PlanKind[] = ['PRO_TRIAL', 'BASIC', 'CORE', 'EDUCATION'];

export const isSeated = (plan: PlanKind): boolean => SEATED_PLANS.includes(plan);

/** Whether a subscription runs (it can be changed) or has ended or fallen behind (it is renewed). */
export function standing(status: SubscriptionStatus | null | undefined): 'running' | 'ended' | 'none' {
  if (status === 'ACTIVE' || status === 'TRIALING') return 'running';
  if (status === 'CANCELED' || status === 'PAST_DUE') return 'ended';
  return 'none';
}

export interface SeatRange {
  minSeats: number;
  maxSeats: number;
}

/** The seats first offered for a seated plan: what the organization has, within the plan's range. */
export function startingSeats(current: number, range: SeatRange): number {
  return Math.min(range.maxSeats, Math.max(range.minSeats, current));
}

/** A typed seat count: a whole number, or null (nothing is asked of the server for it). */
export function parseSeats(text: string): number | null {
  return /^\s*\d{1,4}\s*$/.test(text) ? Number(text) : null;
}

/** The add-ons in the catalogue's order. */
export function orderedAddons(addons: Iterable<ProCustomAddon>): ProCustomAddon[] {
  const chosen = new Set(addons);
  return PRO_CUSTOM_ADDONS.filter((a) => chosen.has(a));
}

/**
 * A Pro Custom change: an upgrade adds add-ons (the ones it has stay), a downgrade removes some (at
 * least one stays). Null when the choice is not a change of that kind.
 */
export function addonChange(kind: 'upgrade' | 'downgrade', current: readonly ProCustomAddon[], chosen: readonly ProCustomAddon[]): ProCustomAddon[] | null {
  const next = orderedAddons(kind === 'upgrade' ? [...current, ...chosen] : chosen.filter((a) => current.includes(a)));
  if (kind === 'upgrade') return next.length > current.length ? next : null;
  return next.length > 0 && next.length < current.length ? next : null;
}
