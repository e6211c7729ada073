import { useQuery } from '@apollo/client/react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { CardBrandMark } from '../../../ui/card-brand-mark.tsx';
import { Money } from '../../../ui/money.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { brandName } from '../../subscriptions/method-label.ts';
import { LinePicture } from '../area/line-picture.tsx';
import { fulfilmentBadge, paymentBadge, paymentFailed } from '../area/order-status.ts';
import { PostalAddress, sameAddress } from '../area/postal-address.tsx';
import { StatusBadge } from '../area/status-badge.tsx';
import { ACCOUNT_ORDER, type AccountOrderDetails } from '../operations.ts';

type Taxed = AccountOrderDetails['total'];
const shown = (amount: Taxed, gross: boolean) => (gross ? amount.gross.fractionalAmount : amount.net.fractionalAmount);

/**
 * One order in the account, /{cc}/{lang}/account/orders/{number}/: what was bought, its totals, where it
 * goes and who pays, how it was paid, its parcels with tracking, and its documents (the invoice, the quote
 * of an order placed on one, a credit note per refund). Only the user's own orders: the server answers
 * null for anyone else's, shown as not found.
 */
export function Component() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const base = useBaseData();
  const { number = '' } = useParams();
  const { data, error } = useQuery(ACCOUNT_ORDER, { variables: { number }, fetchPolicy: 'network-only' });
  const order = data?.me?.order ?? null;
  usePageTitle(`${t('account.orderNumber', { number })} · ${t('account.title')} · ${t('app.brand')}`);
  usePageView(PAGE_VIEWS.myAccount);
  const back = <p className="order-page__back"><Link to={`${base.basePath}/account/orders/`}>{t('account.backToOrders')}</Link></p>;

  if (!order) {
    return (
      <>
        <h1>{t('account.orderNumber', { number })}</h1>
        {error ? <p role="alert">{t('account.loadFailed')}</p> : data ? <p data-testid="order-not-found">{t('account.orderNotFound')}</p> : <Spinner label={t('app.loading')} />}
        {back}
      </>
    );
  }
  const currency = order.total.currency;
  const gross = order.displayGrossPrices;
  const fulfilment = fulfilmentBadge(order, intl.messages);
  const failed = paymentFailed(order);
  const card = order.payments.find((p) => p.ccLastDigits);
  const quote = order.paymentMethod === 'ELECTRONIC_QUOTE' && !!order.invoice;
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' });
  return (
    <div className="order-page" data-testid="account-order-page">
      {back}
      <div className="order-page__head">
        <h1>{t('account.orderNumber', { number: order.number })}</h1>
        <p className="order-page__date">{t('account.placedOn', { date: date(order.created) })}</p>
        <p className="order-card__badges">
          <StatusBadge badge={paymentBadge(order)} testId="order-payment-state" />
          {fulfilment ? <StatusBadge badge={fulfilment} testId="order-fulfilment-state" /> : null}
        </p>
        {order.cancelled ? <p className="order-page__note">{t('order.cancelledNote')}</p> : null}
        {!order.cancelled && (failed || order.invoice?.status === 'OPEN') ? (
          <p className="account-actions">
            {failed ? <Link className="button" to={`${base.basePath}/order-payment/${order.token}/`}>{t('confirmation.payNow')}</Link> : null}
            {order.invoice?.status === 'OPEN' ? <Link className="button" to={`${base.basePath}/invoice-payment/${order.invoice.token}/`}>{t('confirmation.payInvoice')}</Link> : null}
          </p>
        ) : null}
      </div>

      <div className="order-page__grid">
        <div className="order-page__main">
          <section className="account-card" aria-labelledby="order-items">
            <h2 id="order-items" className="account-card__title">{t('confirmation.items')}</h2>
            <ul className="order-lines" data-testid="order-lines">
              {order.lines.map((l, i) => (
                <li key={`${l.productSku}-${i}`} className="order-line">
                  <LinePicture src={l.thumbnail ?? null} name={l.productRawName} size={64} />
                  <span className="order-line__what">
                    <span className="order-line__name">{l.productRawName}</span>
                    {l.variantName && l.variantName !== l.productRawName ? <small>{l.variantName}</small> : null}
                    <small>{t('account.quantity', { count: l.quantity })}</small>
                  </span>
                  <span className="order-line__price">{l.isFreeItemLine ? t('cart.free') : <Money amount={shown(l.totalPrice, gross)} currency={currency} />}</span>
                </li>
              ))}
            </ul>
            <dl className="totals order-totals">
              <div><dt>{t('cart.subtotal')}</dt><dd><Money amount={shown(order.subtotal, gross)} currency={currency} /></dd></div>
              {order.voucher ? <div className="totals__discount"><dt>{t('confirmation.voucher', { code: order.voucher.code })}</dt><dd><Money amount={order.voucher.discount.fractionalAmount} currency={currency} negative /></dd></div> : null}
              {order.tradeIn ? <div className="totals__discount"><dt>{t('confirmation.tradeIn', { serial: order.tradeIn.serialNumber })}</dt><dd><Money amount={shown(order.tradeIn.credit, gross)} currency={currency} negative /></dd></div> : null}
              <div><dt>{t('cart.shipping')}</dt><dd><Money amount={shown(order.shippingPrice, gross)} currency={currency} /></dd></div>
              <div><dt>{order.taxExemption ? t('cart.reverseCharge') : gross ? t('cart.taxIncluded') : t('cart.tax')}</dt><dd><Money amount={order.total.tax.fractionalAmount} currency={currency} /></dd></div>
              <div className="totals__total"><dt>{t('cart.total')}</dt><dd><Money amount={order.total.gross.fractionalAmount} currency={currency} /></dd></div>
            </dl>
          </section>

          {fulfilment && order.shipments.length ? (
            // Parcels sent, with their tracking; before the first one the badge above says it is not shipped yet.
            <section className="account-card" aria-labelledby="order-delivery" data-testid="order-delivery">
              <h2 id="order-delivery" className="account-card__title">{t('order.fulfilment')}</h2>
              {order.shipments.length ? (
                <ul className="order-shipments">
                  {order.shipments.map((s) => (
                    <li key={s.trackingNumber + s.created} data-testid="order-shipment">
                      <p className="order-shipments__when">{t('order.shippedOn', { date: date(s.created) })}{s.carrier ? ` · ${s.carrier}` : ''}</p>
                      <p className="order-shipments__what">{s.lines.map((l) => `${l.quantity} × ${l.productRawName}`).join(', ')}</p>
                      <p>{s.trackingUrl
                        ? <a href={s.trackingUrl} rel="noopener noreferrer" target="_blank">{t('order.track')}<span className="visually-hidden"> ({t('order.trackingNumber', { trackingNumber: s.trackingNumber })})</span></a>
                        : t('order.trackingNumber', { trackingNumber: s.trackingNumber })}</p>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          ) : null}
        </div>

        <div className="order-page__side">
          {order.shippingAddress || order.billingAddress ? (
            <section className="account-card" aria-labelledby="order-addresses">
              <h2 id="order-addresses" className="account-card__title">{t('account.addresses')}</h2>
              <div className="order-addresses">
                {order.shippingAddress ? <div><h3>{t('account.shippingAddress')}</h3><PostalAddress address={order.shippingAddress} locale={base.locale} /></div> : null}
                {order.billingAddress ? (
                  <div>
                    {/* Billed where it was shipped: the address once, and a sentence saying so. */}
                    {sameAddress(order.billingAddress, order.shippingAddress)
                      ? <p data-testid="billing-same">{t('checkout.billingSameAsShipping')}</p>
                      : <><h3>{t('account.billingAddress')}</h3><PostalAddress address={order.billingAddress} locale={base.locale} /></>}
                    {order.vatRegistrationNumber ? <p className="order-page__muted">{t('account.vatNumber', { number: order.vatRegistrationNumber })}</p> : null}
                  </div>
                ) : null}
              </div>
            </section>
          ) : null}

          <section className="account-card" aria-labelledby="order-payment">
            <h2 id="order-payment" className="account-card__title">{t('confirmation.payment')}</h2>
            <p className="order-payment__method">
              {card ? <CardBrandMark brand={card.ccBrand ?? null} label={brandName(card.ccBrand ?? '') ?? t('savedMethods.cardUnknown')} /> : null}
              {card ? (
                <span><strong><bdi>{brandName(card.ccBrand ?? '') ?? t('savedMethods.cardUnknown')}</bdi> <bdi>•••• {card.ccLastDigits}</bdi></strong><small>{t(`payment.methods.${order.paymentMethod}`)}</small></span>
              ) : <span><strong>{t(`payment.methods.${order.paymentMethod}`)}</strong></span>}
            </p>
            {order.invoice ? (
              <p data-testid="order-invoice-state">{t(order.invoice.status === 'PAID' ? 'account.invoicePaid' : 'account.invoiceDue', { date: date(order.invoice.dueAt) })}</p>
            ) : null}
          </section>

          <section className="account-card" aria-labelledby="order-documents">
            <h2 id="order-documents" className="account-card__title">{t('account.documents')}</h2>
            <ul className="order-documents">
              {quote ? <li><a href={`/documents/quote/${order.token}.pdf`} download data-testid="quote-pdf">{t('documents.quote', { number: order.number })}</a></li> : null}
              <li><a href={`/documents/invoice/${order.token}.pdf`} download data-testid="invoice-pdf">{t('documents.invoice', { number: order.number })}</a></li>
              {order.creditNotes.map((n) => (
                <li key={n.number}>
                  <a href={`/documents/credit-note/${order.token}/${n.number}.pdf`} download data-testid="credit-note-pdf">{t('documents.creditNote', { number: n.number })}</a>
                  <small>{date(n.created)} · <Money amount={n.amount.fractionalAmount} currency={n.amount.currency} /></small>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}
