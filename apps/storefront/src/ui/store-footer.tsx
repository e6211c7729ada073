import { APP_VERSION } from '@probe/domain';
import { useIntl } from 'react-intl';
import './store-chrome.css';

export function StoreFooter() {
  const intl = useIntl();
  return (
    <footer className="store-footer">
      <div className="container store-footer__inner">
        <p>{intl.formatMessage({ id: 'app.footerRights' }, { year: new Date().getUTCFullYear() })}</p>
        <p className="store-footer__version">{intl.formatMessage({ id: 'app.footerVersion' }, { version: APP_VERSION })}</p>
      </div>
    </footer>
  );
}
