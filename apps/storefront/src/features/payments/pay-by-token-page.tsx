import { useEffect, useState } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import type { ApolloClient, TypedDocumentNode } from '@apollo/client';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { useBaseData } from '../../data/route-data.ts';
import type { BusinessErrorFields } from '../../data/error-messages.ts';
import { usePageTitle } from '../../lib/head.tsx';
import { Money } from '../../ui/money.tsx';
import { FormErrors } from '../../ui/form-errors.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { PayByCard, type Card } from './pay-by-card.tsx';
import { StripeElement } from './stripe-element.tsx';
import '../checkout/routes/checkout.css';

/** What the page shows of the thing being paid, whichever it is. */
export interface Payable {
  orderNumber: string;
  orderToken: string;
  amount: number;
  currency: string;
  paid: boolean;
  /** The order was cancelled by the store: nothing is to be paid (its invoice is void). */
  cancelled: boolean;
  /** When it is due, if it has a due date (an invoice). */
  dueAt: string | null;
}

/** How one kind of payable is read and paid by its token (an order, an invoice). */
export interface PayTarget<Q> {
  /** The route parameter that carries the token. */
  param: string;
  query: TypedDocumentNode<Q, { token: string }>;
  read: (data: Q) => Payable | null;
  /** With Stripe, the intent its Payment Element confirms; with the test gateway, none (its card form pays). */
  start: (client: ApolloClient, token: string) => Promise<PaymentStart>;
  pay: (client: ApolloClient, token: string, card: Card) => Promise<{ errors: BusinessErrorFields[]; paid: Payable | null }>;
  /** The mutation's name, for its error messages. */
  operation: string;
  messages: { title: string; notFound: string; paid: string; lead: string; submit: string };
  statusTestId: string;
  /** The payment confirmation route (under the base path) a paid payment leads to. */
  confirmationPath: (token: string) => string;
}

interface PaymentStart { clientSecret: string | null; publishableKey: string | null; errors: BusinessErrorFields[] }

/**
 * The payment form of a payable: Stripe's Payment Element for the intent the server made (no card number on
 * our page; Stripe comes back to the confirmation page), or the test gateway's card form.
 */
function PaymentForm<Q>({ target, token, onPaid }: { target: PayTarget<Q>; token: string; onPaid: () => Promise<void> }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useApolloClient();
  const [started, setStarted] = useState<PaymentStart | null>(null);
  useEffect(() => {
    let live = true;
    target.start(client, token)
      .then((answer) => live && setStarted(answer))
      .catch(() => live && setStarted({ clientSecret: null, publishableKey: null, errors: [{ field: null, code: 'NETWORK', message: t('errors.network') }] }));
    return () => {
      live = false;
    };
  }, [client, target, token]); // eslint-disable-line react-hooks/exhaustive-deps -- t changes with the locale only
  if (!started) return <Spinner label={t('cart.loading')} />;
  if (started.errors.length) return <FormErrors errors={started.errors} operation={target.operation} />;
  if (started.clientSecret && started.publishableKey) {
    return (
      <StripeElement publishableKey={started.publishableKey} clientSecret={started.clientSecret} loadingLabel={t('cart.loading')} returnPath={target.confirmationPath(token)} />
    );
  }
  return (
    <PayByCard operation={target.operation} submitLabel={t(target.messages.submit)} onPay={async (card) => {
      const answer = await target.pay(client, token, card);
      if (answer.paid?.paid) await onPaid();
      return answer.errors;
    }} />
  );
}

/**
 * One pay-by-token page: the amount, then the payment form; a payment that goes through leads to its
 * confirmation page. Opened when already paid, it says so in place.
 */
export function PayByTokenPage<Q>({ target }: { target: PayTarget<Q> }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const base = useBaseData();
  const token = useParams()[target.param] ?? '';
  const { data, loading } = useQuery(target.query, { variables: { token }, fetchPolicy: 'no-cache' });
  const navigate = useNavigate();
  const payable = data ? target.read(data as Q) : null;
  const { messages } = target;
  usePageTitle(`${t(messages.title)} · ${t('app.brand')}`);

  if (loading) return <div className="container page"><Spinner label={t('cart.loading')} /></div>;
  if (!payable) return <div className="container page"><h1>{t(messages.notFound)}</h1></div>;
  return (
    <div className="container page invoice-page">
      <h1>{t(messages.title)}</h1>
      <p>{t('invoice.forOrder', { number: payable.orderNumber })}</p>
      <p className="invoice-page__amount"><Money amount={payable.amount} currency={payable.currency} /></p>
      {payable.cancelled && !payable.paid ? (
        <div role="status" className="payment-status payment-status--cancelled" data-testid={target.statusTestId}>
          <p>{t('payment.cancelled')}</p>
          <Link to={`${base.basePath}/confirmation/${payable.orderToken}/`}>{t('invoice.viewOrder')}</Link>
        </div>
      ) : payable.paid ? (
        <div role="status" className="payment-status payment-status--fully_charged" data-testid={target.statusTestId}>
          <p>{t(messages.paid)}</p>
          <Link to={`${base.basePath}/confirmation/${payable.orderToken}/`}>{t('invoice.viewOrder')}</Link>
        </div>
      ) : (
        <>
          <p>{payable.dueAt ? t(messages.lead, { date: intl.formatDate(payable.dueAt, { dateStyle: 'long' }) }) : t(messages.lead)}</p>
          <PaymentForm target={target} token={token} onPaid={async () => navigate(`${base.basePath}${target.confirmationPath(token)}`)} />
        </>
      )}
    </div>
  );
}
