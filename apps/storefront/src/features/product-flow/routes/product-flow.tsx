import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import type { FlowVariant } from '../operations.ts';
import { loadFlowCatalogue, pairsOf, queryOf, stepOrRedirect, sumPrices, type Market } from '../flow-catalogue.ts';
import { cablesFor, offerFor } from '../market-offer.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { useStepFlow } from '../use-step-flow.ts';
import { Price } from '../../../ui/price.tsx';
import { Choice, FlowSummary, StepActions, StepFlow, StepForm, StepHeading, type SummaryLine } from '../step-flow.tsx';
import './flows.css';

const STEPS = ['market', 'device', 'plan', 'accessories', 'summary'] as const;
const PARAMS = ['market', 'device', 'plan', 'acc', 'warranty'] as const;
const MARKET_OF: Record<string, Market> = { human: 'HUMAN', vet: 'VETERINARY' };
const SUFFIX = { ANNUAL: 'yr', ONE_TIME: null, ONE_YEAR: null, THREE_YEARS: null } as const;

/** Spec §2 /product-flow/{step?}/: market → device → plan → accessories → summary. */
export async function loader(args: LoaderFunctionArgs) {
  const shop = await loadFlowCatalogue(args);
  const query = new URL(args.request.url).searchParams;
  const marketKey = query.get('market') ?? '';
  const market = MARKET_OF[marketKey];
  const offer = market ? offerFor(shop, market) : null;
  const device = offer?.devices.find((d) => d.sku === query.get('device'));
  const plan = offer?.plans.find((p) => p.sku === query.get('plan'));
  const cables = cablesFor(shop, device).filter((a) => query.getAll('acc').includes(a.sku));
  const warranty = offer?.warranties.find((w) => w.sku === query.get('warranty')) ?? null;
  const index = stepOrRedirect(args, 'product-flow', [
    { id: 'market', answered: Boolean(market) },
    { id: 'device', answered: Boolean(device) },
    { id: 'plan', answered: Boolean(plan) },
    { id: 'accessories', answered: query.has('acc') },
    { id: 'summary', answered: true },
  ]);
  return { shop, index, market: market ?? null, device: device ?? null, plan: plan ?? null, cables, warranty, pairs: pairsOf(query, PARAMS) };
}

