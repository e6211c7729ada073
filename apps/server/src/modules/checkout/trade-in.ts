import { schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import type { CatalogueVariant } from '../catalogue/index.ts';
import { getShopSettings } from '../shop/index.ts';
import { fail } from './errors.ts';
import type { Executor } from './repo.ts';

/** Probes the trade-in program takes back. */
export const TRADE_IN_MODELS = ['IQ', 'IQ_PLUS', 'OTHER_HANDHELD'];

/** A traded-in probe's credit: 10 % (0.001 % units) of one new probe's price after the voucher. */
export const TRADE_IN_PERCENT = 10_000;

export interface TradeIn {
  deviceModel: string;
  serialNumber: string;
}

/** A new probe a trade-in can be credited against (a device with a model, shipped). */
export function isProbe(variant: CatalogueVariant | null): boolean {
  return Boolean(variant?.model && variant.product.productType.isShippingRequired);
}

/** Whether the store runs its trade-in program (shop program flag tradeInProgram). */
export async function tradeInProgramRuns(db: Executor): Promise<boolean> {
  return (await getShopSettings(db)).programFlags.tradeInProgram === true;
}

/** The checkout's trade-in, when it names a model the program takes (stored data is re-checked each pricing). */
export function tradeInOf(data: Record<string, string> | null): TradeIn | null {
  if (!data?.deviceModel || !TRADE_IN_MODELS.includes(data.deviceModel)) return null;
  return { deviceModel: data.deviceModel, serialNumber: data.serialNumber ?? '' };
}

/** One physical probe is traded in once: the key an order stores (unique among orders). */
export function tradeInKey(tradeIn: TradeIn): string {
  return `${tradeIn.deviceModel}:${tradeIn.serialNumber}`;
}

/** The answer when an order already took the probe in. */
export const TRADE_IN_TAKEN = fail('OPERATION_NOT_ALLOWED', 'serialNumber', 'This probe has already been traded in');

/** Whether an order already took this probe in. */
export async function tradeInTaken(db: Executor, tradeIn: TradeIn): Promise<boolean> {
  const rows = await db.select({ id: schema.orders.id }).from(schema.orders).where(eq(schema.orders.tradeInKey, tradeInKey(tradeIn))).limit(1);
  return rows.length > 0;
}

/** Whether a write failed because another order took the same probe in meanwhile (the unique key). */
export function isTradeInConflict(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === '23505' && pg.constraint === 'orders_trade_in_key_unique') return true;
  }
  return false;
}
