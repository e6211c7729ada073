import { useIntl } from 'react-intl';
import { Money } from '../../ui/money.tsx';
import type { CheckoutFields, Taxed } from './operations.ts';

const shown = (t: Taxed, gross: boolean) => (gross ? t.gross.fractionalAmount : t.net.fractionalAmount);

/** The money of a checkout as the buyer checks it: subtotal, discount, trade-in credit, shipping, tax, total, savings, duty. */
export function Totals({ checkout }: { checkout: CheckoutFields }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const gross = checkout.displayGrossPrices;
  const c = checkout.currency;
  return (
    <dl className="totals">
      <div><dt>{t('cart.subtotal')}</dt><dd><Money amount={shown(checkout.subtotalPrice, gross)} currency={c} /></dd></div>
      {checkout.discountAmount.fractionalAmount > 0 ? (
        <div className="totals__discount"><dt>{checkout.learnerPrice ? t('cart.studentPrice') : checkout.discountName ?? t('cart.discount')}</dt><dd><Money amount={checkout.discountAmount.fractionalAmount} currency={c} negative /></dd></div>
      ) : null}
      {checkout.tradeInCredit.gross.fractionalAmount > 0 ? (
        <div className="totals__discount"><dt>{t('cart.tradeInCredit')}</dt><dd><Money amount={shown(checkout.tradeInCredit, gross)} currency={c} negative /></dd></div>
      ) : null}
      {checkout.isShippingRequired ? (
        <div><dt>{t('cart.shipping')}</dt><dd>{checkout.shippingMethod
          ? (checkout.shippingPrice.gross.fractionalAmount === 0 ? t('cart.shippingFree') : <Money amount={shown(checkout.shippingPrice, gross)} currency={c} />)
          : t('cart.shippingLater')}</dd></div>
      ) : null}
      <div><dt>{checkout.taxExemption ? t('cart.reverseCharge') : gross ? t('cart.taxIncluded') : t('cart.tax')}</dt><dd><Money amount={checkout.totalPrice.tax.fractionalAmount} currency={c} /></dd></div>
      <div className="totals__total"><dt>{t('cart.total')}</dt><dd data-testid="checkout-total"><Money amount={checkout.totalPrice.gross.fractionalAmount} currency={c} /></dd></div>
      {checkout.totalSavings.fractionalAmount > 0 ? (
        <div className="totals__savings"><dt>{t('cart.savings')}</dt><dd><Money amount={checkout.totalSavings.fractionalAmount} currency={c} /></dd></div>
      ) : null}
      {checkout.estimatedDuty ? (
        <div className="totals__note"><dt>{t('cart.estimatedDuty')}</dt><dd><Money amount={checkout.estimatedDuty.fractionalAmount} currency={c} /></dd></div>
      ) : null}
    </dl>
  );
}

/** The lines, compactly (checkout aside). */
export function LineList({ checkout }: { checkout: CheckoutFields }) {
  const intl = useIntl();
  return (
    <ul className="line-list">
      {checkout.lines.map((line) => (
        <li key={line.id}>
          <span className="line-list__name">{line.quantity} × {line.variant?.product.name ?? intl.formatMessage({ id: 'cart.unavailable' })}
            {line.variant ? <small> · {line.variant.name}</small> : null}</span>
          <span>{line.isFreeItemLine ? intl.formatMessage({ id: 'cart.free' }) : line.totalPriceDiscounted
            ? <Money amount={shown(line.totalPriceDiscounted, checkout.displayGrossPrices)} currency={checkout.currency} /> : null}</span>
        </li>
      ))}
    </ul>
  );
}

export { shown as shownAmount };
