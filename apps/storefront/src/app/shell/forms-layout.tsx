import { useIntl } from 'react-intl';
import { isRouteErrorResponse, Outlet, useRouteError } from 'react-router';
import { useBaseData } from '../../data/route-data.ts';
import { usePageTitle } from '../../lib/head.tsx';
import { Logo } from '../../ui/logo.tsx';
import { StatusPage } from '../../ui/status-page.tsx';
import { RouteErrorScreen } from './base.tsx';
import './forms-chrome.css';

/**
 * The forms variant's page: the brand and the form, nothing of the store (no navigation, cart or
 * account), so it reads the same on its own and inside a partner's frame.
 */
export function FormsLayout() {
  const intl = useIntl();
  return (
    <>
      <a className="skip-link" href="#main">{intl.formatMessage({ id: 'app.skipToContent' })}</a>
      <header className="forms-header">
        <div className="container forms-header__inner">
          <Logo />
          <span className="forms-header__name">{intl.formatMessage({ id: 'app.brand' })}</span>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

/** An unknown form is a 404 with the not-found screen; its link leaves the forms application for the store. */
export function FormNotFoundBoundary() {
  const error = useRouteError();
  const intl = useIntl();
  const base = useBaseData();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  usePageTitle(intl.formatMessage({ id: notFound ? 'notFound.heading' : 'error.heading' }));
  if (!notFound) return <RouteErrorScreen />;
  return (
    <StatusPage id="not-found-heading" testId="not-found" icon="search" heading={intl.formatMessage({ id: 'notFound.heading' })} text={intl.formatMessage({ id: 'notFound.text' })}>
      <a className="button" href={`${base.basePath}/`}>{intl.formatMessage({ id: 'notFound.home' })}</a>
    </StatusPage>
  );
}
