import {
  availablePaymentMethods, CHECKOUT_TYPES, countryPermits, checkVatNumber, computeTotals, DUTY_RATES, isCheckoutType, lineAllowed,
  reverseChargeApplies, shippingMethodsFor, type CheckoutTotals, type CheckoutType, type Currency, type LineTotals, type PaymentMethod,
  type TaxedMoney, applyTax,
} from '@probe/domain';
import { type CatalogueReads, type CatalogueSnapshot, type CatalogueVariant, countryRate } from '../catalogue/index.ts';
import { CheckoutFailure, fail, type CheckoutError } from './errors.ts';
import { findPromo, type Executor, type LineRow, type LoadedCheckout, type PromoRow } from './repo.ts';
import { isProbe, TRADE_IN_PERCENT, tradeInOf } from './trade-in.ts';
import { isDiscount, voucherProblem } from './voucher.ts';
import { learnerPromo } from './learner-price.ts';
import { seatLimits, seatProblem, seatedPlanOf, type SeatedPlan, type SeatLimits } from './seats.ts';

export interface PricedLine {
  row: LineRow;
  /** Null when the variant is gone or no longer sold in the checkout's country. */
  variant: CatalogueVariant | null;
  totals: LineTotals | null;
}

export interface PricedCheckout extends LoadedCheckout {
  snapshot: CatalogueSnapshot;
  currency: Currency;
  bundleType: CheckoutType;
  lines: LineRow[];
  priced: PricedLine[];
  totals: CheckoutTotals;
  promo: PromoRow | null;
  isShippingRequired: boolean;
  shippingMethods: Array<{ id: string; price: TaxedMoney; days: [number, number] }>;
  paymentMethods: PaymentMethod[];
  requiredAttestations: readonly string[];
  reverseCharge: boolean;
  /** The Shop's seat limits, read only when a line is a Team or Clinic plan (its quantity is its seats). */
  seatLimits: Record<SeatedPlan, SeatLimits> | null;
  /** What stands between this checkout and an order, for the buyer to see before placing it. */
  problems: CheckoutError[];
}

const variantIndex = new WeakMap<CatalogueSnapshot, Map<number, CatalogueVariant>>();
export function variantById(snapshot: CatalogueSnapshot, id: number): CatalogueVariant | null {
  let index = variantIndex.get(snapshot);
  if (!index) {
    index = new Map(snapshot.products.flatMap((p) => p.variants.map((v) => [v.id, v] as const)));
    variantIndex.set(snapshot, index);
  }
  return index.get(id) ?? null;
}

/**
 * Everything money and rules say about a checkout, recomputed from the catalogue and tax tables each
 * time (a price the client sends is never used): line and order totals, shipping, voucher, reverse
 * charge, the payment methods and attestations its type requires, and its problems.
 */
