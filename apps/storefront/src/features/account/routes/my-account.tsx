import { useApolloClient, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { PLAN_NAMES } from '@probe/domain';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { DocumentLinks } from '../../../ui/document-links.tsx';
import { Money } from '../../../ui/money.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { USER_REFRESH, type AccountMembership, type AccountOrder } from '../operations.ts';
import { ProfileForm } from '../profile-form.tsx';
import { SavedMethodsSection } from '../../subscriptions/saved-methods.tsx';
import { chooseOrganization, chosenMembership } from '../signed-in-rules.ts';
import { useSignedIn } from '../use-signed-in.ts';
import { YourDataSection } from '../your-data.tsx';
import { STORAGE_KEYS } from '../../../session/storage-keys.ts';
import { CHECKOUT_ORGANIZATION_UPDATE } from '../../checkout/operations.ts';
import '../account.css';

/** An order whose payment failed (as the confirmation page says it): no charge and no invoice to pay instead. */
export function paymentFailed(order: Pick<AccountOrder, 'paymentStatus' | 'invoice'>): boolean {
  return order.paymentStatus === 'NOT_CHARGED' && !order.invoice;
}

/**
 * My account /{cc}/{lang}/account/ (one route for the desktop and the mobile layouts): profile (with the
 * name form), each organization membership, and the user's orders. Read in the browser: the token lives there.
 */
export function Component() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const base = useBaseData();
  usePageTitle(`${t('account.title')} · ${t('app.brand')}`);
  usePageView(PAGE_VIEWS.myAccount);
  const signedIn = useSignedIn(base.language);
  const { data, error } = useQuery(USER_REFRESH, { variables: { first: 20 }, skip: signedIn !== 'yes' });
  const me = data?.me;
  const client = useApolloClient();
  // The organization the user acts and buys for (several memberships): read in the browser, where it is stored.
  const [acting, setActing] = useState<string | null>(null);
  useEffect(() => setActing(me ? (chosenMembership(me.organizationMemberships)?.id ?? null) : null), [me]);
  const actFor = (membership: AccountMembership) => {
    chooseOrganization(membership.organization.slug);
    setActing(membership.id);
    // The open cart is bought for the organization chosen now (a refusal leaves it as it was).
    const token = localStorage.getItem(STORAGE_KEYS.checkoutToken);
    if (token) void client.mutate({ mutation: CHECKOUT_ORGANIZATION_UPDATE, variables: { token, organizationMembershipId: membership.id }, fetchPolicy: 'no-cache' }).catch(() => null);
  };

  if (!me) {
    return (
      <div className="container page account-page">
        <h1>{t('account.title')}</h1>
        {error ? <p role="alert">{t('account.loadFailed')}</p> : <Spinner label={signedIn === 'no' ? t('account.signingIn') : t('app.loading')} />}
      </div>
    );
  }
  return (
    <div className="container page account-page">
      <h1>{t('account.title')}</h1>
      <section aria-labelledby="account-profile" className="account-card">
        <h2 id="account-profile">{t('account.profile')}</h2>
        <dl className="account-facts" data-testid="account-profile">
          <div><dt>{t('account.name')}</dt><dd>{me.name || '—'}</dd></div>
          <div><dt>{t('account.email')}</dt><dd dir="ltr" className="account-ltr">{me.email}</dd></div>
        </dl>
        <ProfileForm name={me.name ?? null} />
      </section>
      <section aria-labelledby="account-organizations">
        <h2 id="account-organizations">{t('account.organizations')}</h2>
        {me.organizationMemberships.length === 0 ? <p>{t('account.noOrganizations')}</p> : (
          <ul className="account-list">
            {me.organizationMemberships.map((m) => (
              <li key={m.id}>
                <MembershipCard membership={m} basePath={base.basePath} locale={base.locale}
                  acting={me.organizationMemberships.length > 1 ? acting === m.id : null} onActFor={() => actFor(m)} />
              </li>
            ))}
          </ul>
        )}
        {me.organizationMemberships.length ? <p className="account-more"><Link to={`${base.basePath}/subscription/`} data-testid="subscription-link">{t('subscription.manage')}</Link></p> : null}
        <p className="account-more"><Link to={`${base.basePath}/account/organization/new/`} data-testid="new-organization-link">{t('organization.new.link')}</Link></p>
        <p className="account-more"><Link to={`${base.basePath}/learner-verification/`}>{t('learner.link')}</Link></p>
      </section>
      <SavedMethodsSection />
      <section aria-labelledby="account-orders">
        <h2 id="account-orders">{t('account.orders')}</h2>
        {me.orders.length === 0 ? <p>{t('account.noOrders')}</p> : (
          <ul className="account-list" data-testid="account-orders">
            {me.orders.map((order) => <li key={order.token}><OrderCard order={order} basePath={base.basePath} /></li>)}
          </ul>
        )}
      </section>
      <YourDataSection />
    </div>
  );
}

