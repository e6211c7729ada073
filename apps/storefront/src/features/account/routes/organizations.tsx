import { useApolloClient } from '@apollo/client/react';
import { PLAN_NAMES } from '@probe/domain';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { STORAGE_KEYS } from '../../../session/storage-keys.ts';
import { CHECKOUT_ORGANIZATION_UPDATE } from '../../checkout/operations.ts';
import type { AccountMembership } from '../operations.ts';
import { chooseOrganization, chosenMembership } from '../signed-in-rules.ts';
import { useAccountArea } from './account-layout.tsx';

/**
 * Organization and members, /{cc}/{lang}/account/organizations/: each membership (plan, role, seats,
 * probes) with its members' page, which one the user buys for when they have several, and founding one.
 */
export function Component() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const base = useBaseData();
  const { me } = useAccountArea();
  const client = useApolloClient();
  usePageTitle(`${t('account.nav.organizations')} · ${t('account.title')} · ${t('app.brand')}`);
  usePageView(PAGE_VIEWS.myAccount);
  // The organization the user acts and buys for (several memberships): read in the browser, where it is stored.
  const [acting, setActing] = useState<string | null>(null);
  useEffect(() => setActing(chosenMembership(me.organizationMemberships)?.id ?? null), [me]);
  const actFor = (membership: AccountMembership) => {
    chooseOrganization(membership.organization.slug);
    setActing(membership.id);
    // The open cart is bought for the organization chosen now (a refusal leaves it as it was).
    const token = localStorage.getItem(STORAGE_KEYS.checkoutToken);
    if (token) void client.mutate({ mutation: CHECKOUT_ORGANIZATION_UPDATE, variables: { token, organizationMembershipId: membership.id }, fetchPolicy: 'no-cache' }).catch(() => null);
  };
  const memberships = me.organizationMemberships;
  return (
    <>
      <h1>{t('account.nav.organizations')}</h1>
      {memberships.length === 0 ? <p>{t('account.noOrganizations')}</p> : (
        <ul className="account-list account-list--single">
          {memberships.map((m) => (
            <li key={m.id}>
              <MembershipCard membership={m} basePath={base.basePath} locale={base.locale}
                acting={memberships.length > 1 ? acting === m.id : null} onActFor={() => actFor(m)} />
            </li>
          ))}
        </ul>
      )}
      <p className="account-more"><Link className="button button--ghost" to={`${base.basePath}/account/organization/new/`} data-testid="new-organization-link">{t('organization.new.link')}</Link></p>
    </>
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
      <h2 id={`org-${membership.id}`} className="account-card__title">{org.name}</h2>
      <dl className="account-facts account-facts--three">
        <div><dt>{t('account.country')}</dt><dd>{country}</dd></div>
        <div><dt>{t('account.plan')}</dt><dd>{PLAN_NAMES[org.planType]}</dd></div>
        <div><dt>{t('account.role')}</dt><dd>{t(membership.isOrganizationAdmin ? 'account.role.admin' : 'account.role.member')}</dd></div>
        <div><dt>{t('account.seats')}</dt><dd>{t('account.seatsValue', { available: org.availableSeats, max: org.maxSeats })}</dd></div>
        <div className="account-facts__wide">
          <dt>{t('account.probes')}</dt>
          <dd>
            <ul className="account-probes">
              <li>{t('account.probesModel', { model: 'IQ', count: org.registeredProbes })}</li>
              <li>{t('account.probesModel', { model: 'IQ+', count: org.registeredProbesPlus })}</li>
              <li>{t('account.probesModel', { model: 'IQ3', count: org.registeredProbesIq3 })}</li>
            </ul>
          </dd>
        </div>
      </dl>
      <p className="account-actions">
        <Link to={`${basePath}/account/organization/${encodeURIComponent(membership.id)}/`}>{t(membership.isOrganizationAdmin ? 'account.manageMembers' : 'account.viewMembership')}<span className="visually-hidden">: {org.name}</span></Link>
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
