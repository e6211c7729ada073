import { schema } from '@probe/db';
import { and, inArray, isNull } from 'drizzle-orm';
import { verifiedLearnerMarkets } from '../learners/index.ts';
import { getShopSettings } from '../shop/index.ts';
import type { Executor, PromoRow } from './repo.ts';
import { voucherProblem, type VoucherContext } from './voucher.ts';

/** Each learner market's student price: its promo kind and the shop program flag that runs it. */
const STUDENT_PRICES = { HUMAN: { kind: 'STUDENT', flag: 'studentPromo' }, VETERINARY: { kind: 'VET_STUDENT', flag: 'vetStudentPromo' } } as const;

/**
 * The student price a verified learner's checkout gets when no code is entered: the promo (without a
 * code) of a market the user is verified in, while the shop runs it, when it applies to the cart's items.
 * A code the buyer enters replaces it (one promo per order, as for vouchers).
 */
export async function learnerPromo(db: Executor, userId: string, context: Omit<VoucherContext, 'appliedPromo'>): Promise<PromoRow | null> {
  const markets = await verifiedLearnerMarkets(db, userId, context.now);
  if (!markets.length) return null;
  const flags = (await getShopSettings(db)).programFlags;
  const kinds = markets.map((m) => STUDENT_PRICES[m]).filter((p) => flags[p.flag] === true).map((p) => p.kind);
  if (!kinds.length) return null;
  const promos = await db.select().from(schema.promos).where(and(isNull(schema.promos.code), inArray(schema.promos.codeKind, kinds)));
  return promos.find((p) => p.isActive && !voucherProblem(p, { ...context, appliedPromo: null })) ?? null;
}

/** Whether a checkout's promo is a student price (shown as such, not as a code). */
export function isLearnerPromo(promo: PromoRow | null): boolean {
  return promo !== null && promo.code === null && Object.values(STUDENT_PRICES).some((p) => p.kind === promo.codeKind);
}
