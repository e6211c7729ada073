import { useState } from 'react';
import { useIntl } from 'react-intl';
import { data, Link, useLoaderData, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { apolloContext } from '../../../data/apollo-context.ts';
import { PRODUCT, PRODUCT_OFFER, type ProductPageFields } from '../operations.ts';
import { offerName } from '../../product-flow/offers.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { orFail } from '../../../lib/loader-failure.ts';
import { catalogueVariables } from '../../../lib/route-locale.ts';
import { Price, taxNoteId } from '../../../ui/price.tsx';
import { AddToCart } from '../../checkout/add-to-cart.tsx';
import { ProbeGate } from '../../account/probe-gate.tsx';
import { accessoriesStep } from '../accessories-step-link.ts';
import { deepLinkedSku } from '../deep-link.ts';
import './product.css';

type Catalogue = ProductPageFields['shop']['catalogue'];
export type ProductData = Catalogue & { product: NonNullable<Catalogue['product']>; endedOffer: { slug: string; endDate: string } | null };

/**
 * Device and generic product pages: /product/{slug}/{subscription?}/{subscriptionPeriod?} (spec §2).
 * Reached through an offer that has ended (`?offer=<slug>`, a link from a past campaign), the page says
 * so and counts as the 'old offer product' view.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs): Promise<ProductData> {
  const client = context.get(apolloContext);
  const variables = { ...catalogueVariables(params, request), slug: params.slug ?? '' };
  const offerSlug = new URL(request.url).searchParams.get('offer');
  const [{ data: answer }, offer] = await Promise.all([
    orFail('Failed to load shop', () => client.query({ query: PRODUCT, variables })),
    offerSlug ? orFail('Failed to load shop', () => client.query({ query: PRODUCT_OFFER, variables: { slug: offerSlug } })).then((r) => r.data.shop.offer) : null,
  ]);
  const catalogue = answer.shop.catalogue;
  // A product none of whose variants this country offers (team plans where its countryPermissions say no) is not sold here.
  if (!catalogue.product || !catalogue.product.variants.length) throw data(null, { status: 404, statusText: 'Not Found' });
  const endedOffer = offer?.hasEnded && offer.endDate ? { slug: offer.slug, endDate: offer.endDate } : null;
  return { ...catalogue, product: catalogue.product, endedOffer };
}

const SUFFIX: Record<string, 'yr' | null> = { ANNUAL: 'yr', ONE_TIME: null, ONE_YEAR: null, THREE_YEARS: null };

export function Component() {
  const intl = useIntl();
  const base = useBaseData();
  const { product, displayGrossPrices, endedOffer } = useLoaderData<ProductData>();
  const [params, setParams] = useSearchParams();
  const { subscription, subscriptionPeriod } = useParams();
  const sold = product.variants.filter((v) => v.pricing);
  // A chosen variant (?sku=) first, then the plan and period the link names, then the first sold.
  const [sku, setSku] = useState(() => params.get('sku') ?? deepLinkedSku(product.variants, subscription, subscriptionPeriod) ?? sold[0]?.sku ?? product.variants[0]?.sku);
  const selected = product.variants.find((v) => v.sku === sku) ?? product.variants[0]!;
  usePageTitle(`${product.name} · ${intl.formatMessage({ id: 'app.brand' })}`);
  usePageView(endedOffer ? PAGE_VIEWS.oldOfferProduct : product.slug === 'iq3' ? PAGE_VIEWS.iq3Product : PAGE_VIEWS.product);

  const choose = (next: string) => {
    setSku(next);
    setParams((p) => { p.set('sku', next); return p; }, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="container product-page">
      <nav className="breadcrumbs" aria-label={intl.formatMessage({ id: 'product.breadcrumbs' })}>
        <Link to={`${base.basePath}/`}>{intl.formatMessage({ id: 'nav.homeLink' })}</Link>
        <span aria-hidden="true"> / </span>
        <span>{product.category.name}</span>
      </nav>
      <div className="product-page__grid">
        <div className="product-page__media">
          {product.thumbnail ? <img src={product.thumbnail.url} alt={product.name} width="750" height="750" fetchPriority="high" /> : null}
        </div>
        <div className="product-page__details">
          <h1>{product.name}</h1>
          <p className="product-page__lead">{product.shortDescription}</p>
          {endedOffer ? (
            <p className="product-page__offer-ended" role="note">
              {intl.formatMessage({ id: 'product.offerEnded' }, { offer: offerName(endedOffer.slug), date: intl.formatDate(new Date(endedOffer.endDate), { dateStyle: 'long', timeZone: 'UTC' }) })}
            </p>
          ) : null}
          {selected.pricing ? (
            <p className="product-page__price">
              <Price price={selected.pricing.price} previous={selected.pricing.priceUndiscounted} displayGross={displayGrossPrices} suffix={SUFFIX[selected.billingPeriod] ?? null} size="large" />
            </p>
          ) : (
            <p className="product-page__unavailable" role="note">{intl.formatMessage({ id: 'product.notSoldHere' })}</p>
          )}
          <p className="product-page__tax">{intl.formatMessage({ id: taxNoteId(base.country, displayGrossPrices) })}</p>
          {product.variants.length > 1 ? (
            <fieldset className="variant-picker">
              <legend>{intl.formatMessage({ id: 'product.chooseOption' })}</legend>
              {product.variants.map((variant) => (
                <label key={variant.sku} className={`variant-picker__option${variant.sku === selected.sku ? ' is-selected' : ''}`}>
                  <input type="radio" name="variant" value={variant.sku} checked={variant.sku === selected.sku} onChange={() => choose(variant.sku)} disabled={!variant.pricing} />
                  <span className="variant-picker__name">{variant.name}</span>
                  {variant.pricing ? <Price price={variant.pricing.price} previous={variant.pricing.priceUndiscounted} displayGross={displayGrossPrices} suffix={SUFFIX[variant.billingPeriod] ?? null} /> : null}
                </label>
              ))}
            </fieldset>
          ) : null}
          <ProbeGate offered={[selected]}>
            <AddToCart sku={selected.sku} name={`${product.name}, ${selected.name}`} available={selected.isAvailable} next={accessoriesStep(base.basePath, product, selected, intl)} />
          </ProbeGate>
        </div>
      </div>
    </div>
  );
}

