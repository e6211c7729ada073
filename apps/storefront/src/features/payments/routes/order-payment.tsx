import { useApolloClient, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { NO_CACHE } from '../../checkout/cart-session.ts';
import { Money } from '../../../ui/money.tsx';
import { ORDER_BY_TOKEN, ORDER_PAY, type OrderFields } from '../../checkout/operations.ts';
import { PayByCard } from '../pay-by-card.tsx';
import { usePageTitle } from '../../../lib/head.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import '../../checkout/routes/checkout.css';

/** /order-payment/{orderToken}/: pay by card an order whose bank payment failed; its confirmation follows in place. */
export function Component() {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const base = useBaseData();
  const { orderToken = '' } = useParams();
  const client = useApolloClient();
  const { data, loading } = useQuery(ORDER_BY_TOKEN, { variables: { token: orderToken }, fetchPolicy: 'no-cache' });
  const [paid, setPaid] = useState<OrderFields | null>(null);
  const order = paid ?? data?.orderByToken ?? null;
  usePageTitle(`${t('orderPayment.title')} · ${t('app.brand')}`);

  if (loading) return <div className="container page"><Spinner label={t('cart.loading')} /></div>;
  if (!order) return <div className="container page"><h1>{t('confirmation.notFound')}</h1></div>;
  return (
    <div className="container page invoice-page">
      <h1>{t('orderPayment.title')}</h1>
      <p>{t('invoice.forOrder', { number: order.number })}</p>
      <p className="invoice-page__amount"><Money amount={order.total.gross.fractionalAmount} currency={order.total.currency} /></p>
      {order.paymentStatus === 'FULLY_CHARGED' ? (
        <div role="status" className="payment-status payment-status--fully_charged" data-testid="order-payment-status">
          <p>{t('orderPayment.paid')}</p>
          <Link to={`${base.basePath}/confirmation/${order.token}/`}>{t('invoice.viewOrder')}</Link>
        </div>
      ) : (
        <>
          <p>{t('orderPayment.lead')}</p>
          <PayByCard operation="OrderPay" submitLabel={t('orderPayment.pay')} onPay={async (card) => {
            const { data: answer } = await client.mutate({ mutation: ORDER_PAY, variables: { token: orderToken, card }, ...NO_CACHE });
            if (answer!.orderPay.order?.paymentStatus === 'FULLY_CHARGED') setPaid(answer!.orderPay.order);
            return answer!.orderPay.errors;
          }} />
        </>
      )}
    </div>
  );
}
