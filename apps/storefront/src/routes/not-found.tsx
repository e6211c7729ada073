import { useIntl } from 'react-intl';
import { data, useRouteLoaderData } from 'react-router';
import { usePageTitle } from '../lib/head.tsx';
import { NotFoundScreen } from '../ui/not-found.tsx';
import type { BaseData } from './base.tsx';

/** An unknown store path answers 404 with the not-found screen inside the store layout. */
export function loader(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export function ErrorBoundary() {
  const intl = useIntl();
  const base = useRouteLoaderData<BaseData>('base')!;
  usePageTitle(intl.formatMessage({ id: 'notFound.heading' }));
  return <NotFoundScreen homeHref={`${base.basePath}/`} />;
}
