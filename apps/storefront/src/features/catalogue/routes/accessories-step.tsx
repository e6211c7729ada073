import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { apolloContext } from '../../../data/apollo-context.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { orFail } from '../../../lib/loader-failure.ts';
import { catalogueVariables } from '../../../lib/route-locale.ts';
import { Price } from '../../../ui/price.tsx';
import { AddToCart } from '../../checkout/add-to-cart.tsx';
import { ACCESSORIES_STEP } from '../operations.ts';
import './product.css';
import './accessories-step.css';

/**
 * The accessories step (spec §2 /accessories-step/): after a probe is put in the cart, the accessories
 * that fit it (same connector) to add in one go, or the way on to the cart. Without a known probe
 * (`?device=<product slug>&sku=<variant>`) every accessory sold here is offered.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const variables = { ...catalogueVariables(params, request), device: search.get('device') ?? '' };
  const { data } = await orFail('Failed to load shop', () => context.get(apolloContext).query({ query: ACCESSORIES_STEP, variables }));
  const { device, variants, displayGrossPrices } = data.shop.catalogue;
  const probe = device?.category.slug === 'probes' ? device : null;
  const connector = probe?.variants.find((v) => v.sku === search.get('sku'))?.connector ?? null;
  const sold = variants.filter((v) => v.pricing && v.isAvailable);
  return { device: probe ? probe.name : null, accessories: connector ? sold.filter((v) => v.connector === connector) : sold, displayGrossPrices };
}

export function Component() {
  const intl = useIntl();
  const base = useBaseData();
  const { device, accessories, displayGrossPrices } = useLoaderData<typeof loader>();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const title = device ? intl.formatMessage({ id: 'accessoriesStep.titleFor' }, { device }) : intl.formatMessage({ id: 'accessoriesStep.link' });
  usePageTitle(`${title} · ${intl.formatMessage({ id: 'app.brand' })}`);
  usePageView(PAGE_VIEWS.accessoriesUpsell);
  const toggle = (sku: string) => setChosen((current) => {
    const next = new Set(current);
    if (!next.delete(sku)) next.add(sku);
    return next;
  });
  const lines = accessories.filter((a) => chosen.has(a.sku)).map((a) => ({ sku: a.sku, quantity: 1 }));
  return (
    <div className="container page accessories-step">
      <h1>{title}</h1>
      <p className="page__lead">{intl.formatMessage({ id: 'accessoriesStep.lead' })}</p>
      {accessories.length ? (
        <fieldset className="accessories-step__list">
          <legend className="visually-hidden">{intl.formatMessage({ id: 'accessoriesStep.legend' })}</legend>
          {accessories.map((a) => (
            <label key={a.sku} className={`accessories-step__option${chosen.has(a.sku) ? ' is-selected' : ''}`}>
              <input type="checkbox" name="accessory" value={a.sku} checked={chosen.has(a.sku)} onChange={() => toggle(a.sku)} />
              {a.product.thumbnail ? <img src={a.product.thumbnail.url} alt="" width="80" height="80" loading="lazy" /> : null}
              <span className="accessories-step__text">
                <span className="accessories-step__name">{a.product.name}</span>
                <span className="accessories-step__description">{a.product.shortDescription}</span>
              </span>
              <Price price={a.pricing!.price} previous={a.pricing!.priceUndiscounted} displayGross={displayGrossPrices} />
            </label>
          ))}
        </fieldset>
      ) : (
        <p role="note">{intl.formatMessage({ id: 'accessoriesStep.none' })}</p>
      )}
      <div className="accessories-step__actions">
        {accessories.length ? (
          <AddToCart sku={lines[0]?.sku ?? ''} name={lines.map((l) => accessories.find((a) => a.sku === l.sku)!.product.name).join(', ')}
            available={lines.length > 0} lines={lines} label={intl.formatMessage({ id: 'accessoriesStep.addSelected' })} />
        ) : null}
        <Link className="button button--ghost" to={`${base.basePath}/cart/`}>{intl.formatMessage({ id: 'accessoriesStep.skip' })}</Link>
      </div>
    </div>
  );
}