export async function priceCheckout(db: Executor, snapshot: CatalogueSnapshot, checkout: LoadedCheckout, now: Date): Promise<PricedCheckout> {
  const { row, lines } = checkout;
  if (snapshot.country.code !== row.country || snapshot.language !== row.language) throw new Error(`checkout ${row.token}: snapshot of another country`);
  const currency = snapshot.country.currency.toLowerCase() as Currency;
  const bundleType: CheckoutType = isCheckoutType(row.bundleType) ? row.bundleType : 'INDIVIDUAL_CHECKOUT';
  const problems: CheckoutError[] = [];

  const priced = lines.map((line) => {
    const variant = variantById(snapshot, line.variantId);
    return { row: line, variant: variant?.price ? variant : null };
  });
  for (const line of priced) {
    if (!line.variant) problems.push(fail('PRODUCTS_ARE_CHANGED', 'lines', 'An item in your cart is no longer available'));
    else if (!lineAllowed(bundleType, line.variant)) problems.push(fail('BUNDLE_NOT_FOUND', 'lines', `${line.variant.sku} cannot be bought in this purchase`));
    else if (!countryPermits(snapshot.country.permissions, line.variant)) problems.push(notPermitted(line.variant.sku));
    else if (line.variant.trackInventory && line.variant.stock < line.row.quantity) {
      problems.push(fail('INSUFFICIENT_STOCK', 'lines', `Only ${line.variant.stock} of ${line.variant.sku} left`));
    }
  }
  const available = priced.filter((l): l is { row: LineRow; variant: CatalogueVariant } => l.variant !== null);
  const isShippingRequired = available.some((l) => l.variant.product.productType.isShippingRequired);
  // A Team or Clinic plan is bought with the Shop's minimum to maximum seats (its quantity).
  const limits = available.some((l) => seatedPlanOf(l.variant)) ? await seatLimits(db) : null;
  for (const line of limits ? available : []) {
    const problem = seatProblem(line.variant, line.row.quantity, limits!);
    if (problem) problems.push(problem);
  }

  const vat = row.vatNumber ? checkVatNumber(row.vatNumber, row.country) : null;
  const reverseCharge = reverseChargeApplies(vat);
  const taxAddress = isShippingRequired ? row.shippingAddress : row.billingAddress;
  // A state's or province's rates come with the catalogue (same version as its prices).
  const areaRates = (taxAddress?.country === row.country && taxAddress.countryArea ? snapshot.country.areaRates[taxAddress.countryArea] : undefined) ?? {};
  const rateOf = (taxClass: string) => areaRates[taxClass] ?? countryRate(snapshot.country, taxClass);

  const voucherContext = {
    country: row.country, bundleType, now,
    lines: available.map((l) => ({ sku: l.variant.sku, onSale: l.variant.price!.amountUndiscounted > l.variant.price!.amount, isFree: l.row.isFree })),
  };
  let promo = row.voucherCode ? await findPromo(db, row.voucherCode) : null;
  if (promo) {
    const problem = voucherProblem(promo, { ...voucherContext, appliedPromo: promo });
    if (problem) {
      problems.push(problem);
      promo = null;
    }
  } else if (row.userId) {
    promo = await learnerPromo(db, row.userId, voucherContext);
  }

  const shippingMethods = isShippingRequired
    ? shippingMethodsFor(row.country, currency).map((m) => ({ id: m.id, days: m.days, price: applyTax(m.price, currency, rateOf('STANDARD'), snapshot.country.pricesEntered) }))
    : [];
  const shipping = isShippingRequired ? shippingMethods.find((m) => m.id === row.shippingMethod) : undefined;
  const totals = computeTotals({
    currency,
    pricesEntered: snapshot.country.pricesEntered,
    reverseCharge,
    dutyRate: DUTY_RATES[row.country] ?? null,
    voucher: promo && isDiscount(promo) ? promo : null,
    tradeIn: tradeInOf(row.tradeInData) ? { percent: TRADE_IN_PERCENT } : null,
    shipping: shipping ? { amount: shippingMethodsFor(row.country, currency).find((m) => m.id === shipping.id)!.price, taxRate: rateOf('STANDARD') } : null,
    lines: available.map((l) => ({
      id: String(l.row.id),
      sku: l.variant.sku,
      quantity: l.row.quantity,
      isFree: l.row.isFree,
      unitAmount: l.variant.price!.amount,
      unitUndiscounted: l.variant.price!.amountUndiscounted,
      taxRate: rateOf(l.variant.product.productType.taxClass),
      isPhysical: l.variant.product.productType.isShippingRequired,
      isProbe: isProbe(l.variant),
    })),
  });
  const totalsById = new Map(totals.lines.map((t) => [t.id, t]));
  return {
    ...checkout,
    snapshot,
    currency,
    bundleType,
    priced: priced.map((l) => ({ ...l, totals: totalsById.get(String(l.row.id)) ?? null })),
    totals,
    promo,
    isShippingRequired,
    shippingMethods,
    paymentMethods: availablePaymentMethods(bundleType, row.country, totals.total.gross),
    requiredAttestations: CHECKOUT_TYPES[bundleType].attestations,
    reverseCharge,
    seatLimits: limits,
    problems,
  };
}


/**
 * A checkout's catalogue snapshot, read BEFORE a transaction opens: the embedded database has one
 * connection, so nothing inside a transaction may wait for a query outside it.
 */
export async function snapshotFor(catalogue: CatalogueReads, country: string, language: string): Promise<CatalogueSnapshot> {
  const snapshot = await catalogue.snapshot(country, language);
  if (!snapshot) throw new CheckoutFailure([fail('COUNTRY_NOT_AVAILABLE', 'country', 'The store does not sell in this country')]);
  return snapshot;
}

/** Inside the transaction: the locked checkout must still be in the snapshot's country and language. */
export function assertSameLocale(snapshot: CatalogueSnapshot, checkout: LoadedCheckout): void {
  if (snapshot.country.code !== checkout.row.country || snapshot.language !== checkout.row.language) {
    throw new CheckoutFailure([fail('VERSION_CONFLICT', 'country', 'The checkout changed in another window; try again')]);
  }
}

/** Spec 6: a line of restricted shop data (team plans, their vet variants) that the checkout's country does not permit. */
export const notPermitted = (sku: string, field = 'lines') => fail('NO_PERMISSIONS', field, `${sku} is not sold in this country (its country permissions)`);
