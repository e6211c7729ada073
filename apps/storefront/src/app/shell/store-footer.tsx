import { APP_VERSION } from '@probe/domain';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { reopenConsent } from '../../analytics/consent.ts';
import './store-chrome.css';

export function StoreFooter({ basePath }: { basePath: string }) {
  const intl = useIntl();
  return (
    <footer className="store-footer">
      <div className="container store-footer__inner">
        <p>{intl.formatMessage({ id: 'app.footerRights' }, { year: new Date().getUTCFullYear() })}</p>
        <nav className="store-footer__links" aria-label={intl.formatMessage({ id: 'nav.footer' })}>
          <Link to={`${basePath}/contact/`}>{intl.formatMessage({ id: 'nav.contact' })}</Link>
          <Link to={`${basePath}/supported-countries/`}>{intl.formatMessage({ id: 'countries.title' })}</Link>
          <Link to={`${basePath}/site-map/`}>{intl.formatMessage({ id: 'siteMap.title' })}</Link>
          <Link to={`${basePath}/terms/`}>{intl.formatMessage({ id: 'terms.title' })}</Link>
          <button type="button" className="link-button" onClick={reopenConsent}>{intl.formatMessage({ id: 'consent.footer' })}</button>
        </nav>
        <p className="store-footer__version">{intl.formatMessage({ id: 'app.footerVersion' }, { version: APP_VERSION })}</p>
      </div>
    </footer>
  );
}
