import { displayPrice } from '@probe/domain';
import { useIntl } from 'react-intl';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { apolloContext } from '../../../data/apollo-context.ts';
import { HOME, type CardVariant, type HomeFields } from '../operations.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { orFail } from '../../../lib/loader-failure.ts';
import { catalogueVariables } from '../../../lib/route-locale.ts';
import { Countdown } from '../../../ui/countdown.tsx';
import { Price } from '../../../ui/price.tsx';
import { cardsByProduct, ProductCard } from '../product-card.tsx';
import './home.css';

export type HomeData = HomeFields['shop'];

/** Home and the specialization homes read the same query; `market` narrows the devices. */
export async function loadHome({ params, request, context }: LoaderFunctionArgs, page: string): Promise<HomeData> {
  const variables = { ...catalogueVariables(params, request), page };
  const { data } = await orFail('Failed to load shop', () => context.get(apolloContext).query({ query: HOME, variables }));
  return data.shop;
}

export const loader = (args: LoaderFunctionArgs) => loadHome(args, 'home');

function PlanCards({ home, market }: { home: HomeData; market: CardVariant['market'] }) {
  const intl = useIntl();
  const base = useBaseData();
  const { displayGrossPrices: gross } = home.catalogue;
  const pro = home.catalogue.plans.find((v) => v.market === market && v.billingPeriod === 'ANNUAL' && v.pricing);
  const [first, further] = ['PRO-CUSTOM-ADDON-FIRST', 'PRO-CUSTOM-ADDON-FURTHER'].map((sku) => home.catalogue.addons.find((a) => a.sku === sku)?.pricing?.price);
  const customBase = home.catalogue.proCustom.find((v) => v.pricing);
  const presets = home.programFlags.twentyImagingPresets ? 20 : 19;
  const amount = (price: NonNullable<CardVariant['pricing']>['price']) =>
    displayPrice({ currency: price.currency, net: price.net.fractionalAmount, gross: price.gross.fractionalAmount }, null, { displayGross: gross, locale: intl.locale, suffix: 'yr' }).current;
  return (
    <div className="plan-grid">
      <article className="plan-card plan-card--featured">
        <h3>{intl.formatMessage({ id: 'plans.pro.name' })}</h3>
        <p>{intl.formatMessage({ id: 'plans.pro.copy' })}</p>
        <p className="plan-card__presets">{intl.formatMessage({ id: 'plans.presets' }, { count: presets })}</p>
        {pro?.pricing ? (
          <p className="plan-card__price">
            <Price price={pro.pricing.price} displayGross={gross} perMonth suffix="mo" size="large" />
            <span className="plan-card__billing">{intl.formatMessage({ id: 'plans.billedYearly' }, { amount: amount(pro.pricing.price) })}</span>
          </p>
        ) : null}
        <Link className="button" to={`${base.basePath}/product/${market === 'HUMAN' ? 'pro-membership' : 'pro-membership-vet'}/`}>
          {intl.formatMessage({ id: 'plans.choose' })}<span className="visually-hidden">: {intl.formatMessage({ id: 'plans.pro.name' })}</span>
        </Link>
      </article>
      <article className="plan-card">
        <h3>{intl.formatMessage({ id: 'plans.team.name' })}</h3>
        <p>{intl.formatMessage({ id: 'plans.team.copy' })}</p>
        <p className="plan-card__presets">{intl.formatMessage({ id: 'plans.presets' }, { count: presets })}</p>
        <Link className="button button--ghost" to={`${base.basePath}/form/team/`}>
          {intl.formatMessage({ id: 'plans.team.cta' })}
        </Link>
      </article>
      <article className="plan-card">
        <h3>{intl.formatMessage({ id: 'plans.custom.name' })}</h3>
        <p>{intl.formatMessage({ id: 'plans.custom.copy' })}</p>
        {customBase?.pricing && first && further ? (
          <p className="plan-card__billing">
            {intl.formatMessage({ id: 'plans.custom.pricing' }, { base: amount(customBase.pricing.price), first: amount(first), further: amount(further) })}
          </p>
        ) : null}
        <Link className="button button--ghost" to={`${base.basePath}/product/pro-custom/`}>
          {intl.formatMessage({ id: 'plans.choose' })}<span className="visually-hidden">: {intl.formatMessage({ id: 'plans.custom.name' })}</span>
        </Link>
      </article>
    </div>
  );
}

export function HomeSections({ home, market }: { home: HomeData; market?: CardVariant['market'] }) {
  const intl = useIntl();
  const base = useBaseData();
  const devices = cardsByProduct(home.catalogue.devices.filter((d) => !market || d.market === market));
  return (
    <>
      <section className="container home-section" aria-labelledby="devices-heading">
        <h2 id="devices-heading">{intl.formatMessage({ id: 'home.devices' })}</h2>
        <div className="product-grid">
          {devices.map((v) => <ProductCard key={v.sku} variant={v} basePath={base.basePath} displayGross={home.catalogue.displayGrossPrices} />)}
        </div>
      </section>
      <section className="container home-section" aria-labelledby="plans-heading">
        <h2 id="plans-heading">{intl.formatMessage({ id: 'plans.heading' })}</h2>
        <PlanCards home={home} market={market ?? 'HUMAN'} />
      </section>
    </>
  );
}

export function OfferStrip({ home }: { home: HomeData }) {
  const banner = home.catalogue.banner;
  const offer = home.currentOffers[0];
  if (!banner && !offer) return null;
  return (
    <div className="offer-strip">
      <div className="container offer-strip__inner">
        {banner ? <p>{banner.content}</p> : null}
        {offer ? <Countdown /> : null}
      </div>
    </div>
  );
}

/** Home (spec §2 `/`). */
export function Component() {
  const intl = useIntl();
  const home = useLoaderData<HomeData>();
  usePageTitle(`${intl.formatMessage({ id: 'app.brand' })} · ${intl.formatMessage({ id: 'app.brandTagline' })}`);
  const base = useBaseData();
  return (
    <>
      <OfferStrip home={home} />
      <section className="hero">
        <div className="container hero__inner">
          <h1>{intl.formatMessage({ id: 'home.title' })}</h1>
          <p className="hero__lead">{intl.formatMessage({ id: 'home.lead' })}</p>
          <div className="hero__actions">
            <Link className="button" to={`${base.basePath}/iq/`}>{intl.formatMessage({ id: 'home.human' })}</Link>
            <Link className="button button--on-dark" to={`${base.basePath}/vet/`}>{intl.formatMessage({ id: 'home.vet' })}</Link>
          </div>
        </div>
      </section>
      <HomeSections home={home} />
    </>
  );
}
