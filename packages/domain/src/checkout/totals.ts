import type { Currency } from '../markets/countries.ts';
import { unitDiscount, type PromoTerms } from '../pricing/promo.ts';
import { applyTax, percentOf, scaleTaxed, zeroTaxed, type TaxedMoney } from '../pricing/tax.ts';

export interface TotalsLine {
  id: string;
  sku: string;
  quantity: number;
  /** A promo's free item: charged 0, its value counted as a saving. */
  isFree: boolean;
  /** Unit price as entered for the country (net or gross), minor units. */
  unitAmount: number;
  /** Unit list price as entered (≥ unitAmount when the item is on sale). */
  unitUndiscounted: number;
  /** The rate of the line's tax class at the destination, 0.001 % units. */
  taxRate: number;
  /** Whether the line is a physical good (counts for estimated duty). */
  isPhysical: boolean;
  /** Whether the line is a probe (a trade-in's credit goes off one). */
  isProbe?: boolean;
}

export interface TotalsInput {
  currency: Currency;
  pricesEntered: 'net' | 'gross';
  lines: TotalsLine[];
  /** A voucher already found usable for this checkout (country, dates, limits), or null. */
  voucher: (PromoTerms & { applyNTimesPerOrder?: number | null }) | null;
  shipping: { amount: number; taxRate: number } | null;
  /** Reverse charge (a valid VAT number of another EU member state): the buyer pays the net, no VAT. */
  reverseCharge: boolean;
  /** Import duty rate at the destination, 0.001 % units; null where none applies. */
  dutyRate: number | null;
  /** A traded-in probe: its credit, this share (0.001 % units) of one new probe's price after the voucher. */
  tradeIn?: { percent: number } | null;
}

export interface LineTotals {
  id: string;
  unitPrice: TaxedMoney;
  unitPriceUndiscounted: TaxedMoney;
  totalPrice: TaxedMoney;
  totalPriceDiscounted: TaxedMoney;
}

export interface CheckoutTotals {
  lines: LineTotals[];
  subtotal: TaxedMoney;
  subtotalWithDiscounts: TaxedMoney;
  /** The voucher's discount, gross (as shown to the buyer). */
  discount: number;
  /** The trade-in credit; zero without a trade-in or without a probe to credit it against. */
  tradeInCredit: TaxedMoney;
  shipping: TaxedMoney;
  total: TaxedMoney;
  /** List prices minus what is paid for the items: sale reductions, the voucher, free items. */
  totalSavings: number;
  estimatedDuty: number | null;
}

function add(a: TaxedMoney, ...more: TaxedMoney[]): TaxedMoney {
  return more.reduce((sum, b) => ({ currency: sum.currency, net: sum.net + b.net, tax: sum.tax + b.tax, gross: sum.gross + b.gross }), a);
}

function negate(m: TaxedMoney): TaxedMoney {
  return { currency: m.currency, net: -m.net, tax: -m.tax, gross: -m.gross };
}

/**
 * All of a checkout's money, in integer minor units, computed in one place on the server (the client
 * never sends a price). Each unit is taxed once and scaled, so net + tax = gross holds for every line and
 * every sum.
 */
export function computeTotals(input: TotalsInput): CheckoutTotals {
  const { currency, pricesEntered, reverseCharge } = input;
  const taxed = (amount: number, rate: number): TaxedMoney => {
    const price = applyTax(amount, currency, rate, pricesEntered);
    return reverseCharge ? { currency, net: price.net, tax: 0, gross: price.net } : price;
  };
  let voucherUses = input.voucher?.applyNTimesPerOrder ?? Infinity;
  let savings = 0;
  /** Each line's lowest unit price as entered, after the voucher (a trade-in's credit is a share of it). */
  const enteredUnits: number[] = [];
  const lines = input.lines.map((line): LineTotals => {
    const unitAmount = line.isFree ? 0 : line.unitAmount;
    const unitPrice = taxed(unitAmount, line.taxRate);
    const unitPriceUndiscounted = taxed(Math.max(line.unitUndiscounted, line.unitAmount), line.taxRate);
    const totalPrice = scaleTaxed(unitPrice, line.quantity);
    let totalPriceDiscounted = totalPrice;
    enteredUnits.push(unitAmount);
    // A voucher does not combine with a sale: items already reduced keep their sale price.
    const onSale = line.unitUndiscounted > line.unitAmount;
    if (input.voucher && !line.isFree && !onSale && voucherUses > 0) {
      const off = unitDiscount(input.voucher, line.sku, unitAmount, currency);
      const discounted = Math.min(line.quantity, voucherUses);
      if (off > 0) {
        voucherUses -= discounted;
        enteredUnits[enteredUnits.length - 1] = unitAmount - off;
        totalPriceDiscounted = add(scaleTaxed(taxed(unitAmount - off, line.taxRate), discounted), scaleTaxed(unitPrice, line.quantity - discounted));
      }
    }
    savings += scaleTaxed(unitPriceUndiscounted, line.quantity).gross - totalPrice.gross;
    return { id: line.id, unitPrice, unitPriceUndiscounted, totalPrice, totalPriceDiscounted };
  });
  const credit = input.tradeIn ? tradeInCredit(input, enteredUnits, input.tradeIn.percent, taxed) : zeroTaxed(currency);
  const physicalNet = lines.reduce((sum, l, i) => sum + (input.lines[i]!.isPhysical ? l.totalPriceDiscounted.net : 0), 0) - credit.net;
  const subtotal = lines.reduce((sum, l) => add(sum, l.totalPrice), zeroTaxed(currency));
  const subtotalWithDiscounts = lines.reduce((sum, l) => add(sum, l.totalPriceDiscounted), zeroTaxed(currency));
  const discount = subtotal.gross - subtotalWithDiscounts.gross;
  const shipping = input.shipping ? taxed(input.shipping.amount, input.shipping.taxRate) : zeroTaxed(currency);
  return {
    lines,
    subtotal,
    subtotalWithDiscounts,
    discount,
    tradeInCredit: credit,
    shipping,
    total: add(subtotalWithDiscounts, shipping, negate(credit)),
    totalSavings: savings + discount + credit.gross,
    estimatedDuty: input.dutyRate === null || physicalNet === 0 ? null : percentOf(physicalNet, input.dutyRate),
  };
}

/**
 * A trade-in's credit: a share of one unit of the dearest probe, as entered after the voucher, taxed at
 * that probe's rate. It comes off the order as a whole (like a credit note), not off a line, so lines
 * still add up to the subtotal the buyer sees; it lowers the tax by the tax it carries.
 */
function tradeInCredit(input: TotalsInput, enteredUnits: number[], percent: number, taxed: (amount: number, rate: number) => TaxedMoney): TaxedMoney {
  let best = -1;
  input.lines.forEach((line, i) => {
    if (line.isProbe && !line.isFree && line.quantity > 0 && (best < 0 || enteredUnits[i]! > enteredUnits[best]!)) best = i;
  });
  if (best < 0) return zeroTaxed(input.currency);
  return taxed(percentOf(enteredUnits[best]!, percent), input.lines[best]!.taxRate);
}
