/**
 * What a change made part-way through a period costs now (CheckoutProrationPreview, the checkout's
 * prorationAmount): the new price less the old one, for the share of the period that is left, in minor
 * units, rounded to the nearest unit. Never negative: a move down is scheduled for the renewal instead.
 */
export function prorationAmount(input: { currentPrice: number; newPrice: number; periodStart: Date; periodEnd: Date; at: Date }): number {
  const total = input.periodEnd.getTime() - input.periodStart.getTime();
  if (total <= 0) return 0;
  const left = Math.min(total, Math.max(0, input.periodEnd.getTime() - input.at.getTime()));
  return Math.max(0, Math.round(((input.newPrice - input.currentPrice) * left) / total));
}
