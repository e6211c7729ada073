import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PageViewName } from '../../analytics/data-layer.ts';
import { useBaseData } from '../../data/route-data.ts';
import { usePageTitle } from '../../lib/head.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import type { UpgradeOrganization } from './operations.ts';
import { PageView } from './page-view.tsx';
import { useUpgradeAccount, type UpgradeAccount } from './use-upgrade-account.ts';
import { useT } from './use-t.ts';
import './upgrades.css';

/**
 * The frame of every upgrade page: its heading, and what a visitor who cannot change the subscription
 * sees instead of the form (signed out: off to sign in; a member: only admins may; no subscription: the
 * pricing page). The form gets the admin's organization.
 */
export function UpgradeFrame({ title, pageView, children }: {
  title: string;
  /** The page-view name, from the organization once it is known (null before). */
  pageView: (organization: UpgradeOrganization | null) => PageViewName;
  children: (account: UpgradeAccount, refetch: () => void) => ReactNode;
}) {
  const t = useT();
  const base = useBaseData();
  usePageTitle(`${title} · ${t('app.brand')}`);
  const state = useUpgradeAccount();
  const known = state.kind !== 'pending' && state.kind !== 'signing-in';
  const organization = state.kind === 'ready' ? state.account.organization : state.kind === 'not-admin' ? state.organization : null;

  let body: ReactNode;
  if (state.kind === 'pending' || state.kind === 'signing-in') {
    body = <Spinner label={t(state.kind === 'signing-in' ? 'account.signingIn' : 'app.loading')} />;
  } else if (state.kind === 'failed') {
    body = <p role="alert">{t('account.loadFailed')}</p>;
  } else if (state.kind === 'no-subscription') {
    body = (
      <Notice testId="upgrade-no-subscription" title={t('upgrade.noSubscription.title')}>
        <p>{t('upgrade.noSubscription.text')}</p>
        <p><Link className="button" to={`${base.basePath}/pricing/`}>{t('upgrade.seePricing')}</Link></p>
      </Notice>
    );
  } else if (state.kind === 'not-admin') {
    body = (
      <Notice testId="upgrade-not-admin" title={t('upgrade.notAdmin.title')}>
        <p>{t('upgrade.notAdmin.text', { organization: state.organization.name })}</p>
        <p><Link to={`${base.basePath}/account/`}>{t('account.backToAccount')}</Link></p>
      </Notice>
    );
  } else {
    body = children(state.account, state.refetch);
  }
  return (
    <div className="container page upgrade-page">
      {known ? <PageView name={pageView(organization)} /> : null}
      <h1>{title}</h1>
      {organization ? <p className="upgrade-lead">{organization.name}</p> : null}
      {body}
    </div>
  );
}

/** A short message in place of a form (why the page cannot be used, or what to do instead). */
export function Notice({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <section className="upgrade-card upgrade-notice" aria-labelledby={`${testId ?? 'notice'}-title`} data-testid={testId}>
      <h2 id={`${testId ?? 'notice'}-title`}>{title}</h2>
      {children}
    </section>
  );
}
