import { divideRounded } from './money.ts';

/** A taxed price as the API gives it: minor units. */
export interface DisplayablePrice {
  currency: string;
  net: number;
  gross: number;
}

export interface PriceDisplayOptions {
  /** The VAT flag: show gross (tax-inclusive) amounts; otherwise net. */
  displayGross: boolean;
  /** Show the amount per month: the (yearly) amount divided by 12. */
  perMonth?: boolean;
  /** "mo" (per month) or "yr" (per year) after the amount. */
  suffix?: 'mo' | 'yr' | null;
  /** The route's locale, e.g. de-DE. */
  locale: string;
}

export interface PriceDisplay {
  /** The price to show, formatted in the route's locale and currency. */
  current: string;
  /** The previous price, struck through — only when it is greater than the current one. */
  previous: string | null;
  suffix: 'mo' | 'yr' | null;
  /** The highlighted style: used when a previous price is shown (a saving). */
  highlighted: boolean;
  /** The amount shown, in minor units (for tests and analytics). */
  amount: number;
}

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, currency: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${fractionDigits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Spec §1, §2, §9: how every screen shows a price. Net or gross by the VAT flag; per month is the
 * amount divided by 12; 0 fraction digits when shown per month with no cents or with a suffix,
 * otherwise 2; the struck-through previous price only when it is greater than the current one.
 */
export function displayPrice(price: DisplayablePrice, previous: DisplayablePrice | null | undefined, options: PriceDisplayOptions): PriceDisplay {
  const pick = (p: DisplayablePrice) => {
    const amount = options.displayGross ? p.gross : p.net;
    return options.perMonth ? divideRounded(amount, 12) : amount;
  };
  const amount = pick(price);
  const before = previous ? pick(previous) : null;
  const suffix = options.suffix ?? null;
  const digits = (value: number) => ((options.perMonth && value % 100 === 0) || suffix ? 0 : 2);
  const format = (value: number) => formatter(options.locale, price.currency, digits(value)).format(value / 100);
  const showPrevious = before !== null && before > amount;
  return { current: format(amount), previous: showPrevious ? format(before) : null, suffix, highlighted: showPrevious, amount };
}

/** An exact amount (minor units, two fraction digits) in the route's locale and currency: totals, lines, receipts. */
export function formatMinor(amount: number, currency: string, locale: string): string {
  return formatter(locale, currency, 2).format(divideRounded(amount * 100, 100) / 100);
}
