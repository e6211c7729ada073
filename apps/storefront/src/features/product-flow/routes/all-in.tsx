import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { allInParts, loadFlowCatalogue, pairsOf, queryOf, sold, stepOrRedirect, sumPrices } from '../flow-catalogue.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { useStepFlow } from '../use-step-flow.ts';
import { offerName } from '../offers.ts';
import { Price } from '../../../ui/price.tsx';
import { Choice, FlowSummary, StepActions, StepFlow, StepForm, StepHeading, type SummaryLine } from '../step-flow.tsx';
import './flows.css';

const STEPS = ['device', 'subscription', 'accessories', 'summary'] as const;
/** The answers in the link, in step order; `offer` comes from the offer selection. */
const PARAMS = ['offer', 'bundle', 'plan', 'acc'] as const;

/** Spec §2 /all-in/{step?}/: device variant → subscription → accessories → summary with add to cart. */
export async function loader(args: LoaderFunctionArgs) {
  const shop = await loadFlowCatalogue(args);
  const query = new URL(args.request.url).searchParams;
  const bundle = sold(shop.catalogue.bundles).find((b) => b.sku === query.get('bundle'));
  const parts = bundle ? allInParts(shop, bundle) : null;
  const accessorySkus = sold(shop.catalogue.accessories).map((a) => a.sku);
  const accessories = query.getAll('acc').filter((sku) => accessorySkus.includes(sku));
  const index = stepOrRedirect(args, 'all-in', [
    { id: 'device', answered: Boolean(parts) },
    { id: 'subscription', answered: Boolean(parts) && query.get('plan') === (parts?.plan?.sku ?? '') },
    { id: 'accessories', answered: query.has('acc') },
    { id: 'summary', answered: true },
  ]);
  const offer = shop.currentOffers.find((o) => o.slug === query.get('offer'))?.slug ?? null;
  return { shop, index, parts, accessories, offer, pairs: pairsOf(query, PARAMS) };
}

export function Component() {
  const intl = useIntl();
  const { shop, index, parts, accessories, offer, pairs } = useLoaderData<typeof loader>();
  const gross = shop.catalogue.displayGrossPrices;
  const title = intl.formatMessage({ id: 'allInOffer.title' });
  usePageTitle(`${title} · ${intl.formatMessage({ id: 'app.brand' })}`);
  usePageView(PAGE_VIEWS.allInOffer);
  const { flowPath, steps, step, previous, next } = useStepFlow('all-in', STEPS, index, 'allInOffer');
  const upTo = (n: number) => pairs.filter(([name]) => PARAMS.indexOf(name as (typeof PARAMS)[number]) < n);
  const back = previous ? `${previous}${queryOf(pairs)}` : null;
  const action = next;

  let body: ReactNode;
  if (step === 'device') {
    const bundles = sold(shop.catalogue.bundles);
    body = (
      <>
        <StepHeading>{intl.formatMessage({ id: 'allInOffer.device.heading' })}</StepHeading>
        <p className="flow__hint">{intl.formatMessage({ id: 'allInOffer.device.hint' })}</p>
        <StepForm action={action} back={back} carry={upTo(1)}>
          <fieldset className="choices" aria-labelledby="step-heading">
            {bundles.map((b, i) => {
              const p = allInParts(shop, b);
              const separately = p ? sumPrices([p.device, p.plan, p.warranty].flatMap((v) => (v?.pricing ? [v.pricing.price] : []))) : null;
              return (
                <Choice key={b.sku} type="radio" name="bundle" value={b.sku} required checked={parts ? parts.bundle.sku === b.sku : i === 0}
                  title={p?.device.product.name ?? b.product.name} text={b.name}
                  price={<Price price={b.pricing!.price} previous={separately} displayGross={gross} />} />
              );
            })}
          </fieldset>
        </StepForm>
      </>
    );
  } else if (step === 'subscription') {
    const { plan, warranty } = parts!;
    body = (
      <>
        <StepHeading>{intl.formatMessage({ id: 'allInOffer.subscription.heading' })}</StepHeading>
        <p className="flow__hint">{intl.formatMessage({ id: 'allInOffer.subscription.hint' })}</p>
        <ul className="included-list included-list--boxed">
          {plan ? (
            <li>
              <span className="included-list__name">
                {plan.product.name}
                <span className="included-list__detail">{plan.name} · {intl.formatMessage({ id: 'plans.presets' }, { count: shop.programFlags.twentyImagingPresets ? 20 : 19 })}</span>
                <span className="included-list__detail">{intl.formatMessage({ id: 'plans.pro.copy' })}</span>
              </span>
              <span className="included-list__value">{intl.formatMessage({ id: 'allInOffer.included' })}</span>
            </li>
          ) : null}
          {warranty ? (
            <li>
              <span className="included-list__name">
                {warranty.product.name}
                <span className="included-list__detail">{warranty.product.shortDescription}</span>
              </span>
              <span className="included-list__value">{intl.formatMessage({ id: 'allInOffer.included' })}</span>
            </li>
          ) : null}
        </ul>
        <StepForm action={action} back={back} carry={[...upTo(2), ['plan', plan?.sku ?? '']]}>{null}</StepForm>
      </>
    );
  } else if (step === 'accessories') {
    body = (
      <>
        <StepHeading>{intl.formatMessage({ id: 'allInOffer.accessories.heading' })}</StepHeading>
        <p className="flow__hint">{intl.formatMessage({ id: 'flow.accessoriesHint' })}</p>
        <StepForm action={action} back={back} carry={[...upTo(3), ['acc', '']]} nextLabel={intl.formatMessage({ id: 'flow.review' })}>
          <fieldset className="choices" aria-labelledby="step-heading">
            {sold(shop.catalogue.accessories).map((a) => (
              <Choice key={a.sku} type="checkbox" name="acc" value={a.sku} checked={accessories.includes(a.sku)}
                title={a.product.name} text={a.product.shortDescription} price={<Price price={a.pricing!.price} displayGross={gross} />} />
            ))}
          </fieldset>
        </StepForm>
      </>
    );
  } else {
    const { bundle, device, plan, warranty } = parts!;
    const separately = sumPrices([device, plan, warranty].flatMap((v) => (v?.pricing ? [v.pricing.price] : [])));
    const lines: SummaryLine[] = [
      { sku: bundle.sku, name: intl.formatMessage({ id: 'allIn.title' }, { device: device.product.name }), detail: bundle.product.shortDescription, price: bundle.pricing!.price, previous: separately, available: bundle.isAvailable, model: bundle.model, planKind: bundle.planKind },
      ...sold(shop.catalogue.accessories).filter((a) => accessories.includes(a.sku)).map((a) => ({ sku: a.sku, name: a.product.name, price: a.pricing!.price, available: a.isAvailable })),
    ];
    body = (
      <>
        <StepHeading>{intl.formatMessage({ id: 'flow.summary.heading' })}</StepHeading>
        <FlowSummary lines={lines} total={sumPrices(lines.map((l) => l.price))} displayGross={gross}
          note={offer ? intl.formatMessage({ id: 'allInOffer.offerNote' }, { offer: offerName(offer) }) : undefined} />
        <StepActions back={back} />
      </>
    );
  }

  return (
    <StepFlow title={title} lead={intl.formatMessage({ id: 'allInOffer.lead' })} steps={steps} current={index} flowPath={flowPath} query={queryOf(pairs)}>
      {body}
    </StepFlow>
  );
}
