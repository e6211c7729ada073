import { PRO_CUSTOM_ADDONS, proCustomQuote, readProCustomAddons, type ProCustomAddon } from '@probe/domain';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import type { TaxedFields } from '../../../data/shop-operations.ts';
import { loadFlowCatalogue, pairsOf, priceText, queryOf, stepOrRedirect, timesPrice } from '../flow-catalogue.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { useStepFlow } from '../use-step-flow.ts';
import { Price } from '../../../ui/price.tsx';
import { Choice, FlowSummary, StepActions, StepFlow, StepForm, StepHeading, type SummaryLine } from '../step-flow.tsx';
import './flows.css';

const STEPS = ['addons', 'seats', 'summary'] as const;
const PARAMS = ['addon', 'seats'] as const;
const FIRST_ADDON = 'PRO-CUSTOM-ADDON-FIRST';
const FURTHER_ADDON = 'PRO-CUSTOM-ADDON-FURTHER';

/**
 * Spec §2 /pro-custom/{step?}/ for a new buyer: add-ons → seats and billing → summary (spec §1: the
 * first add-on one price, each further add-on another). Upgrade, downgrade and reactivation need an
 * account and come with it.
 */
export async function loader(args: LoaderFunctionArgs) {
  const shop = await loadFlowCatalogue(args);
  const query = new URL(args.request.url).searchParams;
  const addons = readProCustomAddons(query.getAll('addon'));
  const seatsText = query.get('seats') ?? '';
  const seats = /^\d{1,4}$/.test(seatsText) ? Number(seatsText) : NaN;
  const maxSeats = shop.teamConfiguration.maxSeats;
  const seatsOk = seats >= 1 && seats <= maxSeats;
  const index = stepOrRedirect(args, 'pro-custom', [
    { id: 'addons', answered: addons.length > 0 },
    { id: 'seats', answered: seatsOk },
    { id: 'summary', answered: true },
  ]);
  return {
    shop, index, addons, seats: seatsOk ? seats : null, maxSeats,
    /** The add-on step was sent without a choice. */
    noAddonChosen: query.has('addon') && addons.length === 0,
    pairs: pairsOf(query, PARAMS).filter(([name, value]) => name !== 'addon' || (PRO_CUSTOM_ADDONS as readonly string[]).includes(value)),
  };
}

