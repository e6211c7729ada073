import { useIntl } from 'react-intl';
import { data, isRouteErrorResponse, useRouteError } from 'react-router';
import { useBaseData } from '../../data/route-data.ts';
import { usePageTitle } from '../../lib/head.tsx';
import { NotFoundScreen } from '../../ui/not-found.tsx';
import { RouteErrorScreen } from './base.tsx';

/** An unknown store path answers 404 with the not-found screen inside the store layout. */
export function loader(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export function ErrorBoundary() {
  return <NotFoundBoundary />;
}

/** A screen's error boundary: a 404 shows the not-found screen, anything else the generic error screen. */
export function NotFoundBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) return <RouteErrorScreen />;
  return <NotFound />;
}

function NotFound() {
  const intl = useIntl();
  const base = useBaseData();
  usePageTitle(intl.formatMessage({ id: 'notFound.heading' }));
  return <NotFoundScreen homeHref={`${base.basePath}/`} />;
}
