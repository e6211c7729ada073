import { displayPrice } from '@probe/domain';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useBaseData, useStoreData } from '../../../data/route-data.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { apolloContext } from '../../../data/apollo-context.ts';
import { PRODUCT, type ProductPageFields } from '../operations.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { orFail } from '../../../lib/loader-failure.ts';
import { catalogueVariables } from '../../../lib/route-locale.ts';
import { landingPage, landingPageAt, pathAfterBase, POINTS_PER_SET, priceStyle, productPagePath, SECTION_LABEL, type LandingPage } from '../landing/pages.ts';
import { AddToCart } from '../../checkout/add-to-cart.tsx';
import { ProbeGate } from '../../account/probe-gate.tsx';
import { FinancingSnippet } from '../financing-snippet.tsx';
import { Price, taxNoteId } from '../../../ui/price.tsx';
import './product.css';
import './landing.css';

type CatalogueProduct = NonNullable<ProductPageFields['shop']['catalogue']['product']>;
type Variant = CatalogueProduct['variants'][number];

export interface LandingData {
  key: string;
  displayGrossPrices: boolean;
  /** The page's products as the catalogue of the route's country has them, narrowed to the page's variants. */
  products: CatalogueProduct[];
}

/**
 * The landing pages (src/landing/pages.ts): which page is the path's, then each of its products
 * from the catalogue, with the prices of the route's country (the same Product query as /product/).
 */
export async function loader({ params, request, context }: LoaderFunctionArgs): Promise<LandingData> {
  const page = landingPageAt(pathAfterBase(new URL(request.url).pathname));
  if (!page) throw data(null, { status: 404, statusText: 'Not Found' });
  const client = context.get(apolloContext);
  const variables = catalogueVariables(params, request);
  const answers = await Promise.all(
    page.products.map((wanted) => orFail('Failed to load shop', () => client.query({ query: PRODUCT, variables: { ...variables, slug: wanted.slug } }))),
  );
  const products = answers.flatMap(({ data: answer }, i) => {
    const product = answer.shop.catalogue.product;
    const skus = page.products[i]!.skus;
    if (!product) return [];
    const variants = skus ? product.variants.filter((v) => skus.includes(v.sku)) : product.variants;
    return variants.length ? [{ ...product, variants }] : [];
  });
  if (!products.length) throw data(null, { status: 404, statusText: 'Not Found' });
  return { key: page.key, displayGrossPrices: answers[0]!.data.shop.catalogue.displayGrossPrices, products };
}

/** A variant's price as landing pages show it, with the yearly amount under a monthly one. */
function VariantPrice({ variant, gross, size = 'normal' }: { variant: Variant; gross: boolean; size?: 'normal' | 'large' }) {
  const intl = useIntl();
  if (!variant.pricing) return null;
  const style = priceStyle(variant.billingPeriod);
  const { price, priceUndiscounted } = variant.pricing;
  const yearly = style.billedYearly
    ? displayPrice({ currency: price.currency, net: price.net.fractionalAmount, gross: price.gross.fractionalAmount }, null, { displayGross: gross, locale: intl.locale }).current
    : null;
  return (
    <span className="landing-price">
      <Price price={price} previous={priceUndiscounted} displayGross={gross} perMonth={style.perMonth} suffix={style.suffix} size={size} />
      {yearly ? <span className="landing-price__billing">{intl.formatMessage({ id: 'plans.billedYearly' }, { amount: yearly })}</span> : null}
    </span>
  );
}

const pickerStyle = (period: Variant['billingPeriod']) => {
  const { perMonth, suffix } = priceStyle(period);
  return { perMonth, suffix };
};

