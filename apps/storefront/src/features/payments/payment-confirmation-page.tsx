import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PAGE_VIEWS } from '../../analytics/data-layer.ts';
import { usePageView } from '../../analytics/use-page-view.ts';
import { useBaseData } from '../../data/route-data.ts';
import { usePageTitle } from '../../lib/head.tsx';
import { Money } from '../../ui/money.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import type { ConfirmationView } from './confirmation-view.ts';
import { usePaymentPoll } from './use-payment-poll.ts';
import '../checkout/routes/checkout.css';
import './payment-confirmation.css';

/**
 * One payment confirmation page (an order's, an invoice's): the payment's state as the server has it,
 * re-read while it is processing; paid links to the order, failed to paying again. It only reads.
 */
export function PaymentConfirmationPage({ initial, read }: { initial: ConfirmationView; read: () => Promise<ConfirmationView | null> }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const base = useBaseData();
  const { view, timedOut } = usePaymentPoll(initial, read);
  const { state } = view;
  usePageTitle(`${t(`paymentConfirmation.heading.${state}`)} · ${t('app.brand')}`);
  usePageView(PAGE_VIEWS.externalPaymentReturn);
  return (
    <div className="container page invoice-page payment-confirmation-page">
      <h1>{t(`paymentConfirmation.heading.${state}`)}</h1>
      <p data-testid="payment-confirmation-order">{t('paymentConfirmation.order', { number: view.orderNumber })}</p>
      <p className="invoice-page__amount" data-testid="payment-confirmation-amount"><Money amount={view.amount} currency={view.currency} /></p>
      <div role="status" className={`payment-status payment-confirmation__state payment-confirmation__state--${state.toLowerCase()}`} data-testid="payment-confirmation-state">
        <p>{t(`paymentConfirmation.state.${state}`)}</p>
        {timedOut ? <p data-testid="payment-confirmation-timeout">{t('paymentConfirmation.stillProcessing')}</p> : null}
      </div>
      {state === 'PROCESSING' && !timedOut ? <p className="payment-confirmation__checking"><Spinner label={t('paymentConfirmation.checking')} /><span aria-hidden="true">{t('paymentConfirmation.checking')}</span></p> : null}
      <p className="payment-confirmation__actions">
        {state === 'FAILED' ? <Link className="button" to={`${base.basePath}${view.retryPath}`}>{t('paymentConfirmation.retry')}</Link> : null}
        {state === 'INVOICE_OPEN' ? <Link className="button" to={`${base.basePath}${view.retryPath}`}>{t('paymentConfirmation.payInvoice')}</Link> : null}
        <Link className={state === 'PAID' ? 'button' : undefined} to={`${base.basePath}/confirmation/${view.orderToken}/`}>{t('paymentConfirmation.viewOrder')}</Link>
      </p>
    </div>
  );
}
