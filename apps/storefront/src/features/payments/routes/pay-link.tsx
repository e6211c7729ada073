import { useApolloClient, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { Money } from '../../../ui/money.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { Attestations } from '../../checkout/attestations.tsx';
import { NO_CACHE } from '../../checkout/cart-session.ts';
import { PostalAddress } from '../../account/area/postal-address.tsx';
import type { BusinessErrorFields } from '../../../data/error-messages.ts';
import { FormErrors } from '../../../ui/form-errors.tsx';
import { PayByCard, type Card } from '../pay-by-card.tsx';
import { PAY_LINK, PAY_LINK_PAY, PAY_LINK_PAYMENT_START, type PayLinkFields } from '../pay-link-operations.ts';
import { StripeElement } from '../stripe-element.tsx';
import '../../checkout/routes/checkout.css';
import '../pay-link.css';

const STATUS: Record<string, { key: string; modifier: string }> = {
  PAID: { key: 'payLink.paid', modifier: 'fully_charged' },
  CANCELLED: { key: 'payment.cancelled', modifier: 'cancelled' },
  EXPIRED: { key: 'payLink.expired', modifier: 'not_charged' },
};

/**
 * /pay/{token}/: the order the store wrote for a phone or e-mail sale, opened from its pay-link e-mail: its lines
 * and totals, then the payment form (the test gateway's card form, or Stripe's Payment Element); paid, it leads to
 * the order's payment confirmation. A link already paid, a cancelled order's or an expired one says so, with
 * nothing to pay.
 */
export function Component() {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const base = useBaseData();
  const token = useParams().payToken ?? '';
  const client = useApolloClient();
  const navigate = useNavigate();
  const { data, loading, refetch } = useQuery(PAY_LINK, { variables: { token }, fetchPolicy: 'no-cache' });
  const [given, setGiven] = useState<string[]>([]);
  const link = data?.payLink ?? null;
  usePageTitle(`${t('payLink.title', { number: link?.number ?? '' })} · ${t('app.brand')}`);

  /** What a payment answered: paid → its confirmation; cancelled, expired or changed meanwhile → the page as it is now. */
  const settle = async (answer: PayAnswer): Promise<BusinessErrorFields[]> => {
    const paid = answer.payLink;
    if (paid?.state === 'PAID' && paid.orderToken) await navigate(`${base.basePath}/order-payment-confirmation/${paid.orderToken}/`);
    else if ((paid && paid.state !== 'OPEN') || answer.errors.some((e) => e.code === 'PRICES_ARE_CHANGED' || e.field === 'token')) await refetch();
    return answer.errors;
  };
  const pay = async (card: Card) => {
    const { data: answer } = await client.mutate({ mutation: PAY_LINK_PAY, variables: { token, card, attestations: given, expectedTotal: link?.total ?? null }, ...NO_CACHE });
    return settle(answer!.payLinkPay);
  };

  if (loading) return <div className="container page"><Spinner label={t('cart.loading')} /></div>;
  if (!link) return <div className="container page"><h1>{t('payLink.notFound')}</h1><p>{t('payLink.notFoundLead')}</p></div>;
  const status = STATUS[link.state];
  return (
    <div className="container page invoice-page pay-link">
      <h1>{t('payLink.title', { number: link.number })}</h1>
      {status ? (
        <div role="status" className={`payment-status payment-status--${status.modifier}`} data-testid="pay-link-status">
          <p>{t(status.key)}</p>
          {link.state === 'PAID' && link.orderToken ? <Link to={`${base.basePath}/confirmation/${link.orderToken}/`}>{t('invoice.viewOrder')}</Link> : null}
        </div>
      ) : (
        <>
          <p>{t('payLink.lead', { email: link.email })}</p>
          <Summary link={link} />
          {link.expiresAt ? <p className="pay-link__expiry">{t('payLink.expires', { date: intl.formatDate(link.expiresAt, { dateStyle: 'long' }) })}</p> : null}
          {link.requiredAttestations.length ? <Attestations required={link.requiredAttestations} given={given} onChange={setGiven} basePath={base.basePath} /> : null}
          {link.publishableKey
            ? <StripeLinkPayment link={link} token={token} given={given} onAnswer={settle} publishableKey={link.publishableKey} />
            : <PayByCard operation="PayLinkPay" submitLabel={t('payLink.pay')} onPay={(card) => pay(card)} />}
        </>
      )}
    </div>
  );
}

type PayAnswer = { payLink: PayLinkFields | null; errors: BusinessErrorFields[] };

/**
 * Stripe mode: the attestations given, "Pay" makes the intent (payLinkPaymentStart) and shows Stripe's Payment
 * Element; Stripe sends the buyer back here (`redirect_status`), where the order is placed from the paid intent.
 */
function StripeLinkPayment({ link, token, given, publishableKey, onAnswer }: {
  link: PayLinkFields; token: string; given: string[]; publishableKey: string; onAnswer: (answer: PayAnswer) => Promise<BusinessErrorFields[]>;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useApolloClient();
  const returned = ['succeeded', 'processing'].includes(useSearchParams()[0].get('redirect_status') ?? '');
  const [secret, setSecret] = useState<string | null>(null);
  const [errors, setErrors] = useState<BusinessErrorFields[]>([]);
  const [busy, setBusy] = useState(returned);
  const placed = useRef(false);
  useEffect(() => {
    if (!returned || placed.current) return;
    placed.current = true;
    client.mutate({ mutation: PAY_LINK_PAY, variables: { token, card: null, expectedTotal: link.total }, ...NO_CACHE })
      .then(({ data }) => onAnswer(data!.payLinkPay))
      .catch(() => [{ field: null, code: 'NETWORK', message: t('errors.network') }])
      .then((found) => {
        setErrors(found);
        setBusy(false);
      });
  }, [returned]); // eslint-disable-line react-hooks/exhaustive-deps -- placed once, on the way back from Stripe
  const start = async () => {
    setBusy(true);
    try {
      const { data } = await client.mutate({ mutation: PAY_LINK_PAYMENT_START, variables: { token, attestations: given, expectedTotal: link.total }, ...NO_CACHE });
      const answer = data!.payLinkPaymentStart;
      setErrors(answer.errors);
      if (answer.errors.some((e) => e.code === 'PRICES_ARE_CHANGED' || e.field === 'token')) await onAnswer({ payLink: null, errors: answer.errors });
      setSecret(answer.clientSecret);
    } catch {
      setErrors([{ field: null, code: 'NETWORK', message: t('errors.network') }]);
    } finally {
      setBusy(false);
    }
  };
  if (busy) return <Spinner label={t('cart.loading')} />;
  if (secret) {
    return (
      <StripeElement publishableKey={publishableKey} clientSecret={secret} loadingLabel={t('cart.loading')} returnPath={`/pay/${token}/`} />
    );
  }
  return (
    <div className="invoice-form">
      <FormErrors errors={errors} operation="PayLinkPay" />
      <button type="button" className="button button--wide" onClick={() => void start()}>{t('payLink.pay')}</button>
    </div>
  );
}

function Summary({ link }: { link: PayLinkFields }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const address = link.shippingAddress;
  return (
    <>
      <table className="pay-link__lines">
        <tbody>
          {link.lines.map((line) => (
            <tr key={line.sku}>
              <th scope="row">{line.name} <span className="pay-link__quantity">× {line.quantity}</span></th>
              <td><Money amount={line.total} currency={link.currency} /></td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr><th scope="row">{t('cart.subtotal')}</th><td><Money amount={link.subtotal} currency={link.currency} /></td></tr>
          <tr><th scope="row">{t('cart.shipping')}</th><td><Money amount={link.shipping} currency={link.currency} /></td></tr>
          <tr><th scope="row">{t('cart.tax')}</th><td><Money amount={link.tax} currency={link.currency} /></td></tr>
          <tr className="pay-link__total"><th scope="row">{t('cart.total')}</th><td><Money amount={link.total} currency={link.currency} /></td></tr>
        </tfoot>
      </table>
      {address ? (
        <section aria-labelledby="pay-link-ship-to">
          <h2 id="pay-link-ship-to">{t('account.shippingAddress')}</h2>
          <PostalAddress address={address} locale={intl.locale} />
        </section>
      ) : null}
    </>
  );
}
