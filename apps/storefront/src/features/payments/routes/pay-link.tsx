import { useApolloClient, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { Money } from '../../../ui/money.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { Attestations } from '../../checkout/attestations.tsx';
import { NO_CACHE } from '../../checkout/cart-session.ts';
import { PostalAddress } from '../../account/area/postal-address.tsx';
import { PayByCard } from '../pay-by-card.tsx';
import { PAY_LINK, PAY_LINK_PAY, type PayLinkFields } from '../pay-link-operations.ts';
import '../../checkout/routes/checkout.css';
import '../pay-link.css';

const STATUS: Record<string, { key: string; modifier: string }> = {
  PAID: { key: 'payLink.paid', modifier: 'fully_charged' },
  CANCELLED: { key: 'payment.cancelled', modifier: 'cancelled' },
  EXPIRED: { key: 'payLink.expired', modifier: 'not_charged' },
};

/**
 * /pay/{token}/: the order the store wrote for a phone or e-mail sale, opened from its pay-link e-mail: its lines
 * and totals, then the card form; paid, it leads to the order's payment confirmation. A link already paid, a
 * cancelled order's or an expired one says so, with nothing to pay.
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
          <PayByCard operation="PayLinkPay" submitLabel={t('payLink.pay')} onPay={async (card) => {
            const { data: answer } = await client.mutate({ mutation: PAY_LINK_PAY, variables: { token, card, attestations: given, expectedTotal: link.total }, ...NO_CACHE });
            const paid = answer!.payLinkPay.payLink;
            if (paid?.state === 'PAID' && paid.orderToken) await navigate(`${base.basePath}/order-payment-confirmation/${paid.orderToken}/`);
            // Cancelled or expired meanwhile, or changed by the store (a new total): the page shows it as it is now.
            else if ((paid && paid.state !== 'OPEN') || answer!.payLinkPay.errors.some((e) => e.code === 'PRICES_ARE_CHANGED')) await refetch();
            return answer!.payLinkPay.errors;
          }} />
        </>
      )}
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
