import {
  bundleKind, bundleMarket, decodeBundles, encodeBundles, isCompleteSurvey, readSurveyAnswers, recommendBundles, SURVEY_PARAMS, type SurveyAnswers, type SurveyBundle,
} from '@probe/domain';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, redirect, useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import type { FlowVariant } from '../operations.ts';
import { allInParts, basePathOf, loadFlowCatalogue, priceText, sold, sumPrices, type FlowShop } from '../flow-catalogue.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { Price, taxNoteId } from '../../../ui/price.tsx';
import '../step-flow.css';
import './flows.css';

/**
 * Spec §2 /survey-results/{bundles?}/: the offers recommended from the survey's answers, with prices.
 * The path segment names the recommended offers ("team+pro") and the query keeps the answers, so the
 * link shows the same recommendation anywhere. Without a segment, the answers decide it (and the link
 * is rewritten to carry it); without either, the survey starts.
 */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const answers = readSurveyAnswers(url.searchParams);
  const bundles = decodeBundles(args.params.bundles);
  if (!bundles) {
    if (isCompleteSurvey(answers)) throw redirect(`${basePathOf(args.params)}/survey-results/${encodeBundles(recommendBundles(answers))}/${url.search}`);
    throw redirect(`${basePathOf(args.params)}/pricing-survey/${url.search}`);
  }
  const shop = await loadFlowCatalogue(args);
  return { shop, bundles, answers: isCompleteSurvey(answers) ? answers : null };
}

interface Card {
  key: SurveyBundle;
  name: string;
  text: string;
  price: ReactNode;
  note?: string;
  cta: { to: string; label: string };
}

function useCards(shop: FlowShop, bundles: SurveyBundle[]): Card[] {
  const intl = useIntl();
  const base = useBaseData();
  const gross = shop.catalogue.displayGrossPrices;
  const c = shop.catalogue;
  const presets = intl.formatMessage({ id: 'plans.presets' }, { count: shop.programFlags.twentyImagingPresets ? 20 : 19 });
  const quote = <span className="results__quote">{intl.formatMessage({ id: 'pricing.quote' })}</span>;
  return bundles.flatMap((key): Card[] => {
    const market = bundleMarket(key);
    const marketKey = market === 'HUMAN' ? 'human' : 'vet';
    const of = (list: FlowVariant[]) => sold(list).filter((v) => v.market === market);
    const cheapestDevice = of(c.devices).sort((a, b) => a.pricing!.price.net.fractionalAmount - b.pricing!.price.net.fractionalAmount)[0];
    const withProbe = cheapestDevice ? intl.formatMessage({ id: 'results.withProbe' }, { price: priceText(cheapestDevice.pricing!.price, gross, intl.locale) }) : undefined;
    switch (bundleKind(key)) {
      case 'all-in': {
        const bundle = of(c.bundles)[0];
        const parts = bundle ? allInParts(shop, bundle) : null;
        if (!bundle || !parts) return [];
        const separately = sumPrices([parts.device, parts.plan, parts.warranty].flatMap((v) => (v?.pricing ? [v.pricing.price] : [])));
        return [{
          key, name: intl.formatMessage({ id: 'allIn.title' }, { device: parts.device.product.name }), text: bundle.product.shortDescription,
          price: <Price price={bundle.pricing!.price} previous={separately} displayGross={gross} size="large" />,
          cta: { to: `${base.basePath}/product/${parts.device.product.slug}/all-in/`, label: intl.formatMessage({ id: 'results.viewBundle' }) },
        }];
      }
      case 'pro': {
        const plan = of(c.individual).find((v) => v.billingPeriod === 'ANNUAL');
        if (!plan) return [];
        return [{
          key, name: intl.formatMessage({ id: 'plans.pro.name' }), text: `${intl.formatMessage({ id: 'plans.pro.copy' })} ${presets}.`,
          price: <Price price={plan.pricing!.price} displayGross={gross} perMonth suffix="mo" size="large" />,
          note: [intl.formatMessage({ id: 'plans.billedYearly' }, { amount: priceText(plan.pricing!.price, gross, intl.locale, 'yr') }), withProbe].filter(Boolean).join(' · '),
          cta: { to: `${base.basePath}/product-flow/device/?market=${marketKey}`, label: intl.formatMessage({ id: 'results.build' }) },
        }];
      }
      case 'pro-custom': {
        const basePlan = of(c.proCustom)[0];
        const [first, further] = ['PRO-CUSTOM-ADDON-FIRST', 'PRO-CUSTOM-ADDON-FURTHER'].map((sku) => c.addons.find((a) => a.sku === sku)?.pricing?.price);
        if (!basePlan) return [];
        return [{
          key, name: intl.formatMessage({ id: 'plans.custom.name' }), text: intl.formatMessage({ id: 'plans.custom.copy' }),
          price: <Price price={basePlan.pricing!.price} displayGross={gross} suffix="yr" size="large" />,
          note: first && further ? intl.formatMessage({ id: 'plans.custom.pricing' }, { base: priceText(basePlan.pricing!.price, gross, intl.locale, 'yr'), first: priceText(first, gross, intl.locale, 'yr'), further: priceText(further, gross, intl.locale, 'yr') }) : undefined,
          cta: { to: `${base.basePath}/pro-custom/`, label: intl.formatMessage({ id: 'results.build' }) },
        }];
      }
      case 'team':
        return [{
          key, name: intl.formatMessage({ id: 'plans.team.name' }), text: `${intl.formatMessage({ id: 'plans.team.copy' })} ${presets}.`,
          price: quote,
          note: intl.formatMessage({ id: 'results.seats' }, { min: shop.teamConfiguration.minSeats, max: shop.teamConfiguration.maxSeats }),
          cta: { to: `${base.basePath}/form/team/`, label: intl.formatMessage({ id: 'plans.team.cta' }) },
        }];
      case 'clinic': {
        const plan = of(c.clinic)[0];
        if (!plan) return [];
        return [{
          key, name: intl.formatMessage({ id: 'compare.clinic' }), text: plan.product.shortDescription,
          price: <Price price={plan.pricing!.price} displayGross={gross} suffix="yr" size="large" />,
          note: `${plan.name} · ${intl.formatMessage({ id: 'results.seats' }, { min: shop.clinicConfiguration.minSeats, max: shop.clinicConfiguration.maxSeats })}`,
          cta: { to: `${base.basePath}/product/${plan.product.slug}/?sku=${encodeURIComponent(plan.sku)}`, label: intl.formatMessage({ id: 'plans.choose' }) },
        }];
      }
      case 'education': {
        const core = of(c.core)[0];
        if (!cheapestDevice || !core) return [];
        return [{
          key, name: intl.formatMessage({ id: 'results.education.name' }),
          text: intl.formatMessage({ id: 'results.education.copy' }, { probe: cheapestDevice.product.name, plan: core.product.name }),
          price: <Price price={sumPrices([cheapestDevice.pricing!.price, core.pricing!.price])!} displayGross={gross} size="large" />,
          // No student price exists until learners can be verified: the note says what the price covers.
          note: intl.formatMessage({ id: 'results.education.firstYear' }),
          cta: { to: `${base.basePath}/product-flow/plan/?market=${marketKey}&device=${encodeURIComponent(cheapestDevice.sku)}`, label: intl.formatMessage({ id: 'results.build' }) },
        }];
      }
    }
  });
}

