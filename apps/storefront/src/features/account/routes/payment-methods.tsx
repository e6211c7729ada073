import { useIntl } from 'react-intl';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { SavedMethodsSection } from '../../subscriptions/saved-methods.tsx';
import { NotInAccount } from '../area/not-in-account.tsx';
import { useAccountArea } from './account-layout.tsx';

/** Payment methods, /{cc}/{lang}/account/payment-methods/: for the organizations the user administers. */
export function Component() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const base = useBaseData();
  const { me } = useAccountArea();
  usePageTitle(`${t('savedMethods.title')} · ${t('account.title')} · ${t('app.brand')}`);
  usePageView(PAGE_VIEWS.myAccount);
  if (!me.organizationMemberships.some((m) => m.isOrganizationAdmin)) {
    return <><h1>{t('savedMethods.title')}</h1><NotInAccount basePath={base.basePath} /></>;
  }
  return <SavedMethodsSection />;
}
