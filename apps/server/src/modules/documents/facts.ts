import { schema, type Database } from '@probe/db';
import { intlLocale, isKnownCountry, isUrlLanguage, type UrlLanguage } from '@probe/domain';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { addressLines } from '../address/index.ts';

/** The documents an order's token downloads; a credit note is downloaded by its order's token and its number (credit-note-facts.ts). */
export const DOCUMENT_KINDS = ['invoice', 'quote'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

type OrderRow = typeof schema.orders.$inferSelect;
type Address = OrderRow['billingAddress'];

/** Everything an invoice or a quote prints, read from the order as it is now. */
export interface DocumentFacts {
  kind: DocumentKind | 'credit_note';
  number: string;
  orderToken: string;
  language: UrlLanguage;
  /** Intl locale of the order's country and language (money, dates). */
  locale: string;
  country: string;
  currency: string;
  createdAt: Date;
  email: string;
  billingAddress: Address;
  shippingAddress: Address | null;
  /** The addresses' lines as their countries write them (the i18n address metadata), without the country's name. */
  billingLines?: string[];
  shippingLines?: string[] | null;
  vatNumber: string | null;
  reverseCharge: boolean;
  paymentMethod: string;
  chargeStatus: string;
  card: { brand: string; lastDigits: string } | null;
  invoice: { token: string; status: string; dueAt: Date; paidAt: Date | null } | null;
  quoteData: Record<string, string> | null;
  voucherCode: string | null;
  /** `service`: a subscription or another line that ships nothing (reverse charge under Art. 196 rather than Art. 138). */
  lines: Array<{ name: string; sku: string; quantity: number; isFree: boolean; unitNet: number; unitGross: number; totalNet: number; totalGross: number; service: boolean }>;
  shipping: { net: number; gross: number } | null;
  tradeIn: { net: number; gross: number } | null;
  totalNet: number;
  totalTax: number;
  totalGross: number;
  /** The date of supply: the day the last parcel left (goods), else the day the order was placed. */
  suppliedAt: Date;
  /** When the store cancelled the order: its invoice is void. */
  cancelledAt: Date | null;
  /** Of a credit note: its number, the refund's date and what it gave back. */
  creditNote?: { number: string; issuedAt: Date; reason: string | null } | null;
}

/** A credit note's printed number: its place in the credit notes' own series. */
export const creditNoteNumber = (n: number) => `CN-${String(n).padStart(6, '0')}`;

/** Whether each order line ships (its product type needs shipping; a line whose product is gone counts as goods), by line id. */
export async function lineShipsOf(db: Pick<Database, 'select'>, orderId: number): Promise<Map<number, boolean>> {
  const rows = await db.select({ id: schema.orderLines.id, ships: sql<boolean>`coalesce(${schema.productTypes.isShippingRequired}, true)` }).from(schema.orderLines)
    .leftJoin(schema.productVariants, eq(schema.productVariants.id, schema.orderLines.variantId))
    .leftJoin(schema.products, eq(schema.products.id, schema.productVariants.productId))
    .leftJoin(schema.productTypes, eq(schema.productTypes.id, schema.products.productTypeId))
    .where(eq(schema.orderLines.orderId, orderId));
  return new Map(rows.map((r) => [r.id, r.ships]));
}

/** The day the order's last parcel was recorded, or null before any. */
export async function lastShippedAt(db: Pick<Database, 'select'>, orderId: number): Promise<Date | null> {
  const [row] = await db.select({ at: sql<string | Date | null>`max(${schema.shipments.createdAt})` }).from(schema.shipments).where(eq(schema.shipments.orderId, orderId));
  return row?.at ? new Date(row.at) : null;
}

/** Which order: by its token (the buyer's key), its number (staff) or its id. */
export type OrderRef = { token: string } | { number: string } | { id: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function where(ref: OrderRef): SQL | null {
  if ('token' in ref) return UUID.test(ref.token) ? eq(schema.orders.token, ref.token) : null;
  if ('number' in ref) return eq(schema.orders.number, ref.number);
  return eq(schema.orders.id, ref.id);
}

/** The order language as a store language (American English is English). */
export function storeLanguage(language: string): UrlLanguage {
  const code = language.slice(0, 2).toLowerCase();
  return isUrlLanguage(code) ? code : 'en';
}

/**
 * The facts of an order's document, or null when there is no such order or no such document: every
 * order has an invoice; only an order placed on an electronic quote has a quote.
 */
export async function documentFacts(db: Database, ref: OrderRef, kind: DocumentKind): Promise<DocumentFacts | null> {
  const condition = where(ref);
  if (!condition) return null;
  const [order] = await db.select().from(schema.orders).where(condition);
  if (!order) return null;
  const [lines, payments, invoices, ships, shippedAt] = await Promise.all([
    db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id)).orderBy(asc(schema.orderLines.id)),
    db.select().from(schema.payments).where(eq(schema.payments.orderId, order.id)).orderBy(asc(schema.payments.createdAt)),
    db.select().from(schema.invoices).where(eq(schema.invoices.orderId, order.id)),
    lineShipsOf(db, order.id),
    lastShippedAt(db, order.id),
  ]);
  const invoice = invoices[0] ?? null;
  if (kind === 'quote' && (order.paymentMethod !== 'ELECTRONIC_QUOTE' || !invoice)) return null;
  const language = storeLanguage(order.language);
  const country = order.country.toUpperCase();
  const paidCard = [...payments].reverse().find((p) => p.status === 'SUCCEEDED' && p.ccLastDigits);
  const savedCard = paidCard ? null : await chargedMethodOf(db, order.idempotencyKey);
  return {
    kind,
    number: order.number,
    orderToken: order.token,
    language,
    locale: isKnownCountry(country) ? intlLocale(country, language) : language,
    country,
    currency: order.currency.toUpperCase(),
    createdAt: order.createdAt,
    email: order.email,
    billingAddress: order.billingAddress,
    shippingAddress: order.shippingAddress,
    billingLines: addressLines(order.billingAddress),
    shippingLines: order.shippingAddress ? addressLines(order.shippingAddress) : null,
    vatNumber: order.vatNumber,
    reverseCharge: order.reverseCharge,
    paymentMethod: order.paymentMethod,
    chargeStatus: order.chargeStatus,
    card: paidCard ? { brand: paidCard.ccBrand ?? '', lastDigits: paidCard.ccLastDigits! } : savedCard,
    invoice: invoice ? { token: invoice.token, status: invoice.status, dueAt: invoice.dueAt, paidAt: invoice.paidAt } : null,
    quoteData: order.quoteData,
    voucherCode: order.voucher?.code ?? null,
    lines: lines.map((l) => ({
      name: l.variantName && l.variantName !== l.productName ? `${l.productName} (${l.variantName})` : l.productName,
      sku: l.productSku, quantity: l.quantity, isFree: l.isFree, unitNet: l.unitNet, unitGross: l.unitGross, totalNet: l.totalNet, totalGross: l.totalGross,
      service: ships.get(l.id) === false,
    })),
    shipping: order.shippingMethod || order.shippingGross > 0 ? { net: order.shippingNet, gross: order.shippingGross } : null,
    tradeIn: order.tradeIn ? { net: order.tradeIn.creditNet, gross: order.tradeIn.credit } : null,
    totalNet: order.totalNet,
    totalTax: order.totalTax,
    totalGross: order.totalGross,
    suppliedAt: shippedAt ?? order.createdAt,
    cancelledAt: order.cancelledAt,
  };
}

/**
 * The saved method a subscription charge was paid from, for the receipt of that charge (an order keyed
 * `subscription-charge:{id}`, decision 0042, has no payment row of its own: its charge row holds it).
 */
async function chargedMethodOf(db: Database, key: string): Promise<{ brand: string; lastDigits: string } | null> {
  const id = /^subscription-charge:(\d+)$/.exec(key)?.[1];
  if (!id) return null;
  const [row] = await db.select({ brand: schema.savedPaymentMethods.brand, lastDigits: schema.savedPaymentMethods.lastDigits, kind: schema.savedPaymentMethods.kind })
    .from(schema.subscriptionCharges)
    .innerJoin(schema.savedPaymentMethods, eq(schema.savedPaymentMethods.id, schema.subscriptionCharges.paymentMethodId))
    .where(eq(schema.subscriptionCharges.id, Number(id)));
  return row?.kind === 'CREDIT_CARD' ? { brand: row.brand ?? '', lastDigits: row.lastDigits } : null;
}