export function Component() {
  const intl = useIntl();
  const { shop, index, addons, seats, maxSeats, noAddonChosen, pairs } = useLoaderData<typeof loader>();
  const gross = shop.catalogue.displayGrossPrices;
  const title = intl.formatMessage({ id: 'proCustom.title' });
  usePageTitle(`${title} · ${intl.formatMessage({ id: 'app.brand' })}`);
  usePageView(PAGE_VIEWS.proCustom);
  const { flowPath, steps, step, previous, next } = useStepFlow('pro-custom', STEPS, index, 'proCustom');
  const upTo = (n: number) => pairs.filter(([name]) => PARAMS.indexOf(name as (typeof PARAMS)[number]) < n);
  const back = previous ? `${previous}${queryOf(pairs)}` : null;
  const action = next;
  const basePlan = shop.catalogue.proCustom.find((v) => v.pricing);
  const first = shop.catalogue.addons.find((a) => a.sku === FIRST_ADDON && a.pricing);
  const further = shop.catalogue.addons.find((a) => a.sku === FURTHER_ADDON && a.pricing);
  const presets = intl.formatMessage({ id: 'plans.presets' }, { count: shop.programFlags.twentyImagingPresets ? 20 : 19 });
  const addonName = (a: ProCustomAddon) => intl.formatMessage({ id: `proCustom.addon.${a}` });
  const yearly = (p: TaxedFields) => priceText(p, gross, intl.locale, 'yr');

  if (!basePlan || !first || !further) {
    return (
      <div className="container page">
        <h1>{title}</h1>
        <p className="product-page__unavailable" role="note">{intl.formatMessage({ id: 'product.notSoldHere' })}</p>
      </div>
    );
  }
  const pricing = intl.formatMessage({ id: 'plans.custom.pricing' }, { base: yearly(basePlan.pricing!.price), first: yearly(first.pricing!.price), further: yearly(further.pricing!.price) });

  let body: ReactNode;
  if (step === 'addons') {
    body = (
      <>
        <StepHeading>{intl.formatMessage({ id: 'proCustom.addons.heading' })}</StepHeading>
        <p className="flow__hint">{pricing}</p>
        {noAddonChosen ? <p className="flow__error" role="alert">{intl.formatMessage({ id: 'proCustom.addons.required' })}</p> : null}
        <StepForm action={action} back={back} carry={[['addon', '']]}>
          <fieldset className="choices choices--two" aria-labelledby="step-heading">
            {PRO_CUSTOM_ADDONS.map((a) => (
              <Choice key={a} type="checkbox" name="addon" value={a} checked={addons.includes(a)} title={addonName(a)} text={intl.formatMessage({ id: `proCustom.addon.${a}.text` })} />
            ))}
          </fieldset>
        </StepForm>
      </>
    );
  } else if (step === 'seats') {
    const perSeat = (['net', 'gross'] as const).map((k) => proCustomQuote({ base: basePlan.pricing!.price[k].fractionalAmount, firstAddon: first.pricing!.price[k].fractionalAmount, furtherAddon: further.pricing!.price[k].fractionalAmount }, addons.length, 1).perSeat);
    const perSeatPrice: TaxedFields = { currency: basePlan.pricing!.price.currency, net: { fractionalAmount: perSeat[0]! }, gross: { fractionalAmount: perSeat[1]! } };
    body = (
      <>
        <StepHeading>{intl.formatMessage({ id: 'proCustom.seats.heading' })}</StepHeading>
        <p className="flow__hint">{intl.formatMessage({ id: 'proCustom.seats.chosen' }, { addons: intl.formatList(addons.map(addonName), { type: 'conjunction' }) })}</p>
        <StepForm action={action} back={back} carry={upTo(1)} nextLabel={intl.formatMessage({ id: 'flow.review' })}>
          <div className="field">
            <label htmlFor="seats">{intl.formatMessage({ id: 'proCustom.seats.label' })}</label>
            <input id="seats" name="seats" type="number" inputMode="numeric" min={1} max={maxSeats} step={1} required defaultValue={seats ?? 1} aria-describedby="seats-hint" />
            <span id="seats-hint" className="field__hint">{intl.formatMessage({ id: 'proCustom.seats.hint' }, { max: maxSeats })}</span>
          </div>
          <div className="billing-note">
            <p className="billing-note__title">{intl.formatMessage({ id: 'proCustom.billing' })}</p>
            <p className="billing-note__price">
              <Price price={perSeatPrice} displayGross={gross} suffix="yr" size="large" /> <span>{intl.formatMessage({ id: 'proCustom.perSeat' })}</span>
            </p>
          </div>
        </StepForm>
      </>
    );
  } else {
    const q = proCustomQuote({ base: 0, firstAddon: 0, furtherAddon: 0 }, addons.length, seats!).lines;
    const [firstAddon, ...furtherAddons] = addons;
    const lines: SummaryLine[] = [
      { sku: basePlan.sku, name: `${basePlan.product.name}, ${basePlan.name}`, detail: `${intl.formatMessage({ id: 'plans.pro.copy' })} ${presets}.`, price: timesPrice(basePlan.pricing!.price, q.base), quantity: q.base, available: basePlan.isAvailable },
      { sku: first.sku, name: `${first.name}: ${addonName(firstAddon!)}`, price: timesPrice(first.pricing!.price, q.firstAddon), quantity: q.firstAddon, available: first.isAvailable },
      ...(q.furtherAddon ? [{ sku: further.sku, name: `${further.name}: ${intl.formatList(furtherAddons.map(addonName), { type: 'conjunction' })}`, price: timesPrice(further.pricing!.price, q.furtherAddon), quantity: q.furtherAddon, available: further.isAvailable }] : []),
    ];
    const total = (['net', 'gross'] as const).map((k) => proCustomQuote({ base: basePlan.pricing!.price[k].fractionalAmount, firstAddon: first.pricing!.price[k].fractionalAmount, furtherAddon: further.pricing!.price[k].fractionalAmount }, addons.length, seats!).total);
    body = (
      <>
        <StepHeading>{intl.formatMessage({ id: 'flow.summary.heading' })}</StepHeading>
        <FlowSummary lines={lines} total={{ currency: basePlan.pricing!.price.currency, net: { fractionalAmount: total[0]! }, gross: { fractionalAmount: total[1]! } }} displayGross={gross} suffix="yr"
          note={intl.formatMessage({ id: 'proCustom.summary.note' }, { seats: seats! })} />
        <StepActions back={back} />
      </>
    );
  }

  return (
    <StepFlow title={title} lead={`${intl.formatMessage({ id: 'plans.custom.copy' })} ${presets}.`} steps={steps} current={index} flowPath={flowPath} query={queryOf(pairs)}>
      {body}
    </StepFlow>
  );
}