export function Component() {
  const intl = useIntl();
  const { shop, index, market, device, plan, cables, warranty, pairs } = useLoaderData<typeof loader>();
  const gross = shop.catalogue.displayGrossPrices;
  const title = intl.formatMessage({ id: 'productFlow.title' });
  usePageTitle(`${title} · ${intl.formatMessage({ id: 'app.brand' })}`);
  usePageView(market === 'VETERINARY' ? PAGE_VIEWS.vetProductFlow : PAGE_VIEWS.productFlow);
  const { flowPath, steps, step, previous, next } = useStepFlow('product-flow', STEPS, index, 'productFlow');
  const upTo = (n: number) => pairs.filter(([name]) => PARAMS.indexOf(name as (typeof PARAMS)[number]) < n);
  const back = previous ? `${previous}${queryOf(pairs)}` : null;
  const action = next;
  const offer = market ? offerFor(shop, market) : null;
  const presets = intl.formatMessage({ id: 'plans.presets' }, { count: shop.programFlags.twentyImagingPresets ? 20 : 19 });

  let body: ReactNode;
  if (step === 'market') {
    const current = pairs.find(([n]) => n === 'market')?.[1] ?? 'human';
    body = (
      <>
        <StepHeading>{intl.formatMessage({ id: 'productFlow.market.heading' })}</StepHeading>
        <StepForm action={action} carry={[]}>
          <fieldset className="choices choices--two" aria-labelledby="step-heading">
            <Choice type="radio" name="market" value="human" required checked={current === 'human'} title={intl.formatMessage({ id: 'nav.human' })} text={intl.formatMessage({ id: 'productFlow.market.human' })} />
            <Choice type="radio" name="market" value="vet" required checked={current === 'vet'} title={intl.formatMessage({ id: 'nav.vet' })} text={intl.formatMessage({ id: 'productFlow.market.vet' })} />
          </fieldset>
        </StepForm>
      </>
    );
  } else if (step === 'device') {
    body = (
      <>
        <StepHeading>{intl.formatMessage({ id: 'productFlow.device.heading' })}</StepHeading>
        <StepForm action={action} back={back} carry={upTo(1)}>
          <fieldset className="choices" aria-labelledby="step-heading">
            {offer!.devices.map((d, i) => (
              <Choice key={d.sku} type="radio" name="device" value={d.sku} required checked={device ? device.sku === d.sku : i === 0}
                title={`${d.product.name}, ${d.name}`} text={d.product.shortDescription}
                price={<Price price={d.pricing!.price} previous={d.pricing!.priceUndiscounted} displayGross={gross} />} />
            ))}
          </fieldset>
        </StepForm>
      </>
    );
  } else if (step === 'plan') {
    body = (
      <>
        <StepHeading>{intl.formatMessage({ id: 'productFlow.plan.heading' })}</StepHeading>
        <p className="flow__hint">{intl.formatMessage({ id: 'plans.pro.copy' })} {presets}.</p>
        <StepForm action={action} back={back} carry={upTo(2)}>
          <fieldset className="choices" aria-labelledby="step-heading">
            {offer!.plans.map((p, i) => (
              <Choice key={p.sku} type="radio" name="plan" value={p.sku} required checked={plan ? plan.sku === p.sku : i === 0}
                title={`${p.product.name}, ${p.name}`} text={p.product.shortDescription}
                badge={i === 0 ? intl.formatMessage({ id: 'flow.popular' }) : null}
                price={<Price price={p.pricing!.price} previous={p.pricing!.priceUndiscounted} displayGross={gross} suffix={SUFFIX[p.billingPeriod]} />} />
            ))}
          </fieldset>
        </StepForm>
      </>
    );
  } else if (step === 'accessories') {
    body = (
      <>
        <StepHeading>{intl.formatMessage({ id: 'productFlow.accessories.heading' })}</StepHeading>
        <p className="flow__hint">{intl.formatMessage({ id: 'flow.accessoriesHint' })}</p>
        <StepForm action={action} back={back} carry={[...upTo(3), ['acc', '']]} nextLabel={intl.formatMessage({ id: 'flow.review' })}>
          <fieldset className="choices" aria-labelledby="step-heading">
            {cablesFor(shop, device!).map((a) => (
              <Choice key={a.sku} type="checkbox" name="acc" value={a.sku} checked={cables.some((c) => c.sku === a.sku)}
                title={a.product.name} text={a.product.shortDescription} price={<Price price={a.pricing!.price} displayGross={gross} />} />
            ))}
          </fieldset>
          <fieldset className="choices choices--spaced">
            <legend className="choices__legend">{intl.formatMessage({ id: 'productFlow.warranty' })}</legend>
            <Choice type="radio" name="warranty" value="" checked={!warranty} title={intl.formatMessage({ id: 'productFlow.noWarranty' })} text={intl.formatMessage({ id: 'productFlow.noWarrantyText' })} />
            {offer!.warranties.map((w) => (
              <Choice key={w.sku} type="radio" name="warranty" value={w.sku} checked={warranty?.sku === w.sku}
                title={w.product.name} text={w.product.shortDescription} price={<Price price={w.pricing!.price} displayGross={gross} />} />
            ))}
          </fieldset>
        </StepForm>
      </>
    );
  } else {
    const line = (v: FlowVariant, detail?: string): SummaryLine => ({
      sku: v.sku, name: `${v.product.name}, ${v.name}`, detail, price: v.pricing!.price, previous: v.pricing!.priceUndiscounted, available: v.isAvailable, model: v.model, planKind: v.planKind,
    });
    const lines: SummaryLine[] = [
      line(device!),
      line(plan!, plan!.billingPeriod === 'ANNUAL' ? intl.formatMessage({ id: 'flow.renews' }) : undefined),
      ...cables.map((c) => ({ ...line(c), name: c.product.name })),
      ...(warranty ? [{ ...line(warranty), name: warranty.product.name }] : []),
    ];
    body = (
      <>
        <StepHeading>{intl.formatMessage({ id: 'flow.summary.heading' })}</StepHeading>
        <FlowSummary lines={lines} total={sumPrices(lines.map((l) => l.price))} displayGross={gross} />
        <StepActions back={back} />
      </>
    );
  }

  return (
    <StepFlow title={title} lead={intl.formatMessage({ id: 'productFlow.lead' })} steps={steps} current={index} flowPath={flowPath} query={queryOf(pairs)}>
      {body}
    </StepFlow>
  );
}
