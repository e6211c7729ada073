import type { Model } from '../catalogue/catalogue.ts';

/** What decides whether a signed-in buyer may buy a probe (spec §3 User and OrganizationMembership, §6). */
export interface ProbeBuyer {
  canBuyPersonalProbePlus: boolean;
  canBuyPersonalProbeIq3: boolean;
  /** Their membership of the organization they buy for; null when they buy for none. */
  membership: { isOrganizationAdmin: boolean; canPurchasePersonalProbe: boolean } | null;
}

/**
 * Why a probe is refused: the user may not buy this model at all, or the organization they buy for leaves
 * probes to its admins and has not allowed this member one.
 */
export type ProbeRefusal = 'MODEL_NOT_ALLOWED' | 'ORGANIZATION_ADMINS_ONLY';

/**
 * The probe model a variant sells for the buyer to keep: a probe, an extra or probe-only probe, or a
 * bundle holding one. A rental (the probe stays ours) and anything without a model sell none.
 */
export function purchasedProbeModel(variant: { model?: string | null; planKind: string }): Model | null {
  if (variant.planKind === 'RENTAL') return null;
  return variant.model === 'IQ' || variant.model === 'IQ_3' || variant.model === 'IQ_PLUS' ? variant.model : null;
}

/**
 * Whether a buyer may buy a probe of `model` (null: not a probe). Anonymous buyers (null) may buy
 * everything, as before they sign in. A signed-in user buys an IQ+ only with canBuyPersonalProbePlus and
 * an IQ3 only with canBuyPersonalProbeIq3; buying for an organization, a member who is not its admin
 * buys a probe only with their membership's canPurchasePersonalProbe (an admin always may). The model
 * rule is told first: no admin can lift it.
 */
export function probePurchaseRefusal(buyer: ProbeBuyer | null, model: Model | null): ProbeRefusal | null {
  if (!buyer || !model) return null;
  if ((model === 'IQ_PLUS' && !buyer.canBuyPersonalProbePlus) || (model === 'IQ_3' && !buyer.canBuyPersonalProbeIq3)) return 'MODEL_NOT_ALLOWED';
  const { membership } = buyer;
  if (membership && !membership.isOrganizationAdmin && !membership.canPurchasePersonalProbe) return 'ORGANIZATION_ADMINS_ONLY';
  return null;
}
