import { useApolloClient, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { NO_CACHE } from '../../checkout/cart-session.ts';
import { Money } from '../../../ui/money.tsx';
import { INVOICE_BY_TOKEN, INVOICE_PAY, type InvoiceFields } from '../../checkout/operations.ts';
import { PayByCard } from '../pay-by-card.tsx';
import { usePageTitle } from '../../../lib/head.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import '../../checkout/routes/checkout.css';

/** /invoice-payment/{invoiceToken}/: pay an order placed on an electronic quote; its confirmation follows in place. */
export function Component() {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const base = useBaseData();
  const { invoiceToken = '' } = useParams();
  const client = useApolloClient();
  const { data, loading } = useQuery(INVOICE_BY_TOKEN, { variables: { token: invoiceToken }, fetchPolicy: 'no-cache' });
  const [paid, setPaid] = useState<InvoiceFields | null>(null);
  const current = paid ?? data?.invoiceByToken ?? null;
  usePageTitle(`${t('invoice.title')} · ${t('app.brand')}`);

  if (loading) return <div className="container page"><Spinner label={t('cart.loading')} /></div>;
  if (!current) return <div className="container page"><h1>{t('invoice.notFound')}</h1></div>;
  return (
    <div className="container page invoice-page">
      <h1>{t('invoice.title')}</h1>
      <p>{t('invoice.forOrder', { number: current.orderNumber })}</p>
      <p className="invoice-page__amount"><Money amount={current.amount.fractionalAmount} currency={current.amount.currency} /></p>
      {current.status === 'PAID' ? (
        <div role="status" className="payment-status payment-status--fully_charged" data-testid="invoice-status">
          <p>{t('invoice.paid')}</p>
          <Link to={`${base.basePath}/confirmation/${current.orderToken}/`}>{t('invoice.viewOrder')}</Link>
        </div>
      ) : (
        <>
          <p>{t('invoice.due', { date: intl.formatDate(current.dueAt, { dateStyle: 'long' }) })}</p>
          <PayByCard operation="InvoicePay" submitLabel={t('invoice.pay')} onPay={async (card) => {
            const { data: answer } = await client.mutate({ mutation: INVOICE_PAY, variables: { token: invoiceToken, card }, ...NO_CACHE });
            if (answer!.invoicePay.invoice?.status === 'PAID') setPaid(answer!.invoicePay.invoice);
            return answer!.invoicePay.errors;
          }} />
        </>
      )}
    </div>
  );
}
