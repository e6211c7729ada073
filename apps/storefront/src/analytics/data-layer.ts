import { DATA_CONFIG } from '../data/config.ts';
import { chooseConsent, deliverOrQueue, type Consent, type QueuedEvent } from './consent.ts';
import { recordConsentChoice } from './consent-record.ts';

/**
 * Analytics events go to the page's data layer (window.dataLayer), which a tag manager, when a store
 * installs one, reads (spec §7). The events that count (login, begin checkout, an order completed) also
 * go to the server through the analytics mutation: its own copy, not waited for. Nothing is pushed or
 * sent before the visitor allows analytics: events wait in order until they choose (consent.ts).
 */

/** Spec §2: the page-view names. */
export const PAGE_VIEWS = {
  accessoriesHome: 'accessories home',
  accessoriesUpsell: 'accessories upsell',
  teamAdditionalProbes: 'team additional probes',
  iq3Product: 'IQ3 product',
  oldOfferProduct: 'old offer product',
  cart: 'cart',
  checkout: 'checkout',
  myAccount: 'my account',
  additionalLicenses: 'additional licenses',
  additionalVetProbe: 'additional vet probe',
  vetProductFlow: 'vet product flow',
  probeOnly: 'probe-only',
  probeOnlyVet: 'probe-only vet',
  subscriptionPurchase: 'subscription purchase',
  product: 'product',
  upgradeExpired: 'upgrade expired',
  upgradeTeam: 'upgrade team',
  upgradeUser: 'upgrade user',
  externalPaymentReturn: 'return (external payment)',
  productDetails: 'product details',
  // Names of the step flows and offer screens, which the spec lists without one.
  allInBundle: 'all-in bundle',
  allInOffer: 'all-in offer',
  productFlow: 'product flow',
  offerSelection: 'offer selection',
  pricingSurvey: 'pricing survey',
  surveyResults: 'survey results',
  proCustom: 'pro custom',
  // Names of the landing pages the spec lists without a page-view name.
  vetRental: 'vet rental',
  tradeIn: 'trade-in program',
  pricingCable: 'pricing cable',
  terms: 'terms and conditions',
  // Payment details (how an order was paid), which the spec lists without a page-view name.
  paymentDetails: 'payment details',
} as const;
export type PageViewName = (typeof PAGE_VIEWS)[keyof typeof PAGE_VIEWS];

/** Spec §9: the item list's and analytics' brand and affiliation are fixed text. */
const ANALYTICS_BRAND = 'Probe Medical';
const ANALYTICS_AFFILIATION = 'Probe Store';
export const ANONYMOUS_ID_KEY = 'anonymousId';

type DataLayerEvent = Record<string, unknown> & { event: string };

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

/** An event to the data layer and, for the events that count, its server copy, once the visitor allows it. */
function push(event: DataLayerEvent, options: { serverCopy?: boolean; withAnonymousId?: boolean } = {}): void {
  const copy = options.serverCopy ? { timestamp: new Date().toISOString(), path: window.location.pathname, url: window.location.href } : null;
  deliverOrQueue({ event, copy, ...(options.withAnonymousId ? { withAnonymousId: true } : {}) }, deliver);
}

function deliver(item: QueuedEvent): void {
  const event = item.withAnonymousId ? { ...item.event, anonymousId: anonymousId() } : item.event;
  (window.dataLayer ??= []).push(event);
  if (!item.copy) return;
  const { eventData, ...who } = analyticsPayload(event.event, event, null, new Date(item.copy.timestamp), { pathname: item.copy.path, href: item.copy.url });
  sendServerCopy({ ...who, eventData: { ...eventData, body: JSON.stringify(eventData.body) } });
}

/**
 * The visitor's choice (the consent banner, my account): what waited is pushed in order, or dropped. With
 * `record` (the banner) the choice is also put on record: the wording shown, where, the language; an
 * allowed choice with the browser's analytics id, made now, a declined one with the id only if it has one.
 */
