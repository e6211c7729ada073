import type { PlanKind } from '../catalogue/catalogue.ts';
import type { CheckoutType } from '../checkout/checkout-types.ts';
import { SEATED_PLANS, type SeatConfiguration, type SubscriptionTerm } from './subscription.ts';
import type { SubscriptionEvent } from './transitions.ts';

/** What the rules need of an order line. */
export interface OrderLineFacts {
  groups: readonly string[];
  planKind: string;
  billingPeriod: string;
  quantity: number;
}

/** The free trial a FREE_TRIAL_CHECKOUT starts (a card on file, charged when it ends). */
export const FREE_TRIAL_DAYS = 30;

/** The groups of lines that are the plan itself (what a period costs). */
export const PLAN_GROUPS: readonly string[] = ['INDIVIDUAL', 'PRO', 'CORE', 'CLINIC', 'TEAM', 'PRO_CUSTOM', 'PRO_CUSTOM_ADDON', 'RENTAL', 'TEAM_ADDITIONAL', 'TEAM_ADDITIONAL_10_BASED'];
const DEVICE_GROUPS = ['IQ_DEVICE', 'IQ3_DEVICE'];

export type OrderMove =
  | { kind: 'NONE' }
  | { kind: 'MOVE'; event: SubscriptionEvent }
  | { kind: 'REFUSED'; reason: string };

const sum = (lines: readonly OrderLineFacts[], groups: readonly string[], each = (_l: OrderLineFacts) => 1) =>
  lines.filter((l) => l.groups.some((g) => groups.includes(g))).reduce((n, l) => n + l.quantity * each(l), 0);

function termOf(plan: string, billingPeriod: string): SubscriptionTerm {
  if (plan === 'INDIVIDUAL_FOREVER') return 'FOREVER';
  if (plan === 'RENTAL') return 'MONTHLY';
  if (billingPeriod === 'ONE_YEAR' || billingPeriod === 'THREE_YEARS') return billingPeriod;
  return 'ANNUAL';
}

/**
 * How an organization's order moves its subscription (spec §3, §4): a renewal order renews it, an
 * expansion adds seats (ten per line of the 10-based kind), extra probes add devices, a plan bought starts
 * it (a free trial for FREE_TRIAL_CHECKOUT); accessories and probe-only orders leave it alone. Upgrades
 * are priced by proration and made with ChangeSubscription, not as an order at full price.
 */
export function orderSubscriptionMove(type: CheckoutType, lines: readonly OrderLineFacts[], at: Date, seats: (plan: PlanKind) => SeatConfiguration): OrderMove {
  switch (type) {
    case 'ACCESSORIES_CHECKOUT':
    case 'PROBE_ONLY_CHECKOUT':
      return { kind: 'NONE' };
    case 'UPGRADE_CHECKOUT':
      return { kind: 'REFUSED', reason: 'upgrades are made with ChangeSubscription, which prices the rest of the period' };
    case 'RENEWAL_CHECKOUT':
      return { kind: 'MOVE', event: { type: 'RENEWED', at } };
    case 'EXTRA_PROBE_CHECKOUT':
      return { kind: 'MOVE', event: { type: 'DEVICES_ADDED', devices: sum(lines, ['EXTRA_PROBE']) } };
    case 'EXPANSION_CHECKOUT': {
      const added = sum(lines, ['TEAM_ADDITIONAL', 'TEAM_ADDITIONAL_10_BASED'], (l) => (l.groups.includes('TEAM_ADDITIONAL_10_BASED') ? 10 : 1));
      const plan = lines.find((l) => l.planKind && l.planKind !== 'NONE')?.planKind as PlanKind | undefined;
      return { kind: 'MOVE', event: { type: 'SEATS_ADDED', seats: added, configuration: seats(plan ?? 'TEAM') } };
    }
    default: {
      const planLine = lines.find((l) => l.groups.some((g) => PLAN_GROUPS.includes(g) && !g.startsWith('TEAM_ADDITIONAL') && g !== 'PRO_CUSTOM_ADDON'));
      if (!planLine) return { kind: 'NONE' };
      const plan = planLine.planKind as PlanKind;
      const trial = type === 'FREE_TRIAL_CHECKOUT';
      const term = termOf(plan, planLine.billingPeriod);
      return {
        kind: 'MOVE',
        event: {
          type: 'PURCHASED', at, plan, term, autoRenew: term === 'ANNUAL' || trial,
          seats: SEATED_PLANS.includes(plan) ? planLine.quantity : 1,
          devices: Math.max(1, sum(lines, DEVICE_GROUPS)),
          ...(trial ? { trialDays: FREE_TRIAL_DAYS } : {}),
        },
      };
    }
  }
}
