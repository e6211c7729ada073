import { schema, type Database, type StoredAddress } from '@probe/db';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueReads } from '../catalogue/index.ts';
import { CheckoutService, type Executor, type PricedCheckout } from '../checkout/index.ts';
import type { VatChecker } from '../vat/index.ts';

/** What the draft orders' functions need of the app. */
export interface DraftDeps {
  db: Database;
  catalogue: CatalogueReads;
  now: () => Date;
  log?: FastifyBaseLogger;
  /** VIES, for a draft's VAT number (absent: its format only, as the checkout does). */
  vat?: VatChecker;
}

export type DraftRow = typeof schema.draftOrders.$inferSelect;

/** A draft's state as the console and the pay link say it: PAID is read from its checkout (its order placed). */
export type DraftState = 'DRAFT' | 'SENT' | 'PAID' | 'CANCELLED';

/** What the console and the pay link show of a draft: its priced checkout's lines and totals, addresses, state. */
export interface DraftSummary {
  id: number;
  state: DraftState;
  email: string;
  country: string;
  language: string;
  currency: string;
  note: string | null;
  createdAt: Date;
  linkSentAt: Date | null;
  linkExpiresAt: Date | null;
  orderToken: string | null;
  orderNumber: string | null;
  /** Whether the order placed from it was cancelled afterwards (its invoice is void). */
  orderCancelled: boolean;
  lines: Array<{ variantId: number; sku: string; name: string; quantity: number; unitGross: number; totalGross: number }>;
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  shippingAddress: StoredAddress | null;
  billingAddress: StoredAddress | null;
  /** The buyer company's EU VAT number, as checked (normalized with its prefix). */
  vatNumber: string | null;
  /** No VAT charged: an intra-EU sale to a company with a valid VAT number of another member state. */
  reverseCharge: boolean;
  requiredAttestations: readonly string[];
}

export function draftNumber(id: number): string {
  return `D-${String(id).padStart(5, '0')}`;
}

/** The draft's row, its checkout priced as now, and its order once paid. */
export async function summarize(deps: DraftDeps, draft: DraftRow): Promise<DraftSummary | null> {
  const [checkout] = await deps.db.select().from(schema.checkouts).where(eq(schema.checkouts.id, draft.checkoutId));
  if (!checkout) return null;
  const order = checkout.completedOrderToken ? await orderOf(deps.db, checkout.completedOrderToken) : null;
  // Priced as the anonymous buyer sees it (the checkout has no owner until cancelled: see cancelDraft).
  const priced = await new CheckoutService({ db: deps.db, catalogue: deps.catalogue, now: deps.now, userId: checkout.userId }).get(checkout.token);
  const state: DraftState = order ? 'PAID' : (draft.status as DraftState);
  return {
    id: draft.id, state, email: checkout.email ?? '', country: checkout.country, language: checkout.language,
    currency: order?.currency ?? priced?.currency ?? '', note: draft.note, createdAt: draft.createdAt,
    linkSentAt: draft.linkSentAt, linkExpiresAt: draft.linkExpiresAt,
    orderToken: order?.token ?? null, orderNumber: order?.number ?? null, orderCancelled: !!order?.cancelledAt,
    ...(priced ? pricedParts(priced) : { lines: [], subtotal: 0, shipping: 0, tax: 0, total: 0, requiredAttestations: [] }),
    ...(order ? paidParts(order, priced?.snapshot.country.displayGrossPrices ?? true) : {}),
    shippingAddress: checkout.shippingAddress, billingAddress: checkout.billingAddress,
    vatNumber: order ? order.vatNumber : checkout.vatNumber, reverseCharge: order ? order.reverseCharge : (priced?.reverseCharge ?? false),
  };
}

/**
 * The draft's lines and sums as its country shows prices, as the checkout's summary does: with tax (the EU, VAT
 * included) or before it (the US and Canada, tax added: subtotal + shipping + tax = total).
 */
function pricedParts(priced: PricedCheckout) {
  const shown = (m: { net: number; gross: number }) => (priced.snapshot.country.displayGrossPrices ? m.gross : m.net);
  return {
    lines: priced.priced.filter((l) => l.variant && l.totals).map((l) => ({
      variantId: l.variant!.id, sku: l.variant!.sku, name: l.variant!.name ? `${l.variant!.product.name} · ${l.variant!.name}` : l.variant!.product.name,
      quantity: l.row.quantity, unitGross: shown(l.totals!.unitPrice), totalGross: shown(l.totals!.totalPriceDiscounted),
    })),
    subtotal: shown(priced.totals.subtotal), shipping: shown(priced.totals.shipping), tax: priced.totals.total.tax, total: priced.totals.total.gross,
    requiredAttestations: priced.requiredAttestations,
  };
}

/** A paid draft's sums from its order, shown the same way. */
function paidParts(order: { subtotalNet: number; subtotalGross: number; shippingNet: number; shippingGross: number; totalTax: number; totalGross: number }, gross: boolean) {
  return { subtotal: gross ? order.subtotalGross : order.subtotalNet, shipping: gross ? order.shippingGross : order.shippingNet, tax: order.totalTax, total: order.totalGross };
}

async function orderOf(db: Executor, token: string) {
  const [order] = await db.select().from(schema.orders).where(eq(schema.orders.token, token));
  return order ?? null;
}
