import { formatMinor, PLAN_NAMES } from '@probe/domain';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { AutoRenewalSwitch } from './auto-renewal-switch.tsx';
import { methodName, primaryMethod } from './method-label.ts';
import type { ManagedMembership, ManagedSubscription } from './operations.ts';
import { canSwitchAutoRenewal, needsRenewal, upgradeLinks } from './rules.ts';
import { ScheduleChange } from './schedule-change.tsx';
import { StatusNotice } from './status-notice.tsx';

/**
 * One organization's subscription: its plan, state and what the state means, period, limits and
 * price; for admins the renewal switch, the method renewals go to, the scheduled change and the
 * upgrade pages. A member sees the same facts and is told that only an admin can change them.
 */
export function SubscriptionPanel({ membership, basePath }: { membership: ManagedMembership; basePath: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const org = membership.organization;
  const sub = org.subscription;
  const headingId = useId();
  if (!sub) {
    return (
      <section className="account-card subscription-panel" aria-labelledby={headingId} data-testid="subscription-panel">
        <h2 id={headingId}>{org.name}</h2>
        <p data-testid="no-subscription">{t('subscription.none', { organization: org.name })}</p>
        <p><Link className="button" to={`${basePath}/pricing/`}>{t('subscription.seePricing')}</Link></p>
      </section>
    );
  }
  const isAdmin = membership.isOrganizationAdmin;
  return (
    <section className="account-card subscription-panel" aria-labelledby={headingId} data-testid="subscription-panel">
      <h2 id={headingId}>{t('subscription.planHeading', { plan: PLAN_NAMES[sub.planType] })}{' '}<span className="subscription-panel__org">{org.name}</span></h2>
      <StatusNotice subscription={sub} status={org.subscriptionStatus} autoRenew={org.isAutoRenewalActive} isAdmin={isAdmin} basePath={basePath} />
      {isAdmin ? null : <p className="subscription-read-only" data-testid="subscription-read-only">{t('subscription.readOnly')}</p>}
      <Facts membership={membership} subscription={sub} />
      {isAdmin ? <RenewalMethod membership={membership} basePath={basePath} /> : null}
      <ScheduleChange organizationId={org.id} subscription={sub} status={org.subscriptionStatus} isAdmin={isAdmin} />
      {isAdmin && !needsRenewal(org.subscriptionStatus) ? (
        <nav className="subscription-section" aria-label={t('subscription.changes.heading')}>
          <h3>{t('subscription.changes.heading')}</h3>
          <ul className="subscription-links">
            {upgradeLinks(sub.planType, org.subscriptionStatus).map((link) => (
              <li key={link.key}><Link className="button button--ghost" to={`${basePath}${link.path}`}>{t(`subscription.link.${link.key}`)}</Link></li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}

function Facts({ membership, subscription: sub }: { membership: ManagedMembership; subscription: ManagedSubscription }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const renewalId = useId();
  const org = membership.organization;
  const date = (iso: string | null) => (iso ? intl.formatDate(iso, { dateStyle: 'long' }) : '—');
  const registered = org.registeredProbes + org.registeredProbesPlus + org.registeredProbesIq3;
  const price = formatMinor(sub.currentPrice.fractionalAmount, sub.currentPrice.currency, intl.locale);
  const switchable = membership.isOrganizationAdmin && canSwitchAutoRenewal(org.subscriptionStatus, sub.term);
  return (
    <dl className="account-facts subscription-facts" data-testid="subscription-facts">
      <div><dt>{t('account.plan')}</dt><dd>{PLAN_NAMES[sub.planType]}</dd></div>
      <div><dt>{t('subscription.status')}</dt><dd data-testid="subscription-status">{org.subscriptionStatus ? t(`subscription.status.${org.subscriptionStatus}`) : '—'}</dd></div>
      <div><dt>{t('subscription.term')}</dt><dd>{t(`subscription.term.${sub.term}`)}</dd></div>
      <div><dt>{t('subscription.price')}</dt><dd data-testid="subscription-price">{t(`subscription.pricePer.${sub.term}`, { price })}</dd></div>
      <div><dt>{t('subscription.periodStart')}</dt><dd data-testid="period-start">{date(sub.currentPeriodStart)}</dd></div>
      <div><dt>{t('subscription.periodEnd')}</dt><dd data-testid="period-end">{date(sub.currentPeriodEnd)}</dd></div>
      <div><dt>{t('account.seats')}</dt><dd>{t('account.seatsValue', { available: org.availableSeats, max: org.maxSeats })}</dd></div>
      <div><dt>{t('subscription.probes')}</dt><dd>{t('subscription.probesValue', { registered, max: org.maxDevices })}</dd></div>
      <div>
        <dt id={renewalId}>{t('subscription.autoRenewal')}</dt>
        <dd data-testid="auto-renewal">
          {switchable ? <AutoRenewalSwitch organizationId={org.id} on={org.isAutoRenewalActive} labelledBy={renewalId} /> : t(org.isAutoRenewalActive ? 'subscription.on' : 'subscription.off')}
        </dd>
      </div>
    </dl>
  );
}

/** "Renewals are charged to Visa …4242", or that nothing is saved to charge; both lead to my account's methods. */
function RenewalMethod({ membership, basePath }: { membership: ManagedMembership; basePath: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const primary = primaryMethod(membership.availableReusablePaymentMethods);
  return (
    <p className="subscription-method" data-testid="renewal-method">
      {primary ? t('subscription.chargedTo', { method: methodName(intl, primary) }) : t('subscription.noMethod')}{' '}
      <Link to={`${basePath}/account/payment-methods/`}>{t(primary ? 'subscription.manageMethods' : 'savedMethods.add')}</Link>
    </p>
  );
}
