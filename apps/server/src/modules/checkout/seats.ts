import { schema } from '@probe/db';
import type { CatalogueVariant } from '../catalogue/index.ts';
import { fail, type CheckoutError } from './errors.ts';
import type { Executor } from './repo.ts';

/** The Shop's seats for a Team or a Clinic plan (spec §3 teamConfiguration, clinicConfiguration). */
export interface SeatLimits { minSeats: number; maxSeats: number }
export type SeatedPlan = 'TEAM' | 'CLINIC';

/** The plan a line's seats are of: a Team or Clinic plan itself (its quantity is its seats), not an additional seat. */
export function seatedPlanOf(variant: Pick<CatalogueVariant, 'groups'>): SeatedPlan | null {
  if (variant.groups.includes('CLINIC')) return 'CLINIC';
  if (variant.groups.includes('TEAM')) return 'TEAM';
  return null;
}

/** The Shop's seat limits of both plans (one statement; asked only when a checkout holds such a plan). */
export async function seatLimits(db: Executor): Promise<Record<SeatedPlan, SeatLimits>> {
  const [settings] = await db.select({
    teamMinSeats: schema.shopSettings.teamMinSeats, teamMaxSeats: schema.shopSettings.teamMaxSeats,
    clinicMinSeats: schema.shopSettings.clinicMinSeats, clinicMaxSeats: schema.shopSettings.clinicMaxSeats,
  }).from(schema.shopSettings).limit(1);
  if (!settings) throw new Error('shop settings missing');
  return {
    TEAM: { minSeats: settings.teamMinSeats, maxSeats: settings.teamMaxSeats },
    CLINIC: { minSeats: settings.clinicMinSeats, maxSeats: settings.clinicMaxSeats },
  };
}

/**
 * A Team or Clinic plan bought with fewer seats than the Shop's minimum (INVALID) or more than its maximum
 * (QUANTITY_GREATER_THAN_LIMIT), on the field `seats`; null within them or for any other line.
 */
export function seatProblem(variant: Pick<CatalogueVariant, 'groups' | 'sku'>, quantity: number, limits: Record<SeatedPlan, SeatLimits>): CheckoutError | null {
  const plan = seatedPlanOf(variant);
  if (!plan) return null;
  const { minSeats, maxSeats } = limits[plan];
  const message = `${variant.sku} is sold with ${minSeats} to ${maxSeats} seats`;
  if (quantity < minSeats) return fail('INVALID', 'seats', message);
  if (quantity > maxSeats) return fail('QUANTITY_GREATER_THAN_LIMIT', 'seats', message);
  return null;
}
