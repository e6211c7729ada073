import { useIntl } from 'react-intl';
import { Form, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { allInParts, loadFlowCatalogue, sold, sumPrices } from '../flow-catalogue.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { offerName } from '../offers.ts';
import { Countdown } from '../../../ui/countdown.tsx';
import { Price, taxNoteId } from '../../../ui/price.tsx';
import { Choice } from '../step-flow.tsx';
import '../step-flow.css';
import './flows.css';

/** Spec §2 /offer/: the offers running now (Shop currentOffers and the banner); the buyer picks one and goes on to the all-in offer. */
export const loader = (args: LoaderFunctionArgs) => loadFlowCatalogue(args);

export function Component() {
  const intl = useIntl();
  const base = useBaseData();
  const shop = useLoaderData<typeof loader>();
  const gross = shop.catalogue.displayGrossPrices;
  const title = intl.formatMessage({ id: 'offer.title' });
  usePageTitle(`${title} · ${intl.formatMessage({ id: 'app.brand' })}`);
  usePageView(PAGE_VIEWS.offerSelection);
  const bundles = sold(shop.catalogue.bundles).map((b) => {
    const parts = allInParts(shop, b);
    const separately = parts ? sumPrices([parts.device, parts.plan, parts.warranty].flatMap((v) => (v?.pricing ? [v.pricing.price] : []))) : null;
    return { bundle: b, parts, separately };
  });
  const date = (iso: string) => intl.formatDate(new Date(iso), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const offers = shop.currentOffers;
  return (
    <div className="container page offers">
      <h1>{title}</h1>
      <p className="page__lead">{intl.formatMessage({ id: 'offer.lead' })}</p>
      {shop.catalogue.banner ? <p className="offers__banner">{shop.catalogue.banner.content}</p> : null}
      {offers.length ? (
        <Form method="get" action={`${base.basePath}/all-in/`} className="offers__form">
          <fieldset className="choices">
            <legend className="choices__legend">{intl.formatMessage({ id: 'offer.choose' })}</legend>
            {offers.map((offer, i) => (
              <Choice key={offer.slug} type="radio" name="offer" value={offer.slug} required checked={i === 0}
                title={<span lang="en">{offerName(offer.slug)}</span>}
                text={offer.endDate
                  ? intl.formatMessage({ id: 'offer.period' }, { start: date(offer.startDate), end: date(offer.endDate) })
                  : intl.formatMessage({ id: 'offer.from' }, { start: date(offer.startDate) })} />
            ))}
          </fieldset>
          <p className="offers__timer"><Countdown /></p>
          <h2 className="offers__deals-heading">{intl.formatMessage({ id: 'offer.deals' })}</h2>
          <ul className="offers__deals">
            {bundles.map(({ bundle, parts, separately }) => (
              <li key={bundle.sku} className="offers__deal">
                <span className="offers__deal-name">{intl.formatMessage({ id: 'allIn.title' }, { device: parts?.device.product.name ?? bundle.product.name })}</span>
                <span className="offers__deal-text">{bundle.product.shortDescription}</span>
                <Price price={bundle.pricing!.price} previous={separately} displayGross={gross} size="large" />
              </li>
            ))}
          </ul>
          <p className="flow-summary__tax">{intl.formatMessage({ id: taxNoteId(base.country, gross) })}</p>
          <div className="step-actions">
            <Link className="button button--ghost" to={`${base.basePath}/product-flow/`}>{intl.formatMessage({ id: 'offer.guided' })}</Link>
            <button type="submit" className="button">{intl.formatMessage({ id: 'offer.continue' })}</button>
          </div>
        </Form>
      ) : (
        <div className="offers__none">
          <p>{intl.formatMessage({ id: 'offer.none' })}</p>
          <Link className="button" to={`${base.basePath}/iq/bundle/`}>{intl.formatMessage({ id: 'bundles.title' })}</Link>
        </div>
      )}
    </div>
  );
}
