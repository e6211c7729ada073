import { useId } from 'react';
import { useIntl } from 'react-intl';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { CopyButton } from '../area/copy-button.tsx';
import { NotInAccount } from '../area/not-in-account.tsx';
import { useAccountArea } from './account-layout.tsx';

/**
 * Referrals, /{cc}/{lang}/account/referrals/: the referral link of each membership that has one, to copy
 * and share; a purchase made through it adds a month to the organization's subscription.
 */
export function Component() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const base = useBaseData();
  const { me } = useAccountArea();
  usePageTitle(`${t('account.nav.referrals')} · ${t('account.title')} · ${t('app.brand')}`);
  usePageView(PAGE_VIEWS.myAccount);
  const referring = me.organizationMemberships.filter((m) => m.referrerToken);
  return (
    <>
      <h1>{t('account.nav.referrals')}</h1>
      <p className="page__lead">{t('account.referralHint')}</p>
      {referring.length === 0 ? <NotInAccount basePath={base.basePath} /> : (
        <ul className="account-list account-list--single">
          {referring.map((m) => <li key={m.id}><ReferralCard name={m.organization.name} path={`${base.basePath}/refer/${m.referrerToken}/`} several={referring.length > 1} /></li>)}
        </ul>
      )}
    </>
  );
}

function ReferralCard({ name, path, several }: { name: string; path: string; several: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const id = useId();
  const url = new URL(path, window.location.origin).href;
  return (
    <article className="account-card referral-card" aria-labelledby={id} data-testid="referral-card">
      <h2 id={id} className="account-card__title">{several ? name : t('account.referralLink')}</h2>
      {several ? <p className="account-card__sub">{t('account.referralLink')}</p> : null}
      <div className="referral-card__link">
        <a href={path} dir="ltr" data-testid="referral-link">{url}</a>
        <CopyButton text={url} label={t('account.copy.link')} />
      </div>
    </article>
  );
}
