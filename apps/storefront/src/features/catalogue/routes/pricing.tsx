import { useIntl } from 'react-intl';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { apolloContext } from '../../../data/apollo-context.ts';
import { PRICING, type CardVariant } from '../operations.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { orFail } from '../../../lib/loader-failure.ts';
import { catalogueVariables } from '../../../lib/route-locale.ts';
import { Price } from '../../../ui/price.tsx';
import { useAuthorizedTeam } from '../authorized-team.ts';
import './pricing.css';

/** The pricing page (/pricing/): the plans side by side with their prices and the features they include. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { data } = await orFail('Failed to load shop', () => context.get(apolloContext).query({ query: PRICING, variables: catalogueVariables(params, request) }));
  return data.shop;
}

type Plan = 'core' | 'pro' | 'team' | 'clinic' | 'custom';
const PLANS: Plan[] = ['core', 'pro', 'team', 'clinic', 'custom'];
const PRODUCT_OF: Record<Plan, string | null> = { core: 'core-membership', pro: 'pro-membership', team: null, clinic: 'clinic-membership', custom: 'pro-custom' };

/** Which plan includes which feature (spec §1 plan copy: Team is everything in Pro plus licenses and worksheets). */
const FEATURES: Array<{ id: string; plans: Plan[] }> = [
  { id: 'compare.scanning', plans: ['pro', 'team', 'clinic', 'custom'] },
  { id: 'compare.allModes', plans: ['pro', 'team', 'clinic', 'custom'] },
  { id: 'compare.cloud', plans: ['pro', 'team', 'clinic', 'custom'] },
  { id: 'compare.localStorage', plans: ['core', 'pro', 'team', 'clinic', 'custom'] },
  { id: 'compare.licenses', plans: ['team', 'clinic'] },
  { id: 'compare.worksheets', plans: ['team', 'clinic'] },
  { id: 'compare.qa', plans: ['clinic'] },
  { id: 'compare.addons', plans: ['custom'] },
];

export function Component() {
  const intl = useIntl();
  const base = useBaseData();
  const shop = useLoaderData<typeof loader>();
  const { displayGrossPrices: gross } = shop.catalogue;
  usePageTitle(`${intl.formatMessage({ id: 'pricing.title' })} · ${intl.formatMessage({ id: 'app.brand' })}`);
  const human = (list: CardVariant[]) => list.find((v) => v.market === 'HUMAN' && v.billingPeriod === 'ANNUAL' && v.pricing);
  // Team is restricted shop data: a signed-in buyer gets its price and buys it themselves (AuthorizedUserShop); others talk to our team.
  const team = useAuthorizedTeam(base);
  const prices: Record<Plan, CardVariant | undefined> = {
    core: human(shop.catalogue.core), pro: human(shop.catalogue.pro), team: team ?? undefined, clinic: human(shop.catalogue.clinic), custom: human(shop.catalogue.proCustom),
  };
  const presets = shop.programFlags.twentyImagingPresets ? 20 : 19;
  const name = (plan: Plan) => intl.formatMessage({ id: `compare.${plan}` });
  return (
    <div className="container page">
      <h1>{intl.formatMessage({ id: 'pricing.title' })}</h1>
      <p className="page__lead">{intl.formatMessage({ id: 'pricing.lead' })}</p>
      <div className="compare-scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
        <table className="compare">
          <caption id="compare-caption">{intl.formatMessage({ id: 'pricing.compare' })}</caption>
          <thead>
            <tr>
              <td />
              {PLANS.map((plan) => (
                <th key={plan} scope="col" className={plan === 'pro' ? 'is-featured' : undefined}>
                  <span className="compare__plan">{name(plan)}</span>
                  <span className="compare__price">
                    {prices[plan]?.pricing ? (
                      <>
                        <Price price={prices[plan]!.pricing!.price} previous={prices[plan]!.pricing!.priceUndiscounted} displayGross={gross} perMonth={plan === 'pro'} suffix={plan === 'pro' ? 'mo' : 'yr'} />
                        {plan === 'team' ? <span className="compare__unit">{intl.formatMessage({ id: 'pricing.teamPerSeat' })}</span> : null}
                      </>
                    ) : (
                      <span className="compare__quote">{intl.formatMessage({ id: 'pricing.quote' })}</span>
                    )}
                  </span>
                  {plan === 'team' && team ? (
                    <Link className="button button--small" to={`${base.basePath}/product/team-membership/?sku=${encodeURIComponent(team.sku)}`} data-testid="buy-team">
                      {intl.formatMessage({ id: 'plans.choose' })}<span className="visually-hidden">: {name(plan)}</span>
                    </Link>
                  ) : null}
                  {PRODUCT_OF[plan] ? (
                    <Link className="button button--small" to={`${base.basePath}/product/${PRODUCT_OF[plan]}/`}>
                      {intl.formatMessage({ id: 'plans.choose' })}<span className="visually-hidden">: {name(plan)}</span>
                    </Link>
                  ) : (
                    <Link className="button button--small button--ghost" to={`${base.basePath}/form/team/`}>{intl.formatMessage({ id: 'plans.team.cta' })}</Link>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{intl.formatMessage({ id: 'compare.presets' })}</th>
              {PLANS.map((plan) => <td key={plan}>{plan === 'core' ? 8 : presets}</td>)}
            </tr>
            {FEATURES.map((feature) => (
              <tr key={feature.id}>
                <th scope="row">{intl.formatMessage({ id: feature.id })}</th>
                {PLANS.map((plan) => (
                  <td key={plan}>
                    {feature.plans.includes(plan) ? (
                      <span className="compare__yes" role="img" aria-label={intl.formatMessage({ id: 'compare.included' })}>✓</span>
                    ) : (
                      <span className="compare__no" role="img" aria-label={intl.formatMessage({ id: 'compare.notIncluded' })}>–</span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
