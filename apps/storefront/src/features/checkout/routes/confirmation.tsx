import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { pushOrderCompleted } from '../../../analytics/data-layer.ts';
import { Money } from '../../../ui/money.tsx';
import { shownAmount } from '../summary.tsx';
import { ORDER_BY_TOKEN } from '../operations.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { setOrderAccessToken } from '../../../session/order-access-cookie.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { DocumentLinks } from '../../../ui/document-links.tsx';
import './checkout.css';

const REPORTED_KEY = 'reportedOrders';

/** /confirmation/{orderToken}/: what was bought, how it is paid, offers and voucher; sets the order access cookie. */
export function Component() {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const base = useBaseData();
  const { orderToken = '' } = useParams();
  const { data, loading, error } = useQuery(ORDER_BY_TOKEN, { variables: { token: orderToken }, fetchPolicy: 'no-cache', pollInterval: 0 });
  const order = data?.orderByToken ?? null;
  usePageTitle(`${t('confirmation.title')} · ${t('app.brand')}`);

  useEffect(() => {
    if (!order) return;
    setOrderAccessToken(order.token);
    const reported = JSON.parse(sessionStorage.getItem(REPORTED_KEY) ?? '[]') as string[];
    if (reported.includes(order.number)) return;
    pushOrderCompleted({
      number: order.number, currency: order.total.currency, total: order.total.gross.fractionalAmount / 100,
      lines: order.lines.map((l) => ({ sku: l.productSku, name: l.productRawName, price: l.unitPrice.gross.fractionalAmount / 100, quantity: l.quantity })),
    });
    sessionStorage.setItem(REPORTED_KEY, JSON.stringify([...reported, order.number]));
  }, [order]);

  if (loading || (!order && !error && !data)) return <div className="container page"><Spinner label={t('cart.loading')} /></div>;
  if (!order) {
    return (
      <div className="container page"><h1>{t('confirmation.notFound')}</h1><Link to={`${base.basePath}/`}>{t('cart.continueShopping')}</Link></div>
    );
  }
  const currency = order.total.currency;
  const card = order.payments.find((p) => p.ccLastDigits);
  return (
    <div className="container page confirmation-page">
      <p className="confirmation-page__eyebrow">{t('confirmation.thanks')}</p>
      <h1>{t('confirmation.title')}</h1>
      <p className="confirmation-page__number">{t('confirmation.number', { number: order.number })}</p>
      <p role="status" className={`payment-status payment-status--${order.cancelled ? 'cancelled' : order.paymentStatus.toLowerCase()}`} data-testid="payment-status">
        {order.cancelled ? t('order.cancelledNote')
          : order.paymentState === 'REFUNDED' || order.paymentState === 'PARTLY_REFUNDED' ? t(`order.state.${order.paymentState}`)
            : t(`confirmation.status.${order.paymentStatus === 'NOT_CHARGED' && !order.invoice ? 'FAILED' : order.paymentStatus}`)}
      </p>
      {order.cancelled ? null : order.invoice && order.invoice.status === 'OPEN' ? (
        <p><Link className="button" to={`${base.basePath}/invoice-payment/${order.invoice.token}/`}>{t('confirmation.payInvoice')}</Link></p>
      ) : null}
      {order.paymentStatus === 'NOT_CHARGED' && !order.invoice && !order.cancelled ? (
        <p><Link className="button" to={`${base.basePath}/order-payment/${order.token}/`}>{t('confirmation.payNow')}</Link></p>
      ) : null}
      <p>{t('confirmation.emailSent', { email: order.userEmail })}</p>
      <p className="confirmation-page__documents"><DocumentLinks orderToken={order.token} number={order.number} quote={order.paymentMethod === 'ELECTRONIC_QUOTE' && !!order.invoice} creditNotes={order.creditNotes.map((n) => n.number)} /></p>
      {order.fulfilmentState === 'NONE' || order.cancelled ? null : (
        <section aria-labelledby="order-delivery" className="order-delivery" data-testid="order-delivery">
          <h2 id="order-delivery">{t('order.fulfilment')}: {t(`order.fulfilment.${order.fulfilmentState}`)}</h2>
          {order.shipments.length ? (
            <ul className="line-list">
              {order.shipments.map((s) => (
                <li key={s.trackingNumber + s.created} data-testid="order-shipment">
                  <span className="line-list__name">
                    {t('order.shippedOn', { date: intl.formatDate(s.created, { dateStyle: 'medium' }) })}{s.carrier ? ` · ${s.carrier}` : ''}
                    <small> · {s.lines.map((l) => `${l.quantity} × ${l.productRawName}`).join(', ')}</small>
                  </span>
                  <span>{s.trackingUrl ? <a href={s.trackingUrl} rel="noopener noreferrer" target="_blank">{t('order.track')}<span className="visually-hidden"> ({t('order.trackingNumber', { trackingNumber: s.trackingNumber })})</span></a>
                    : t('order.trackingNumber', { trackingNumber: s.trackingNumber })}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      )}
      <div className="checkout-layout">
        <section aria-labelledby="order-lines">
          <h2 id="order-lines">{t('confirmation.items')}</h2>
          <ul className="line-list">
            {order.lines.map((l) => (
              <li key={l.productSku + String(l.isFreeItemLine)}>
                <span className="line-list__name">{l.quantity} × {l.productRawName}<small> · {l.variantName}</small></span>
                <span>{l.isFreeItemLine ? t('cart.free') : <Money amount={shownAmount(l.totalPrice, order.displayGrossPrices)} currency={currency} />}</span>
              </li>
            ))}
          </ul>
        </section>
        <aside className="checkout-aside">
          <dl className="totals">
            <div><dt>{t('cart.subtotal')}</dt><dd><Money amount={shownAmount(order.subtotal, order.displayGrossPrices)} currency={currency} /></dd></div>
            {order.voucher ? <div className="totals__discount"><dt>{t('confirmation.voucher', { code: order.voucher.code })}</dt><dd><Money amount={order.voucher.discount.fractionalAmount} currency={currency} negative /></dd></div> : null}
            {order.tradeIn ? <div className="totals__discount"><dt>{t('confirmation.tradeIn', { serial: order.tradeIn.serialNumber })}</dt><dd><Money amount={shownAmount(order.tradeIn.credit, order.displayGrossPrices)} currency={currency} negative /></dd></div> : null}
            {order.offers.filter((o) => o.name !== order.voucher?.name).map((o) => <div key={o.name}><dt>{o.name}</dt><dd><Money amount={o.discount.fractionalAmount} currency={currency} negative /></dd></div>)}
            <div><dt>{t('cart.shipping')}</dt><dd><Money amount={shownAmount(order.shippingPrice, order.displayGrossPrices)} currency={currency} /></dd></div>
            <div><dt>{order.taxExemption ? t('cart.reverseCharge') : order.displayGrossPrices ? t('cart.taxIncluded') : t('cart.tax')}</dt><dd><Money amount={order.total.tax.fractionalAmount} currency={currency} /></dd></div>
            <div className="totals__total"><dt>{t('cart.total')}</dt><dd><Money amount={order.total.gross.fractionalAmount} currency={currency} /></dd></div>
          </dl>
          <h2>{t('confirmation.payment')}</h2>
          <p>{t(`payment.methods.${order.paymentMethod}`)}{card ? ` · ${card.ccBrand?.toUpperCase()} •••• ${card.ccLastDigits}` : ''}</p>
        </aside>
      </div>
      <Link to={`${base.basePath}/`}>{t('cart.continueShopping')}</Link>
    </div>
  );
}
