import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsPayload, ANONYMOUS_ID_KEY, PAGE_VIEWS, pushBeginCheckout, pushLogin, pushOrderCompleted, pushPageView, setAnalyticsConsent } from '../src/analytics/data-layer.ts';
import { STORAGE_KEYS } from '../src/session/storage-keys.ts';

describe('analytics data layer', () => {
  const sent: Array<{ url: string; body: { operationName: string; variables: { input: { anonymousId: string; eventData: { name: string; body: string } } } } }> = [];
  beforeEach(() => {
    window.dataLayer = [];
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem(STORAGE_KEYS.analyticsConsent, 'granted');
    sent.length = 0;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response('{}');
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('pushes page views by the spec\'s names, with no network call', () => {
    pushPageView(PAGE_VIEWS.cart, { pathname: '/us/en/cart/', href: 'http://s/us/en/cart/' });
    expect(window.dataLayer).toEqual([{ event: 'page_view', pageName: 'cart', pagePath: '/us/en/cart/', pageUrl: 'http://s/us/en/cart/' }]);
    expect(Object.values(PAGE_VIEWS)).toContain('return (external payment)');
    expect(sent).toEqual([]);
  });

  it('sends the server its copy of an order completed, through the analytics mutation, with the same anonymous id and body', () => {
    pushOrderCompleted({ number: '1001', currency: 'EUR', total: 100, lines: [] });
    expect(sent).toHaveLength(1);
    const { url, body } = sent[0]!;
    expect(url).toBe('/graphql');
    expect(body.operationName).toBe('AnalyticsEventCreate');
    expect(body.variables.input.anonymousId).toBe(localStorage.getItem(ANONYMOUS_ID_KEY));
    expect(body.variables.input.eventData.name).toBe('order_completed');
    expect(JSON.parse(body.variables.input.eventData.body)).toEqual(window.dataLayer![0]);
  });

  it('skips begin-checkout when a line has no price or quantity', () => {
    expect(pushBeginCheckout('USD', [{ sku: 'A', name: 'A', price: 10, quantity: 1 }, { sku: 'B', name: 'B', price: null, quantity: 1 }])).toBe(false);
    expect(pushBeginCheckout('USD', [{ sku: 'A', name: 'A', price: 10, quantity: 0 }])).toBe(false);
    expect(window.dataLayer).toEqual([]);
    expect(pushBeginCheckout('USD', [{ sku: 'A', name: 'A', price: 10, quantity: 2 }])).toBe(true);
    expect(window.dataLayer![0]).toMatchObject({ event: 'begin_checkout', ecommerce: { value: 20, items: [{ item_id: 'A', item_brand: 'Probe Medical' }] } });
  });

  it('order-completed carries an anonymous id, generated when absent and then kept', () => {
    pushOrderCompleted({ number: '1001', currency: 'EUR', total: 100, lines: [] });
    const id = localStorage.getItem(ANONYMOUS_ID_KEY);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    pushOrderCompleted({ number: '1002', currency: 'EUR', total: 100, lines: [] });
    expect(window.dataLayer!.map((e) => e.anonymousId)).toEqual([id, id]);
  });

  it('before the visitor chooses, nothing is pushed, sent or stored about them; allowing pushes what waited, in order, once', () => {
    localStorage.clear();
    pushPageView(PAGE_VIEWS.cart, { pathname: '/us/en/cart/', href: 'http://s/us/en/cart/' });
    pushLogin();
    pushOrderCompleted({ number: '1001', currency: 'EUR', total: 100, lines: [] });
    expect(window.dataLayer).toEqual([]);
    expect(sent).toEqual([]);
    expect(localStorage.getItem(ANONYMOUS_ID_KEY)).toBeNull();
    setAnalyticsConsent('granted');
    expect(window.dataLayer!.map((e) => e.event)).toEqual(['page_view', 'login', 'order_completed']);
    expect(sent.map((s) => s.body.variables.input.eventData.name)).toEqual(['login', 'order_completed']);
    expect(window.dataLayer![2]!.anonymousId).toBe(localStorage.getItem(ANONYMOUS_ID_KEY));
    setAnalyticsConsent('granted');
    expect(window.dataLayer).toHaveLength(3);
    pushPageView(PAGE_VIEWS.checkout, { pathname: '/us/en/checkout/', href: 'http://s/us/en/checkout/' });
    expect(window.dataLayer!.map((e) => e.event)).toEqual(['page_view', 'login', 'order_completed', 'page_view']);
  });

  it('declining drops what waited and everything after', () => {
    localStorage.clear();
    pushPageView(PAGE_VIEWS.cart, { pathname: '/us/en/cart/', href: 'http://s/us/en/cart/' });
    setAnalyticsConsent('denied');
    pushLogin();
    expect(window.dataLayer).toEqual([]);
    expect(sent).toEqual([]);
    expect(sessionStorage.length).toBe(0);
  });

  it('builds the analytics mutation payload of spec 7', () => {
    const payload = analyticsPayload('login', { method: 'cloud' }, 'user-1', new Date('2026-11-21T10:00:00Z'), { pathname: '/us/en/', href: 'http://s/us/en/' });
    expect(payload).toEqual({
      anonymousId: localStorage.getItem(ANONYMOUS_ID_KEY),
      userId: 'user-1',
      eventData: { name: 'login', body: { method: 'cloud' }, timestamp: '2026-11-21T10:00:00.000Z', context: { page: { path: '/us/en/', url: 'http://s/us/en/' } } },
    });
  });
});
