import { schema, type Database } from '@probe/db';
import { eq } from 'drizzle-orm';
import type { UrlLanguage } from '@probe/domain';
import { documentText, lineShipsOf, placeLines } from '../../documents/index.ts';
import type { OrderDetails, OrderRow } from '../place-order.ts';

type Address = OrderRow['billingAddress'];

/**
 * What a receipt e-mail lists, in the amounts the buyer's order page shows: each line, the subtotal, the
 * discounts (voucher, trade-in, offers), shipping, the tax (included, added, or reverse charge), the total,
 * and both addresses. Lines, subtotal, trade-in and shipping are gross where the order's country
 * shows prices with tax (the page's `displayGrossPrices`), else net, as the page shows them; the tax and the
 * total are the invoice's. Amounts in minor units; words that are the invoice's (bill to, ship to, VAT number,
 * the reverse-charge wording) are taken from the invoice's catalogue, already in the order's language.
 */
export interface Receipt {
  gross: boolean;
  reverseCharge: boolean;
  lines: Array<{ name: string; quantity: number; amount: number; free: boolean }>;
  subtotal: number;
  discounts: Array<{ kind: 'voucher' | 'tradeIn' | 'offer'; label: string; amount: number }>;
  shipping: number | null;
  tax: number;
  total: number;
  shipTo: string[] | null;
  billTo: string[];
  vatNumber: string | null;
  /** The invoice's reverse-charge wording (goods under Art. 138, services under Art. 196), when it applies. */
  notes: string[];
  words: { billTo: string; shipTo: string; vatNumber: string };
}

/** An address's printed lines, the country named in the order's language (as the invoice prints it). */
function addressLines(a: Address, countryName: (code: string) => string): string[] {
  return [`${a.firstName} ${a.lastName}`.trim(), a.companyName, a.streetAddress1, a.streetAddress2, ...placeLines(a), countryName(a.country)].filter((l): l is string => !!l?.trim());
}

/** The receipt of an order, from the order as it is now. */
export async function receiptOf(db: Pick<Database, 'select'>, order: OrderRow, details: Pick<OrderDetails, 'lines'>, language: UrlLanguage, locale: string): Promise<Receipt> {
  const [country] = await db.select({ gross: schema.countries.displayGrossPrices }).from(schema.countries).where(eq(schema.countries.code, order.country.toUpperCase()));
  const gross = country?.gross ?? true;
  const w = documentText(language);
  const regions = new Intl.DisplayNames([locale, language, 'en'], { type: 'region' });
  const countryName = (code: string) => regions.of(code.toUpperCase()) ?? code;
  const shown = (net: number, withTax: number) => (gross ? withTax : net);
  const ships = new Set([...await lineShipsOf(db, order.id)].filter(([, goods]) => goods).map(([id]) => id));
  const discounts: Receipt['discounts'] = [];
  if (order.voucher) discounts.push({ kind: 'voucher', label: order.voucher.code, amount: order.voucher.discountValue });
  if (order.tradeIn) discounts.push({ kind: 'tradeIn', label: order.tradeIn.serialNumber, amount: shown(order.tradeIn.creditNet, order.tradeIn.credit) });
  for (const offer of order.offers.filter((o) => o.name !== order.voucher?.name)) discounts.push({ kind: 'offer', label: offer.name, amount: offer.discountValue });
  const notes = order.reverseCharge
    ? [details.lines.some((l) => ships.has(l.id)) || order.shippingGross > 0 ? w('reverseChargeGoods') : null, details.lines.some((l) => !ships.has(l.id)) ? w('reverseCharge') : null].filter((n): n is string => !!n)
    : [];
  return {
    gross,
    reverseCharge: order.reverseCharge,
    lines: details.lines.map((l) => ({
      name: l.variantName && l.variantName !== l.productName ? `${l.productName} (${l.variantName})` : l.productName,
      quantity: l.quantity, amount: shown(l.totalNet, l.totalGross), free: l.isFree,
    })),
    subtotal: shown(order.subtotalNet, order.subtotalGross),
    discounts,
    shipping: order.shippingMethod || order.shippingGross > 0 ? shown(order.shippingNet, order.shippingGross) : null,
    tax: order.totalTax,
    total: order.totalGross,
    shipTo: order.shippingAddress ? addressLines(order.shippingAddress, countryName) : null,
    billTo: addressLines(order.billingAddress, countryName),
    vatNumber: order.vatNumber,
    notes,
    words: { billTo: w('billTo'), shipTo: w('shipTo'), vatNumber: w('vatNumber') },
  };
}