const ANSWER_ORDER: Array<keyof SurveyAnswers> = ['practitioners', 'role', 'experience', 'specialty'];

export function Component() {
  const intl = useIntl();
  const base = useBaseData();
  const { shop, bundles, answers } = useLoaderData<typeof loader>();
  const location = useLocation();
  const title = intl.formatMessage({ id: 'results.title' });
  usePageTitle(`${title} · ${intl.formatMessage({ id: 'app.brand' })}`);
  usePageView(PAGE_VIEWS.surveyResults);
  const cards = useCards(shop, bundles);
  const gross = shop.catalogue.displayGrossPrices;
  const answersQuery = answers ? `?${new URLSearchParams(ANSWER_ORDER.map((k) => [SURVEY_PARAMS[k], answers[k]])).toString()}` : '';
  return (
    <div className="container page results">
      <h1>{title}</h1>
      <p className="page__lead">{intl.formatMessage({ id: answers ? 'results.lead' : 'results.leadShared' })}</p>
      {answers ? (
        <section className="results__answers" aria-labelledby="answers-heading">
          <h2 id="answers-heading">{intl.formatMessage({ id: 'results.yourAnswers' })}</h2>
          <dl>
            {ANSWER_ORDER.map((k) => (
              <div key={k}>
                <dt>{intl.formatMessage({ id: `survey.step.${k}` })}</dt>
                <dd>{intl.formatMessage({ id: `survey.${k}.${answers[k]}` })}</dd>
              </div>
            ))}
          </dl>
          <Link to={`${base.basePath}/pricing-survey/${answersQuery}`}>{intl.formatMessage({ id: 'results.change' })}</Link>
        </section>
      ) : null}
      <h2 className="results__heading">{intl.formatMessage({ id: 'results.recommended' })}</h2>
      <ol className="results__cards" data-bundles={bundles.join(' ')}>
        {cards.map((card, i) => (
          <li key={card.key} className={`results__card${i === 0 ? ' is-best' : ''}`} data-bundle={card.key}>
            {i === 0 ? <p className="choice__badge results__badge">{intl.formatMessage({ id: 'results.best' })}</p> : null}
            <h3>{card.name}</h3>
            <p className="results__text">{card.text}</p>
            <div className="results__price">{card.price}</div>
            {card.note ? <p className="results__note">{card.note}</p> : null}
            <Link className={`button${i === 0 ? '' : ' button--ghost'}`} to={card.cta.to}>
              {card.cta.label}<span className="visually-hidden">: {card.name}</span>
            </Link>
          </li>
        ))}
      </ol>
      <p className="flow-summary__tax">{intl.formatMessage({ id: taxNoteId(base.country, gross) })}</p>
      <p className="results__share">
        {intl.formatMessage({ id: 'results.share' })}{' '}
        <a href={`${base.origin}${location.pathname}${location.search}`}>{intl.formatMessage({ id: 'results.shareLink' })}</a>
      </p>
      <p><Link to={`${base.basePath}/pricing-survey/`}>{intl.formatMessage({ id: 'results.startOver' })}</Link></p>
    </div>
  );
}
