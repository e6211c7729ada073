import { useIntl } from 'react-intl';
import type { MaintenanceFields } from '../graphql/shop.ts';
import './status-page.css';

/** Shown instead of the store while maintenance mode is on and this visitor is not allowed in. */
export function MaintenancePage({ maintenance }: { maintenance: MaintenanceFields }) {
  const intl = useIntl();
  return (
    <section className="status-page" aria-labelledby="maintenance-heading" data-testid="maintenance">
      <div className="status-page__card">
        <svg className="status-page__icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M14.7 6.3a4 4 0 0 0-5.4 5.1L4 16.7 7.3 20l5.3-5.3a4 4 0 0 0 5.1-5.4l-2.4 2.4-2.4-.6-.6-2.4 2.4-2.4Z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        </svg>
        <h1 id="maintenance-heading">{maintenance.maintenancePageHeader || intl.formatMessage({ id: 'maintenance.heading' })}</h1>
        <p className="status-page__text">{maintenance.maintenancePageContent || intl.formatMessage({ id: 'maintenance.text' })}</p>
        {maintenance.maintenancePageUrl && /^https?:\/\//i.test(maintenance.maintenancePageUrl) ? (
          <a className="button" href={maintenance.maintenancePageUrl} rel="noopener">{intl.formatMessage({ id: 'maintenance.link' })}</a>
        ) : null}
      </div>
    </section>
  );
}
