import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { Money } from '../../../ui/money.tsx';
import { LinePicture } from '../area/line-picture.tsx';
import { fulfilmentBadge, paymentBadge, paymentFailed } from '../area/order-status.ts';
import { StatusBadge } from '../area/status-badge.tsx';
import type { AccountOrder } from '../operations.ts';
import { useAccountArea } from './account-layout.tsx';

/** How many pictures an order's card shows before "+N". */
const PICTURES = 4;

/**
 * Orders, /{cc}/{lang}/account/orders/: the user's orders, newest first, each with its status badges,
 * the pictures of what was bought, its total and date in the route's locale, and its page in the account.
 */
export function Component() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const base = useBaseData();
  const { me } = useAccountArea();
  usePageTitle(`${t('account.nav.orders')} · ${t('account.title')} · ${t('app.brand')}`);
  usePageView(PAGE_VIEWS.myAccount);
  return (
    <>
      <h1>{t('account.nav.orders')}</h1>
      {me.orders.length === 0 ? (
        <p className="account-empty">{t('account.noOrders')} <Link to={`${base.basePath}/`}>{t('cart.continueShopping')}</Link></p>
      ) : (
        <ul className="order-cards" data-testid="account-orders">
          {me.orders.map((order) => <li key={order.token}><OrderCard order={order} basePath={base.basePath} /></li>)}
        </ul>
      )}
    </>
  );
}

function OrderCard({ order, basePath }: { order: AccountOrder; basePath: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const failed = paymentFailed(order);
  const fulfilment = fulfilmentBadge(order, intl.messages);
  const lines = order.lines.filter((l) => l.quantity > 0);
  const count = lines.reduce((sum, l) => sum + l.quantity, 0);
  const headingId = `order-${order.token}`;
  return (
    <article className="order-card" aria-labelledby={headingId} data-testid="account-order">
      <div className="order-card__head">
        <h2 id={headingId} className="order-card__title">
          <Link to={`${basePath}/account/orders/${encodeURIComponent(order.number)}/`} data-testid="order-link">{t('account.orderNumber', { number: order.number })}</Link>
        </h2>
        <p className="order-card__date">{intl.formatDate(order.created, { dateStyle: 'medium' })}</p>
      </div>
      <p className="order-card__badges">
        <StatusBadge badge={paymentBadge(order)} testId="order-payment-state" />
        {fulfilment ? <StatusBadge badge={fulfilment} testId="order-fulfilment-state" /> : null}
      </p>
      {lines.length ? (
        <ul className="order-card__pictures">
          {lines.slice(0, PICTURES).map((l, i) => <li key={`${l.productRawName}-${i}`}><LinePicture src={l.thumbnail ?? null} name={l.productRawName} /></li>)}
          {lines.length > PICTURES ? <li className="order-card__more">{t('account.moreItems', { count: lines.length - PICTURES })}</li> : null}
        </ul>
      ) : null}
      <p className="order-card__sum">
        <span>{t('account.itemCount', { count })}</span>
        <strong><Money amount={order.total.gross.fractionalAmount} currency={order.total.gross.currency} /></strong>
      </p>
      {(failed || order.invoice?.status === 'OPEN') && !order.cancelled ? (
        <p className="account-actions">
          {failed ? <Link className="button" to={`${basePath}/order-payment/${order.token}/`}>{t('confirmation.payNow')}<span className="visually-hidden">: {t('account.orderNumber', { number: order.number })}</span></Link> : null}
          {order.invoice?.status === 'OPEN' ? <Link className="button" to={`${basePath}/invoice-payment/${order.invoice.token}/`}>{t('confirmation.payInvoice')}<span className="visually-hidden">: {t('account.orderNumber', { number: order.number })}</span></Link> : null}
        </p>
      ) : null}
    </article>
  );
}
