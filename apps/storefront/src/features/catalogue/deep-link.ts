/** A URL segment as the enum value it names: `three-years` → THREE_YEARS, `pro_custom` → PRO_CUSTOM. */
const enumOf = (segment: string) => segment.trim().toUpperCase().replace(/-/g, '_');

/**
 * The variant a product deep link preselects: /product/{slug}/{subscription}/{period}/ (spec §2). The
 * subscription segment names the plan kind (`individual`, `pro-three-year`, `team`; a prefix such as `pro`
 * matches PRO_THREE_YEAR), the period the billing period (`annual`, `one-year`, `three-years`, `one-time`).
 * Among the sold variants matching every segment given, the first; null when none matches or none is given
 * (the page then shows its first variant).
 */
export function deepLinkedSku<V extends { sku: string; planKind: string; billingPeriod: string; pricing: unknown }>(
  variants: readonly V[], subscription: string | undefined, period: string | undefined,
): string | null {
  if (!subscription && !period) return null;
  const plan = subscription ? enumOf(subscription) : null;
  const billing = period ? enumOf(period) : null;
  const match = variants.find((v) => v.pricing
    && (!plan || v.planKind === plan || v.planKind.startsWith(`${plan}_`))
    && (!billing || v.billingPeriod === billing));
  return match?.sku ?? null;
}
