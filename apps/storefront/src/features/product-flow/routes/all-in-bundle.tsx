import { useIntl } from 'react-intl';
import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import type { FlowVariant } from '../operations.ts';
import { allInParts, loadFlowCatalogue, priceText, subtractPrice, sumPrices } from '../flow-catalogue.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { AddToCart } from '../../checkout/add-to-cart.tsx';
import { ProbeGate } from '../../account/probe-gate.tsx';
import { Price, taxNoteId } from '../../../ui/price.tsx';
import '../step-flow.css';
import '../../catalogue/routes/product.css';
import './flows.css';

/** Spec §2 /product/{slug}/all-in/: the device with its all-in bundle and the saving against buying the parts. */
export async function loader(args: LoaderFunctionArgs) {
  const shop = await loadFlowCatalogue(args);
  const slug = args.params.slug ?? '';
  const devices = shop.catalogue.devices.filter((d) => d.product.slug === slug);
  const bundle = shop.catalogue.bundles.find((b) => b.pricing && devices.some((d) => d.model === b.model && d.market === b.market));
  const parts = bundle ? allInParts(shop, bundle) : null;
  if (!parts) throw data(null, { status: 404, statusText: 'Not Found' });
  return { parts, displayGrossPrices: shop.catalogue.displayGrossPrices, presets: shop.programFlags.twentyImagingPresets ? 20 : 19 };
}

export function Component() {
  const intl = useIntl();
  const base = useBaseData();
  const { parts, displayGrossPrices: gross, presets } = useLoaderData<typeof loader>();
  const { bundle, device, plan, warranty } = parts;
  const title = intl.formatMessage({ id: 'allIn.title' }, { device: device.product.name });
  usePageTitle(`${title} · ${intl.formatMessage({ id: 'app.brand' })}`);
  usePageView(PAGE_VIEWS.allInBundle);
  const items = [device, plan, warranty].filter((v): v is FlowVariant => Boolean(v?.pricing));
  const separately = sumPrices(items.map((v) => v.pricing!.price))!;
  const price = bundle.pricing!.price;
  const saving = subtractPrice(separately, price);
  const saves = (gross ? saving.gross : saving.net).fractionalAmount > 0;
  return (
    <div className="container product-page all-in">
      <nav className="breadcrumbs" aria-label={intl.formatMessage({ id: 'product.breadcrumbs' })}>
        <Link to={`${base.basePath}/`}>{intl.formatMessage({ id: 'nav.homeLink' })}</Link>
        <span aria-hidden="true"> / </span>
        <Link to={`${base.basePath}/product/${device.product.slug}/`}>{device.product.name}</Link>
      </nav>
      <div className="product-page__grid">
        <div className="product-page__media">
          {device.product.thumbnail ? <img src={device.product.thumbnail.url} alt={device.product.name} width="750" height="750" fetchPriority="high" /> : null}
        </div>
        <div className="product-page__details">
          <h1>{title}</h1>
          <p className="product-page__lead">{bundle.product.shortDescription}</p>
          <h2 className="all-in__included">{intl.formatMessage({ id: 'allIn.included' })}</h2>
          <ul className="included-list">
            {items.map((v) => (
              <li key={v.sku}>
                <span className="included-list__name">
                  {v.product.name}
                  <span className="included-list__detail">{v === plan ? `${v.name} · ${intl.formatMessage({ id: 'plans.presets' }, { count: presets })}` : v.name}</span>
                </span>
                <Price price={v.pricing!.price} displayGross={gross} />
              </li>
            ))}
          </ul>
          <p className="all-in__separately">
            {intl.formatMessage({ id: 'allIn.separately' })} <Price price={separately} displayGross={gross} />
          </p>
          <p className="product-page__price">
            <Price price={price} previous={separately} displayGross={gross} size="large" />
          </p>
          {saves ? (
            <p className="saving-badge" data-testid="saving">
              {intl.formatMessage({ id: 'allIn.saving' }, { amount: priceText(saving, gross, intl.locale) })}
            </p>
          ) : null}
          <p className="product-page__tax">{intl.formatMessage({ id: taxNoteId(base.country, gross) })}</p>
          <ProbeGate offered={[bundle]}>
            <AddToCart sku={bundle.sku} name={title} available={bundle.isAvailable} />
          </ProbeGate>
          <p className="all-in__more">
            <Link to={`${base.basePath}/all-in/subscription/?bundle=${encodeURIComponent(bundle.sku)}`}>{intl.formatMessage({ id: 'allIn.stepByStep' })}</Link>
          </p>
        </div>
      </div>
    </div>
  );
}

