import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { ProfileForm } from '../profile-form.tsx';
import { YourDataSection } from '../your-data.tsx';
import { useAccountArea } from './account-layout.tsx';

/** The account area's first section, /{cc}/{lang}/account/: name and e-mail, the name form, and "Your data". */
export function Component() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const base = useBaseData();
  const { me } = useAccountArea();
  const location = useLocation();
  const navigate = useNavigate();
  usePageTitle(`${t('account.nav.profile')} · ${t('account.title')} · ${t('app.brand')}`);
  usePageView(PAGE_VIEWS.myAccount);
  // My account's payment methods were once a part of this page (#payment-methods): links kept in e-mails and bookmarks go on to them.
  useEffect(() => {
    if (location.hash === '#payment-methods') navigate(`${base.basePath}/account/payment-methods/${location.search}`, { replace: true });
  }, [location.hash, location.search, base.basePath, navigate]);
  return (
    <>
      <h1>{t('account.nav.profile')}</h1>
      <section aria-labelledby="account-profile" className="account-card">
        <h2 id="account-profile" className="visually-hidden">{t('account.profile')}</h2>
        <dl className="account-facts" data-testid="account-profile">
          <div><dt>{t('account.name')}</dt><dd>{me.name || '—'}</dd></div>
          <div><dt>{t('account.email')}</dt><dd dir="ltr" className="account-ltr">{me.email}</dd></div>
        </dl>
        <ProfileForm name={me.name ?? null} />
      </section>
      <YourDataSection />
    </>
  );
}
