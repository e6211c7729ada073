import { useIntl } from 'react-intl';
import type { MaintenanceFields } from '../data/shop-operations.ts';
import { StatusPage } from './status-page.tsx';

/** Shown instead of the store while maintenance mode is on and this visitor is not allowed in. */
export function MaintenancePage({ maintenance }: { maintenance: MaintenanceFields }) {
  const intl = useIntl();
  const url = maintenance.maintenancePageUrl;
  return (
    <StatusPage
      id="maintenance-heading"
      testId="maintenance"
      icon="wrench"
      heading={maintenance.maintenancePageHeader || intl.formatMessage({ id: 'maintenance.heading' })}
      text={maintenance.maintenancePageContent || intl.formatMessage({ id: 'maintenance.text' })}
    >
      {url && /^https?:\/\//i.test(url) ? <a className="button" href={url} rel="noopener">{intl.formatMessage({ id: 'maintenance.link' })}</a> : null}
    </StatusPage>
  );
}
