import { formatMinor } from '@probe/domain';
import { useIntl } from 'react-intl';
import { Link, useLoaderData } from 'react-router';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { Money } from '../../../ui/money.tsx';
import type { OrderFields } from '../../checkout/operations.ts';
import { brandName } from '../method-label.ts';
import { paymentState } from '../payment-state.ts';
import '../../account/account.css';
import '../../checkout/routes/checkout.css';
import '../subscriptions.css';

export { orderByTokenLoader as loader } from '../../payments/order-loader.ts';

/**
 * Payment details /{cc}/{lang}/payment-details/{orderToken}/: how an order was paid and what happens
 * next — paid, processing at the bank, failed (pay again by card), or an invoice to pay.
 */
export function Component() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const base = useBaseData();
  const order = useLoaderData<OrderFields>();
  usePageTitle(`${t('paymentDetails.title')} · ${t('app.brand')}`);
  usePageView(PAGE_VIEWS.paymentDetails);
  const state = paymentState(order);
  const card = order.payments.find((p) => p.ccLastDigits);
  const invoice = order.invoice;
  const dueDate = invoice ? intl.formatDate(invoice.dueAt, { dateStyle: 'long' }) : '';
  const cardName = card ? t('savedMethods.card', { brand: brandName(card.ccBrand ?? '') ?? t('savedMethods.cardUnknown'), digits: card.ccLastDigits! }) : null;
  const cardExpiry = card?.ccExpMonth && card.ccExpYear
    ? t('savedMethods.expires', { date: intl.formatDate(new Date(Date.UTC(card.ccExpYear < 100 ? 2000 + card.ccExpYear : card.ccExpYear, card.ccExpMonth - 1, 1)), { month: '2-digit', year: 'numeric', timeZone: 'UTC' }) })
    : null;
  return (
    <div className="container page account-page payment-details-page">
      <h1>{t('paymentDetails.title')}</h1>
      <section className="account-card" aria-labelledby="payment-details-order">
        <h2 id="payment-details-order">{t('account.orderNumber', { number: order.number })}</h2>
        <dl className="account-facts" data-testid="payment-details">
          <div><dt>{t('account.orderDate')}</dt><dd data-testid="order-date">{intl.formatDate(order.created, { dateStyle: 'long' })}</dd></div>
          <div><dt>{t('account.orderTotal')}</dt><dd data-testid="order-total"><Money amount={order.total.gross.fractionalAmount} currency={order.total.currency} /></dd></div>
          <div><dt>{t('payment.method')}</dt><dd data-testid="order-method">{t(`payment.methods.${order.paymentMethod}`)}</dd></div>
          {cardName ? <div><dt>{t('paymentDetails.card')}</dt><dd data-testid="order-card"><span dir="auto">{cardName}</span>{cardExpiry ? ` · ${cardExpiry}` : ''}</dd></div> : null}
        </dl>
        <div role="status" className={`payment-status payment-status--${state.toLowerCase()}`} data-testid="payment-state">
          <p>{state === 'INVOICE_OPEN'
            ? t('paymentDetails.state.INVOICE_OPEN', { amount: formatMinor(invoice!.amount.fractionalAmount, invoice!.amount.currency, intl.locale), date: dueDate })
            : t(`paymentDetails.state.${state}`)}</p>
        </div>
        <p className="account-actions payment-details-actions">
          {state === 'FAILED' ? <Link className="button" to={`${base.basePath}/order-payment/${order.token}/`}>{t('paymentDetails.payAgain')}</Link> : null}
          {state === 'INVOICE_OPEN' ? <Link className="button" to={`${base.basePath}/invoice-payment/${invoice!.token}/`}>{t('confirmation.payInvoice')}</Link> : null}
          <Link to={`${base.basePath}/confirmation/${order.token}/`}>{t('invoice.viewOrder')}</Link>
        </p>
      </section>
    </div>
  );
}
