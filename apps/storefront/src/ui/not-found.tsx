import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { StatusPage } from './status-page.tsx';

export function NotFoundScreen({ homeHref }: { homeHref: string }) {
  const intl = useIntl();
  return (
    <StatusPage id="not-found-heading" testId="not-found" icon="search" heading={intl.formatMessage({ id: 'notFound.heading' })} text={intl.formatMessage({ id: 'notFound.text' })}>
      <Link className="button" to={homeHref}>{intl.formatMessage({ id: 'notFound.home' })}</Link>
    </StatusPage>
  );
}
