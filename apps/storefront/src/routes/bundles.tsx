import { useIntl } from 'react-intl';
import { useLoaderData, useLocation, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apolloContext } from '../app/apollo-context.ts';
import { BUNDLES } from '../graphql/shop.ts';
import { usePageTitle } from '../lib/head.tsx';
import { orFail } from '../lib/loader-failure.ts';
import { catalogueVariables } from '../lib/route-locale.ts';
import { ProductCard } from '../ui/product-card.tsx';
import type { BaseData } from './base.tsx';
import '../ui/product-card.css';

/** Bundles (spec §2 /iq/bundle/ and /vet/bundle/): the all-in bundles of the human or veterinary market. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { data } = await orFail('Failed to load shop', () => context.get(apolloContext).query({ query: BUNDLES, variables: catalogueVariables(params, request) }));
  return data.shop.catalogue;
}

export function Component() {
  const intl = useIntl();
  const base = useRouteLoaderData<BaseData>('base')!;
  const { bundles, displayGrossPrices } = useLoaderData<typeof loader>();
  const vet = useLocation().pathname.includes('/vet/');
  usePageTitle(`${intl.formatMessage({ id: 'bundles.title' })} · ${intl.formatMessage({ id: 'app.brand' })}`);
  const shown = bundles.filter((b) => b.market === (vet ? 'VETERINARY' : 'HUMAN') && b.pricing);
  return (
    <div className="container page">
      <h1>{intl.formatMessage({ id: 'bundles.title' })}</h1>
      <p className="page__lead">{intl.formatMessage({ id: 'bundles.lead' })}</p>
      <div className="product-grid">
        {shown.map((bundle) => (
          <ProductCard key={bundle.sku} variant={bundle} basePath={base.basePath} displayGross={displayGrossPrices} preselect />
        ))}
      </div>
    </div>
  );
}
