import { useIntl } from 'react-intl';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { loadGroupCards } from '../group-cards.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { ProductCard } from '../product-card.tsx';
import '../product-card.css';

/** Bundles (spec §2 /iq/bundle/ and /vet/bundle/): the all-in bundles of the human or veterinary market. */
export const loader = (args: LoaderFunctionArgs) => loadGroupCards(args, 'BUNDLE');

export function Component() {
  const intl = useIntl();
  const base = useBaseData();
  const { variants: bundles, displayGrossPrices } = useLoaderData<typeof loader>();
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
