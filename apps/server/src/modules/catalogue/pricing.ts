import { applyTax, unitDiscount, type Currency, type PromoTerms, type TaxedMoney } from '@probe/domain';
import type { CatalogueVariant } from './snapshot.ts';
import type { CountryTaxSettings } from './repo.ts';

export interface VariantPricing {
  onSale: boolean;
  price: TaxedMoney;
  priceUndiscounted: TaxedMoney;
  discount: TaxedMoney;
}

/** The country-wide rate of a tax class (0 where tax depends on the state or province, as in the US and Canada). */
export function countryRate(country: CountryTaxSettings, taxClass: string): number {
  return country.rates[taxClass]?.rate ?? 0;
}

/**
 * A variant's pricing in its country: the sale price, or the voucher's discount (when it applies and the item is not on sale),
 * the undiscounted list price, both taxed the way the country enters prices. onSale only when the
 * undiscounted price is higher. Null when the variant is not sold in the country.
 */
export function priceVariant(variant: CatalogueVariant, country: CountryTaxSettings, voucher: PromoTerms | null): VariantPricing | null {
  if (voucher) return computePricing(variant, country, voucher);
  // Without a voucher a variant's pricing depends only on the snapshot's objects: computed once per snapshot.
  let byCountry = listPricing.get(variant);
  if (!byCountry) listPricing.set(variant, (byCountry = new WeakMap()));
  let pricing = byCountry.get(country);
  if (pricing === undefined) byCountry.set(country, (pricing = computePricing(variant, country, null)));
  return pricing;
}

const listPricing = new WeakMap<CatalogueVariant, WeakMap<CountryTaxSettings, VariantPricing | null>>();

function computePricing(variant: CatalogueVariant, country: CountryTaxSettings, voucher: PromoTerms | null): VariantPricing | null {
  if (!variant.price) return null;
  const currency = variant.price.currency.toLowerCase() as Currency;
  const rate = countryRate(country, variant.product.productType.taxClass);
  // A voucher does not combine with a sale (the checkout's totals follow the same rule).
  const onSale = variant.price.amountUndiscounted > variant.price.amount;
  const discount = voucher && !onSale ? unitDiscount(voucher, variant.sku, variant.price.amount, currency) : 0;
  const price = applyTax(variant.price.amount - discount, currency, rate, country.pricesEntered);
  const priceUndiscounted = applyTax(Math.max(variant.price.amountUndiscounted, variant.price.amount), currency, rate, country.pricesEntered);
  return {
    onSale: priceUndiscounted.gross > price.gross,
    price,
    priceUndiscounted,
    discount: {
      currency,
      net: priceUndiscounted.net - price.net,
      tax: priceUndiscounted.tax - price.tax,
      gross: priceUndiscounted.gross - price.gross,
    },
  };
}
