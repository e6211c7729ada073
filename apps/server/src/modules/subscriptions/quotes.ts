import { PRO_CUSTOM_ADDONS, prorationAmount, SEATED_PLANS, transition, type PlanKind, type ProCustomAddon, type SubscriptionEvent, type SubscriptionState } from '@probe/domain';
import { planListPrice, seatConfigurations, skuPrice, stateOf, type Executor, type SubscriptionRow } from './repo.ts';
import type { SubscriptionError } from './service.ts';

/** What the buyer asks for (ChangeSubscription): the plan, seats and Pro Custom add-ons after the change. */
export interface ChangeRequest {
  plan: PlanKind;
  seats?: number | null;
  proCustomFeatures?: readonly ProCustomAddon[] | null;
  enterpriseCode?: string | null;
}

/** A priced change: the events that make it, what it costs now and per period after it. */
export interface ChangeQuote {
  events: SubscriptionEvent[];
  next: SubscriptionState;
  /** Charged now (minor units): the prorated difference for the rest of the period. */
  amount: number;
  /** The unused part of what the current period cost. */
  credit: number;
  currentPrice: number;
  /** What a period costs after the change (the next renewal's charge). */
  newPrice: number;
  currency: string;
  periodEnd: Date | null;
  /** The change waits for the renewal (fewer add-ons): nothing is charged now. */
  scheduled: boolean;
}

export type QuoteResult = { quote: ChangeQuote; errors: [] } | { quote: null; errors: SubscriptionError[] };

const refuse = (code: SubscriptionError['code'], message: string, field: string | null = null): QuoteResult => ({ quote: null, errors: [{ code, field, message }] });

/** Applies events in order; the first refused one refuses the change. */
function applyAll(state: SubscriptionState, events: readonly SubscriptionEvent[]): { ok: true; state: SubscriptionState } | { ok: false; error: SubscriptionError } {
  let current = state;
  for (const event of events) {
    const result = transition(current, event);
    if (!result.ok) return { ok: false, error: { code: result.code, field: null, message: result.reason } };
    current = result.state;
  }
  return { ok: true, state: current };
}

/** A Pro Custom plan's yearly price: the base, the first add-on, and each further one. */
async function proCustomPrice(db: Executor, organizationId: string, features: number): Promise<number | null> {
  const [base, first, further] = await Promise.all(['PRO-CUSTOM-BASE', 'PRO-CUSTOM-ADDON-FIRST', 'PRO-CUSTOM-ADDON-FURTHER'].map((sku) => skuPrice(db, sku, organizationId)));
  if (base == null || first == null || further == null) return null;
  return base + (features > 0 ? first + further * (features - 1) : 0);
}

/**
 * CheckoutProrationPreview: the events a requested change makes and its price. A larger plan is charged
 * now for the rest of the period (less the unused part of the current one); more seats at the plan's
 * per-seat rate; more Pro Custom add-ons now, fewer from the renewal. Moves the rules refuse are refused
 * here too, before anything is charged.
 */
export async function quoteChange(db: Executor, row: SubscriptionRow, request: ChangeRequest, at: Date): Promise<QuoteResult> {
  const state = stateOf(row);
  const seated = SEATED_PLANS.includes(request.plan);
  const enterpriseCode = Boolean(request.enterpriseCode?.trim());
  const features = request.proCustomFeatures ? [...new Set(request.proCustomFeatures)] : null;
  if (features?.some((f) => !PRO_CUSTOM_ADDONS.includes(f))) return refuse('INVALID', 'Unknown add-on', 'proCustomFeatures');

  let events: SubscriptionEvent[];
  let newPrice: number | null;
  if (request.plan === state.plan && request.plan === 'PRO_CUSTOM') {
    if (!features) return refuse('INVALID', 'Choose the add-ons', 'proCustomFeatures');
    events = [{ type: 'PRO_CUSTOM_CHANGED', features }];
    newPrice = await proCustomPrice(db, row.organizationId, features.length);
  } else if (request.plan === state.plan) {
    if (!seated) return refuse('OPERATION_NOT_ALLOWED', 'The subscription is already on this plan', 'plan');
    const configuration = (await seatConfigurations(db))(request.plan);
    const seats = request.seats ?? state.seats;
    if (seats <= state.seats) return refuse('INVALID', `Choose more than ${state.seats} seats`, 'seats');
    if (seats > configuration.maxSeats) return refuse('INVALID', `At most ${configuration.maxSeats} seats`, 'seats');
    events = [{ type: 'SEATS_ADDED', seats: seats - state.seats, configuration }];
    // The seats the organization has keep their price; each new one costs what one costs now.
    newPrice = Math.round((row.currentPrice / Math.max(1, state.seats)) * seats);
  } else {
    let seats = 1;
    if (seated) {
      const configuration = (await seatConfigurations(db))(request.plan);
      seats = request.seats ?? Math.max(state.seats, configuration.minSeats);
      if (!Number.isInteger(seats) || seats < configuration.minSeats || seats > configuration.maxSeats) {
        return refuse('INVALID', `Choose ${configuration.minSeats} to ${configuration.maxSeats} seats`, 'seats');
      }
    }
    events = [{ type: 'PLAN_CHANGED', plan: request.plan, seats, enterpriseCode }];
    if (request.plan === 'PRO_CUSTOM') {
      if (!features?.length) return refuse('INVALID', 'Choose the add-ons', 'proCustomFeatures');
      events.push({ type: 'PRO_CUSTOM_CHANGED', features });
      newPrice = await proCustomPrice(db, row.organizationId, features.length);
    } else {
      const list = await planListPrice(db, request.plan, row.organizationId);
      newPrice = list === null ? null : list * seats;
    }
  }
  const moved = applyAll(state, events);
  if (!moved.ok) return { quote: null, errors: [moved.error] };
  if (newPrice === null) return refuse('OPERATION_NOT_ALLOWED', 'This plan is not sold in your country', 'plan');

  const scheduled = moved.state.scheduledProCustomFeatures !== null && state.scheduledProCustomFeatures === null;
  const period = state.periodStart && state.periodEnd ? { periodStart: state.periodStart, periodEnd: state.periodEnd, at } : null;
  const amount = scheduled || !period ? 0 : prorationAmount({ currentPrice: row.currentPrice, newPrice, ...period });
  const credit = scheduled || !period ? 0 : prorationAmount({ currentPrice: 0, newPrice: row.currentPrice, ...period });
  return {
    quote: { events, next: moved.state, amount, credit, currentPrice: row.currentPrice, newPrice, currency: row.currency, periodEnd: state.periodEnd, scheduled },
    errors: [],
  };
}

/** SubscriptionRenewal's price and the period it buys: the scheduled plan's price, else the current one. */
export function quoteRenewal(row: SubscriptionRow, at: Date): QuoteResult {
  const event: SubscriptionEvent = { type: 'RENEWED', at };
  const moved = applyAll(stateOf(row), [event]);
  if (!moved.ok) return { quote: null, errors: [moved.error] };
  const price = row.scheduledPlan && row.scheduledPrice !== null ? row.scheduledPrice : row.currentPrice;
  return {
    quote: { events: [event], next: moved.state, amount: price, credit: 0, currentPrice: row.currentPrice, newPrice: price, currency: row.currency, periodEnd: moved.state.periodEnd, scheduled: false },
    errors: [],
  };
}
