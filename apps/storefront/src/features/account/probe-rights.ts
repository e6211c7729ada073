import { probePurchaseRefusal, purchasedProbeModel, type ProbeBuyer, type ProbeRefusal } from '@probe/domain';
import type { SignedInUser } from './operations.ts';

/** What a product screen offers: a variant, or a line, that may sell a probe. */
export interface Offered {
  model?: string | null;
  planKind?: string | null;
}

/** Why the signed-in user may not buy what is offered, with the organization it concerns. */
export interface OfferRefusal {
  refusal: ProbeRefusal;
  organization: { name: string; membershipId: string } | null;
}

/**
 * Spec §6 for the signed-in user from UserQuery, buying for their first membership (as checkout does,
 * buyer.ts): the first refusal among the offered items, or null when they may buy them all.
 */
export function offerRefusal(me: Pick<SignedInUser, 'canBuyPersonalProbePlus' | 'canBuyPersonalProbeIq3' | 'organizationMemberships'>, offered: readonly Offered[]): OfferRefusal | null {
  const first = me.organizationMemberships[0] ?? null;
  const buyer: ProbeBuyer = {
    canBuyPersonalProbePlus: me.canBuyPersonalProbePlus,
    canBuyPersonalProbeIq3: me.canBuyPersonalProbeIq3,
    membership: first ? { isOrganizationAdmin: first.isOrganizationAdmin, canPurchasePersonalProbe: first.canPurchasePersonalProbe } : null,
  };
  for (const item of offered) {
    const refusal = probePurchaseRefusal(buyer, purchasedProbeModel({ model: item.model ?? null, planKind: item.planKind ?? '' }));
    if (refusal) return { refusal, organization: first ? { name: first.organization.name, membershipId: first.id } : null };
  }
  return null;
}

/** Whether anything offered sells a probe (only then are the user's rights asked for). */
export const offersProbe = (offered: readonly Offered[]) => offered.some((item) => purchasedProbeModel({ model: item.model ?? null, planKind: item.planKind ?? '' }) !== null);
