import { useIntl } from 'react-intl';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { Price } from '../../../ui/price.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { ProbeGate } from '../../account/probe-gate.tsx';
import { AddToCart } from '../../checkout/add-to-cart.tsx';
import { useCheckout } from '../../checkout/use-checkout.ts';
import { loadFlowCatalogue } from '../flow-catalogue.ts';
import { missingParts, type SolutionPart } from '../market-offer.ts';
import './solutions.css';

/** Cart-based solutions (spec §2, path chosen: /solutions/): what the cart still needs, built from it. */
export async function loader(args: LoaderFunctionArgs) {
  return { shop: await loadFlowCatalogue(args) };
}

const SUFFIX = { ANNUAL: 'yr', ONE_TIME: null, ONE_YEAR: null, THREE_YEARS: null } as const;

export function Component() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const base = useBaseData();
  const { shop } = useLoaderData<typeof loader>();
  const { state } = useCheckout(base.country);
  usePageTitle(`${t('solutions.title')} · ${t('app.brand')}`);
  const skus = state.kind === 'ready' ? state.checkout.lines.map((l) => l.variant?.sku ?? '') : [];
  const { parts } = missingParts(shop, skus);
  const empty = state.kind === 'empty' || (state.kind === 'ready' && state.checkout.lines.length === 0);

  return (
    <div className="container page solutions-page">
      <h1>{t('solutions.title')}</h1>
      <p className="page__lead">{t('solutions.lead')}</p>
      {state.kind === 'loading' ? <Spinner label={t('cart.loading')} /> : null}
      {state.kind === 'failed' ? <p role="alert">{t('cart.loadFailed')}</p> : null}
      {empty ? (
        <div className="solutions-page__note">
          <p>{t('cart.empty')}</p>
          <Link className="button" to={`${base.basePath}/product-flow/`}>{t('solutions.start')}</Link>
        </div>
      ) : null}
      {state.kind === 'ready' && !empty && parts.length === 0 ? (
        <div className="solutions-page__note">
          <p>{t('solutions.complete')}</p>
          <Link className="button" to={`${base.basePath}/cart/`}>{t('cart.view')}</Link>
        </div>
      ) : null}
      {parts.map((part) => <Part key={part.key} part={part} displayGross={shop.catalogue.displayGrossPrices} />)}
      {parts.length ? <Link className="button button--ghost" to={`${base.basePath}/cart/`}>{t('cart.view')}</Link> : null}
    </div>
  );
}

function Part({ part, displayGross }: { part: SolutionPart; displayGross: boolean }) {
  const intl = useIntl();
  const heading = `solutions-${part.key}`;
  return (
    <section className="solutions-part" aria-labelledby={heading}>
      <h2 id={heading}>{intl.formatMessage({ id: `solutions.${part.key}` })}</h2>
      <ul className="solutions-part__choices">
        {part.choices.map((v) => {
          const name = part.key === 'plan' || part.key === 'device' ? `${v.product.name}, ${v.name}` : v.product.name;
          return (
            <li key={v.sku} className="solutions-choice">
              <div className="solutions-choice__text">
                <span className="solutions-choice__name">{name}</span>
                <span className="solutions-choice__description">{v.product.shortDescription}</span>
              </div>
              <Price price={v.pricing!.price} previous={v.pricing!.priceUndiscounted} displayGross={displayGross} suffix={SUFFIX[v.billingPeriod]} />
              <ProbeGate offered={[{ model: v.model, planKind: v.planKind }]}>
                <AddToCart sku={v.sku} name={name} available={v.isAvailable} />
              </ProbeGate>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
