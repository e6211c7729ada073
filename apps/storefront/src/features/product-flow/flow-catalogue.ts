import { displayPrice } from '@probe/domain';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { apolloContext } from '../../data/apollo-context.ts';
import { FLOW_CATALOGUE, type FlowCatalogueFields, type FlowVariant } from './operations.ts';
import type { TaxedFields } from '../../data/shop-operations.ts';
import { orFail } from '../../lib/loader-failure.ts';
import { catalogueVariables } from '../../lib/route-locale.ts';
import { resolveStep, stepPath, type StepState } from './steps.ts';

export type FlowShop = FlowCatalogueFields['shop'];
export type Market = FlowVariant['market'];

/** The step flows' catalogue for the route's country and language (cache-first: steps do not refetch it). */
export async function loadFlowCatalogue({ params, request, context }: LoaderFunctionArgs): Promise<FlowShop> {
  const { data } = await orFail('Failed to load shop', () => context.get(apolloContext).query({ query: FLOW_CATALOGUE, variables: catalogueVariables(params, request) }));
  return data.shop;
}

/** The store path of a route: /{country}/{language}. */
export const basePathOf = (params: LoaderFunctionArgs['params']) => `/${params.countryCode}/${params.language}`;

/**
 * Resolves a flow's {step?} segment against the answers in the link; a step with a missing earlier
 * answer redirects (keeping the answers) to the first unanswered step.
 */
export function stepOrRedirect(args: LoaderFunctionArgs, flow: string, steps: readonly StepState[]): number {
  const resolution = resolveStep(steps, args.params.step);
  if (resolution.kind === 'show') return resolution.index;
  const url = new URL(args.request.url);
  throw redirect(`${stepPath(`${basePathOf(args.params)}/${flow}`, steps, resolution.id)}${url.search}`);
}

/** The sum of several taxed prices of one currency. */
export function sumPrices(prices: readonly TaxedFields[]): TaxedFields | null {
  if (!prices.length) return null;
  return {
    currency: prices[0]!.currency,
    net: { fractionalAmount: prices.reduce((s, p) => s + p.net.fractionalAmount, 0) },
    gross: { fractionalAmount: prices.reduce((s, p) => s + p.gross.fractionalAmount, 0) },
  };
}

/** a − b, per net and gross. */
export function subtractPrice(a: TaxedFields, b: TaxedFields): TaxedFields {
  return { currency: a.currency, net: { fractionalAmount: a.net.fractionalAmount - b.net.fractionalAmount }, gross: { fractionalAmount: a.gross.fractionalAmount - b.gross.fractionalAmount } };
}

/** A price times a quantity. */
export function timesPrice(a: TaxedFields, n: number): TaxedFields {
  return { currency: a.currency, net: { fractionalAmount: a.net.fractionalAmount * n }, gross: { fractionalAmount: a.gross.fractionalAmount * n } };
}

export const sold = (variants: readonly FlowVariant[]) => variants.filter((v) => v.pricing);

/** The URL query of a flow's answers, with a leading "?" when not empty. */
export function queryOf(pairs: ReadonlyArray<readonly [string, string]>): string {
  const q = new URLSearchParams(pairs.map(([k, v]) => [k, v])).toString();
  return q ? `?${q}` : '';
}

/** The answers of a query as name/value pairs, for hidden fields and links. */
export function pairsOf(query: URLSearchParams, names: readonly string[]): Array<[string, string]> {
  return names.flatMap((name) => query.getAll(name).map((value): [string, string] => [name, value]));
}

/** A price as text in the route's locale (for messages that place the amount themselves). */
export function priceText(price: TaxedFields, displayGross: boolean, locale: string, suffix: 'mo' | 'yr' | null = null, perMonth = false): string {
  return displayPrice({ currency: price.currency, net: price.net.fractionalAmount, gross: price.gross.fractionalAmount }, null, { displayGross, locale, suffix, perMonth }).current;
}

/** The bundle of a device and what it holds, each part priced as bought on its own. */
export interface AllInParts {
  bundle: FlowVariant;
  device: FlowVariant;
  plan: FlowVariant | null;
  warranty: FlowVariant | null;
}

/** The all-in bundle of a device: same model and market; its parts are the device, three years of Pro and the 3-year warranty. */
export function allInParts(shop: FlowShop, bundle: FlowVariant): AllInParts | null {
  const { catalogue } = shop;
  const device = catalogue.devices.find((d) => d.model === bundle.model && d.market === bundle.market && d.connector === bundle.connector && d.pricing)
    ?? catalogue.devices.find((d) => d.model === bundle.model && d.market === bundle.market && d.pricing);
  if (!device) return null;
  const plan = catalogue.prepaid.find((p) => p.market === bundle.market && p.billingPeriod === 'THREE_YEARS' && p.pricing) ?? null;
  const warranty = catalogue.warranty3.find((w) => w.market === bundle.market && w.pricing) ?? null;
  return { bundle, device, plan, warranty };
}
