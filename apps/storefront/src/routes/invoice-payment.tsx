import { useApolloClient, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams, useRouteLoaderData } from 'react-router';
import { NO_CACHE } from '../checkout/cart-session.ts';
import { FormErrors } from '../checkout/errors.tsx';
import { Money } from '../checkout/money.tsx';
import { INVOICE_BY_TOKEN, INVOICE_PAY, type BusinessErrorFields } from '../checkout/operations.ts';
import { parseExpiry, TestCardFields, type CardValues } from '../checkout/payment-fields.tsx';
import { usePageTitle } from '../lib/head.tsx';
import { Spinner } from '../ui/spinner.tsx';
import type { BaseData } from './base.tsx';
import './checkout.css';

/** /invoice-payment/{invoiceToken}/: pay an order placed on an electronic quote; its confirmation follows in place. */
export function Component() {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const base = useRouteLoaderData<BaseData>('base')!;
  const { invoiceToken = '' } = useParams();
  const client = useApolloClient();
  const { data, loading } = useQuery(INVOICE_BY_TOKEN, { variables: { token: invoiceToken }, fetchPolicy: 'no-cache' });
  const [invoice, setInvoice] = useState(data?.invoiceByToken ?? null);
  const current = invoice ?? data?.invoiceByToken ?? null;
  const [card, setCard] = useState<CardValues>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<BusinessErrorFields[]>([]);
  const [busy, setBusy] = useState(false);
  usePageTitle(`${t('invoice.title')} · ${t('app.brand')}`);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const expiry = parseExpiry(card.expiry);
    if (!expiry) return setErrors([{ field: 'card.expiry', code: 'INVALID', message: '' }]);
    setBusy(true);
    try {
      const { data: answer } = await client.mutate({ mutation: INVOICE_PAY, variables: { token: invoiceToken, card: { number: card.number, cvc: card.cvc, ...expiry } }, ...NO_CACHE });
      setErrors(answer!.invoicePay.errors);
      if (answer!.invoicePay.invoice) setInvoice(answer!.invoicePay.invoice);
    } catch {
      setErrors([{ field: null, code: 'NETWORK', message: '' }]);
    } finally {
      setBusy(false);
    }
  };

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
        <form onSubmit={pay} noValidate className="invoice-form">
          <p>{t('invoice.due', { date: intl.formatDate(current.dueAt, { dateStyle: 'long' }) })}</p>
          <FormErrors errors={errors.filter((e) => !e.field?.startsWith('card.'))} operation="InvoicePay" />
          <TestCardFields values={card} onChange={setCard} errors={errors} />
          <button type="submit" className="button button--wide" disabled={busy}>{t('invoice.pay')}</button>
        </form>
      )}
    </div>
  );
}
