import { useIntl } from 'react-intl';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { loadGroupCards } from '../group-cards.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { cardsByProduct, ProductCard } from '../product-card.tsx';
import '../product-card.css';

/** Accessories (spec §2 /accessories/): cables and their long variants, priced for the route's country. */
export const loader = (args: LoaderFunctionArgs) => loadGroupCards(args, 'ACCESSORIES');

export function Component() {
  const intl = useIntl();
  const base = useBaseData();
  const { variants: accessories, displayGrossPrices } = useLoaderData<typeof loader>();
  usePageTitle(`${intl.formatMessage({ id: 'accessories.title' })} · ${intl.formatMessage({ id: 'app.brand' })}`);
  usePageView(PAGE_VIEWS.accessoriesHome);
  return (
    <div className="container page">
      <h1>{intl.formatMessage({ id: 'accessories.title' })}</h1>
      <p className="page__lead">{intl.formatMessage({ id: 'accessories.lead' })}</p>
      <div className="product-grid">
        {cardsByProduct(accessories).map((v) => <ProductCard key={v.sku} variant={v} basePath={base.basePath} displayGross={displayGrossPrices} />)}
      </div>
    </div>
  );
}