/** One membership; `acting` (with several memberships) says whether the user acts and buys for it, or offers to. */
function MembershipCard({ membership, basePath, locale, acting, onActFor }: { membership: AccountMembership; basePath: string; locale: string; acting: boolean | null; onActFor: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const org = membership.organization;
  const country = new Intl.DisplayNames([locale], { type: 'region' }).of(org.country) ?? org.country;
  return (
    <article className="account-card" aria-labelledby={`org-${membership.id}`} data-testid="account-membership">
      <h3 id={`org-${membership.id}`}>{org.name}</h3>
      <dl className="account-facts">
        <div><dt>{t('account.country')}</dt><dd>{country}</dd></div>
        <div><dt>{t('account.plan')}</dt><dd>{PLAN_NAMES[org.planType]}</dd></div>
        <div><dt>{t('account.role')}</dt><dd>{t(membership.isOrganizationAdmin ? 'account.role.admin' : 'account.role.member')}</dd></div>
        <div><dt>{t('account.seats')}</dt><dd>{t('account.seatsValue', { available: org.availableSeats, max: org.maxSeats })}</dd></div>
        <div>
          <dt>{t('account.probes')}</dt>
          <dd>
            <ul className="account-probes">
              <li>{t('account.probesModel', { model: 'IQ', count: org.registeredProbes })}</li>
              <li>{t('account.probesModel', { model: 'IQ+', count: org.registeredProbesPlus })}</li>
              <li>{t('account.probesModel', { model: 'IQ3', count: org.registeredProbesIq3 })}</li>
            </ul>
          </dd>
        </div>
        {membership.referrerToken ? (
          <div className="account-facts__wide">
            <dt>{t('account.referralLink')}</dt>
            <dd className="account-referral">
              <a href={`${basePath}/refer/${membership.referrerToken}/`} data-testid="referral-link">{new URL(`${basePath}/refer/${membership.referrerToken}/`, window.location.origin).href}</a>
              <span className="field__hint">{t('account.referralHint')}</span>
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="account-actions">
        <Link to={`${basePath}/account/organization/${encodeURIComponent(membership.id)}/`}>{t(membership.isOrganizationAdmin ? 'account.manageMembers' : 'account.viewMembership')}</Link>
        {acting === true ? <strong data-testid="acting-for">{t('organization.acting')}</strong> : null}
        {acting === false ? (
          <button type="button" className="button button--ghost" onClick={onActFor} data-testid="act-for">
            {t('organization.actFor')}<span className="visually-hidden">: {org.name}</span>
          </button>
        ) : null}
      </p>
    </article>
  );
}

function OrderCard({ order, basePath }: { order: AccountOrder; basePath: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const failed = paymentFailed(order);
  return (
    <article className="account-card account-order" aria-labelledby={`order-${order.token}`} data-testid="account-order">
      <h3 id={`order-${order.token}`}>{t('account.orderNumber', { number: order.number })}</h3>
      <dl className="account-facts">
        <div><dt>{t('account.orderDate')}</dt><dd>{intl.formatDate(order.created, { dateStyle: 'medium' })}</dd></div>
        <div><dt>{t('account.orderTotal')}</dt><dd><Money amount={order.total.gross.fractionalAmount} currency={order.total.gross.currency} /></dd></div>
        <div><dt>{t('account.paymentState')}</dt><dd data-testid="order-payment-state">{order.cancelled ? t('order.state.CANCELLED')
          : order.paymentState === 'REFUNDED' || order.paymentState === 'PARTLY_REFUNDED' ? t(`order.state.${order.paymentState}`)
            : t(`confirmation.status.${failed ? 'FAILED' : order.paymentStatus}`)}</dd></div>
        {order.fulfilmentState === 'NONE' || order.cancelled ? null : <div><dt>{t('order.fulfilment')}</dt><dd data-testid="order-fulfilment-state">{t(`order.fulfilment.${order.fulfilmentState}`)}</dd></div>}
        <div><dt>{t('account.invoiceState')}</dt><dd>{order.invoice ? t(`account.invoice.${order.invoice.status}`) : t('account.invoice.none')}</dd></div>
      </dl>
      <p className="account-actions">
        {failed && !order.cancelled ? <Link className="button" to={`${basePath}/order-payment/${order.token}/`}>{t('confirmation.payNow')}</Link> : null}
        {order.invoice?.status === 'OPEN' && !order.cancelled ? <Link to={`${basePath}/invoice-payment/${order.invoice.token}/`}>{t('confirmation.payInvoice')}</Link> : null}
        <Link to={`${basePath}/confirmation/${order.token}/`}>{t('account.viewOrder', { number: order.number })}</Link>
        <DocumentLinks orderToken={order.token} number={order.number} quote={order.paymentMethod === 'ELECTRONIC_QUOTE' && !!order.invoice} />
      </p>
    </article>
  );
}