/** A product's price, its options when it has several, and the page's call to action. */
function Offer({ product, page, gross, headingLevel, description, taxNote }: {
  product: CatalogueProduct; page: LandingPage; gross: boolean; headingLevel: 'h2' | null; description?: string; taxNote?: ReactNode;
}) {
  const intl = useIntl();
  const base = useBaseData();
  const store = useStoreData();
  const sold = product.variants.filter((v) => v.pricing);
  const [sku, setSku] = useState(sold[0]?.sku ?? product.variants[0]!.sku);
  const selected = product.variants.find((v) => v.sku === sku) ?? product.variants[0]!;
  const Heading = headingLevel;
  // Options that cost the same (a probe's connectors) are told apart by name alone.
  const pricesDiffer = new Set(sold.map((v) => v.pricing!.price.gross.fractionalAmount)).size > 1;
  const target = page.cta.kind === 'link' ? productPagePath(product.slug) : undefined;
  return (
    <>
      {Heading ? <Heading className="landing-offer__name">{product.name}</Heading> : null}
      {description ? <p className="landing-offer__text">{description}</p> : null}
      {selected.pricing ? (
        <p className="landing-offer__price"><VariantPrice variant={selected} gross={gross} size={page.layout === 'single' ? 'large' : 'normal'} /></p>
      ) : (
        <p className="landing-offer__unavailable" role="note">{intl.formatMessage({ id: 'product.notSoldHere' })}</p>
      )}
      {taxNote}
      {page.cta.kind === 'link' ? null : product.variants.length > 1 ? (
        <fieldset className="variant-picker">
          <legend>{intl.formatMessage({ id: 'product.chooseOption' })}<span className="visually-hidden">: {product.name}</span></legend>
          {product.variants.map((variant) => (
            <label key={variant.sku} className={`variant-picker__option${variant.sku === selected.sku ? ' is-selected' : ''}`}>
              <input type="radio" name={`variant-${product.slug}`} value={variant.sku} checked={variant.sku === selected.sku} onChange={() => setSku(variant.sku)} disabled={!variant.pricing} />
              <span className="variant-picker__name">{variant.name}</span>
              {pricesDiffer && variant.pricing ? (
                <Price price={variant.pricing.price} previous={variant.pricing.priceUndiscounted} displayGross={gross} {...pickerStyle(variant.billingPeriod)} />
              ) : null}
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="landing-offer__variant">{selected.name}</p>
      )}
      {page.financing && selected.pricing ? (
        <FinancingSnippet amount={(gross ? selected.pricing.price.gross : selected.pricing.price.net).fractionalAmount} currency={selected.pricing.price.currency} storeType={store?.shop.storeType} />
      ) : null}
      {page.cta.kind === 'cart' ? (
        <ProbeGate offered={[selected]}>
          <AddToCart sku={selected.sku} name={`${product.name}, ${selected.name}`} available={selected.isAvailable && !!selected.pricing} />
        </ProbeGate>
      ) : target ? (
        <Link className="button button--wide landing-offer__link" to={`${base.basePath}/${target}`}>
          {intl.formatMessage({ id: page.cta.label })}<span className="visually-hidden">: {product.name}</span>
        </Link>
      ) : null}
    </>
  );
}

function Highlights({ page }: { page: LandingPage }) {
  const intl = useIntl();
  const items = Array.from({ length: POINTS_PER_SET }, (_, i) => intl.formatMessage({ id: `landing.points.${page.points}.${i + 1}` }));
  const List = page.points === 'tradeIn' ? 'ol' : 'ul';
  return (
    <section className="landing-highlights" aria-labelledby="landing-highlights">
      <h2 id="landing-highlights">{intl.formatMessage({ id: page.points === 'tradeIn' ? 'landing.tradeIn.steps' : 'landing.highlights' })}</h2>
      <List className={`landing-highlights__list${List === 'ol' ? ' landing-highlights__list--steps' : ''}`}>
        {items.map((item) => <li key={item}>{item}</li>)}
      </List>
    </section>
  );
}

export function Component() {
  const intl = useIntl();
  const base = useBaseData();
  const { key, products, displayGrossPrices: gross } = useLoaderData<LandingData>();
  const page = landingPage(key);
  const first = products[0]!;
  const title = page.heading === 'product' ? first.name : intl.formatMessage({ id: `landing.${page.key}.title` });
  const lead = page.lead === 'product' ? first.shortDescription : intl.formatMessage({ id: `landing.${page.key}.lead` });
  usePageTitle(`${title} · ${intl.formatMessage({ id: 'app.brand' })}`);
  usePageView(page.pageView);
  const sectionLabel = intl.formatMessage({ id: SECTION_LABEL[page.section] });
  const taxNote = <p className="landing__tax">{intl.formatMessage({ id: taxNoteId(base.country, gross) })}</p>;

  const breadcrumbs = (
    <nav className="breadcrumbs" aria-label={intl.formatMessage({ id: 'product.breadcrumbs' })}>
      <Link to={`${base.basePath}/`}>{intl.formatMessage({ id: 'nav.homeLink' })}</Link>
      <span aria-hidden="true"> / </span>
      <Link to={`${base.basePath}/${page.section}/`}>{sectionLabel}</Link>
      <span aria-hidden="true"> / </span>
      <span aria-current="page">{title}</span>
    </nav>
  );

  if (page.layout === 'single') {
    return (
      <div className={`container landing landing--${page.key}`} data-landing={page.key}>
        {breadcrumbs}
        <div className="landing__grid">
          <div className="landing__media">
            {first.thumbnail ? <img src={first.thumbnail.url} alt={first.thumbnail.alt || first.name} width="750" height="750" fetchPriority="high" /> : null}
          </div>
          <div className="landing__details">
            <p className="landing__eyebrow">{sectionLabel}</p>
            <h1>{title}</h1>
            <p className="landing__lead">{lead}</p>
            <div className="landing-offer landing-offer--single">
              <Offer key={page.key} product={first} page={page} gross={gross} headingLevel={null} taxNote={taxNote} />
            </div>
          </div>
        </div>
        <Highlights page={page} />
      </div>
    );
  }

  return (
    <div className={`container landing landing--${page.key}`} data-landing={page.key}>
      {breadcrumbs}
      <header className="landing__header">
        <p className="landing__eyebrow">{sectionLabel}</p>
        <h1>{title}</h1>
        <p className="landing__lead">{lead}</p>
      </header>
      {page.points === 'tradeIn' ? <Highlights page={page} /> : null}
      <div className={`landing-cards landing-cards--${products.length}`}>
        {products.map((product) => (
          <article key={product.slug} className="landing-offer landing-offer--card">
            <div className="landing-offer__media">
              {product.thumbnail ? <img src={product.thumbnail.url} alt="" width="320" height="320" loading="lazy" /> : null}
            </div>
            <Offer key={`${page.key}-${product.slug}`} product={product} page={page} gross={gross} headingLevel="h2" description={product.shortDescription} />
          </article>
        ))}
      </div>
      {taxNote}
      {page.points !== 'tradeIn' ? <Highlights page={page} /> : null}
    </div>
  );
}

