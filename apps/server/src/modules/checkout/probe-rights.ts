import { probePurchaseRefusal, purchasedProbeModel, type ProbeBuyer } from '@probe/domain';
import { fail, type CheckoutError } from './errors.ts';

/** The signed-in user's probe rights when buying for a membership of theirs (or for none). */
export type ProbeBuyerOf = (organizationMembershipId: string | null) => Promise<ProbeBuyer>;

const MESSAGES = {
  MODEL_NOT_ALLOWED: 'This probe model is not available to your account',
  ORGANIZATION_ADMINS_ONLY: 'Probes for this organization are bought by its admins; ask one to allow you a personal probe',
} as const;

/**
 * Spec §6 personal probes: the probe lines a signed-in buyer may not buy (domain probePurchaseRefusal), as
 * NO_PERMISSIONS errors. The rights are read only when a line sells a probe; an anonymous buyer has none
 * refused.
 */
export async function probeRefusals(
  buyerOf: ProbeBuyerOf | null | undefined,
  variants: ReadonlyArray<{ sku: string; model: string | null; planKind: string }>,
  organizationMembershipId: string | null,
): Promise<CheckoutError[]> {
  const probes = variants.filter((v) => purchasedProbeModel(v));
  if (!probes.length || !buyerOf) return [];
  const buyer = await buyerOf(organizationMembershipId);
  return probes.flatMap((v) => {
    const refusal = probePurchaseRefusal(buyer, purchasedProbeModel(v));
    return refusal ? [fail('NO_PERMISSIONS', 'lines', `${v.sku}: ${MESSAGES[refusal]}`)] : [];
  });
}