export function setAnalyticsConsent(choice: Consent, record?: { textVersion: string; locale: string }): void {
  chooseConsent(choice, deliver);
  if (record) recordConsentChoice({ purpose: 'ANALYTICS', granted: choice === 'granted', source: 'banner', ...record, anonymousId: analyticsBrowserId(choice === 'granted') });
}

/** The browser's analytics id: made now when `create` (analytics allowed), else only the one it has (or null). */
export function analyticsBrowserId(create: boolean, storage: Storage = localStorage): string | null {
  return create ? anonymousId(storage) : storage.getItem(ANONYMOUS_ID_KEY);
}


const SERVER_COPY = 'mutation AnalyticsEventCreate($input: AnalyticsEventInput!) { analyticsEventCreate(input: $input) { recorded } }';

/** Spec §7: the server-side copy of an event, sent without waiting for it. */
function sendServerCopy(input: Record<string, unknown>): void {
  fetch(DATA_CONFIG.graphqlEndpoint, {
    // keepalive: a login's copy is sent just before the page reloads. The answer is read, so the request ends.
    method: 'POST', keepalive: true, credentials: DATA_CONFIG.credentials,
    headers: { accept: '*/*', 'content-type': 'application/json' },
    body: JSON.stringify({ operationName: 'AnalyticsEventCreate', query: SERVER_COPY, variables: { input } }),
  }).then((response) => response.text()).catch(() => {
    // Analytics never disturbs the buyer: a copy that cannot be sent is dropped.
  });
}

export function pushPageView(name: PageViewName | string, location: Pick<Location, 'pathname' | 'href'> = window.location): void {
  push({ event: 'page_view', pageName: name, pagePath: location.pathname, pageUrl: location.href });
}

export interface AnalyticsLine {
  sku: string;
  name: string;
  /** Unit price as a decimal amount. */
  price: number | null | undefined;
  quantity: number | null | undefined;
}

const item = (line: AnalyticsLine) => ({
  item_id: line.sku, item_name: line.name, price: line.price, quantity: line.quantity, item_brand: ANALYTICS_BRAND, affiliation: ANALYTICS_AFFILIATION,
});

/** Spec §5: the begin-checkout event is skipped when a line has no price or quantity. Returns whether it was sent. */
export function pushBeginCheckout(currency: string, lines: AnalyticsLine[]): boolean {
  if (!lines.length || lines.some((l) => l.price == null || !l.quantity)) return false;
  const event = { event: 'begin_checkout', ecommerce: { currency, value: lines.reduce((sum, l) => sum + l.price! * l.quantity!, 0), items: lines.map(item) } };
  push(event, { serverCopy: true });
  return true;
}

/** Spec §4 login flow: the login event, sent once a sign-in is accepted. */
export function pushLogin(method = 'oidc'): void {
  push({ event: 'login', method }, { serverCopy: true });
}

/** The visitor's anonymous analytics id, generated and kept on first use (spec §4). */
function anonymousId(storage: Storage = localStorage): string {
  let id = storage.getItem(ANONYMOUS_ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    storage.setItem(ANONYMOUS_ID_KEY, id);
  }
  return id;
}

/** The order completed, with the visitor's anonymous id (added when it is delivered). */
export function pushOrderCompleted(order: { number: string; currency: string; total: number; lines: AnalyticsLine[] }): void {
  const event = {
    event: 'order_completed',
    ecommerce: { transaction_id: order.number, currency: order.currency, value: order.total, affiliation: ANALYTICS_AFFILIATION, items: order.lines.map(item) },
  };
  push(event, { serverCopy: true, withAnonymousId: true });
}

/** Spec §7: the analytics mutation payload. */
export interface AnalyticsPayload {
  anonymousId: string;
  userId: string | null;
  eventData: { name: string; body: Record<string, unknown>; timestamp: string; context: { page: { path: string; url: string } } };
}

export function analyticsPayload(name: string, body: Record<string, unknown>, userId: string | null, now = new Date(), location: Pick<Location, 'pathname' | 'href'> = window.location, storage: Storage = localStorage): AnalyticsPayload {
  return {
    anonymousId: anonymousId(storage),
    userId,
    eventData: { name, body, timestamp: now.toISOString(), context: { page: { path: location.pathname, url: location.href } } },
  };
}
