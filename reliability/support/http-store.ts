/** Buying over HTTP, as a browser would, from a running server (the process tests): checkouts made ready beforehand, then placed with their own idempotency keys. */

export interface GqlResult<T = Record<string, unknown>> {
  status: number;
  body: { data?: T; errors?: Array<{ message: string }> };
}

export async function gql<T = Record<string, unknown>>(base: string, query: string, variables: Record<string, unknown> = {}, signal?: AbortSignal): Promise<GqlResult<T>> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ query, variables }),
    ...(signal ? { signal } : {}),
  });
  const text = await res.text();
  let body: GqlResult<T>['body'];
  try {
    body = JSON.parse(text) as GqlResult<T>['body'];
  } catch {
    body = { errors: [{ message: text.slice(0, 200) }] };
  }
  return { status: res.status, body };
}

async function must<T>(base: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const r = await gql<Record<string, { errors?: Array<{ code: string }> }>>(base, query, variables);
  if (r.status !== 200 || r.body.errors || !r.body.data) throw new Error(`${r.status} ${JSON.stringify(r.body.errors)}`);
  for (const [name, payload] of Object.entries(r.body.data)) if (payload?.errors?.length) throw new Error(`${name}: ${JSON.stringify(payload.errors)}`);
  return r.body.data as T;
}

const CREATE = 'mutation C($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { token } errors { code } } }';
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', streetAddress1: '1 Market St', city: 'San Francisco', postalCode: '94105', country: 'US', countryArea: 'CA' };

export interface ReadyCheckout { token: string; total: number }

/** A checkout of one item (a stock-tracked cable by default), contact, addresses and card chosen: ready to place. */
export async function prepareCheckout(base: string, sku = 'ACC-USBC-1M'): Promise<ReadyCheckout> {
  const created = await must<{ checkoutCreate: { checkout: { token: string } } }>(base, CREATE, { input: { lines: [{ sku, quantity: 1 }], country: 'US', email: 'reliability@example.com' } });
  const token = created.checkoutCreate.checkout.token;
  await must(base, 'mutation($t: String!, $a: AddressInput!) { s: checkoutShippingAddressUpdate(token: $t, shippingAddress: $a) { errors { code } } b: checkoutBillingAddressUpdate(token: $t, billingAddress: $a) { errors { code } } }', { t: token, a: ADDRESS });
  const before = await must<{ checkoutBeforePlaceOrder: { checkout: { totalPrice: { gross: { fractionalAmount: number } } } } }>(base,
    'mutation($t: String!) { checkoutBeforePlaceOrder(token: $t, paymentMethod: CREDIT_CARD, attestations: ["TERMS_AND_CONDITIONS", "LICENSED"]) { checkout { totalPrice { gross { fractionalAmount } } } errors { code } } }', { t: token });
  return { token, total: before.checkoutBeforePlaceOrder.checkout.totalPrice.gross.fractionalAmount };
}

export async function prepareCheckouts(base: string, n: number, concurrency = 4): Promise<ReadyCheckout[]> {
  const out: ReadyCheckout[] = [];
  for (let i = 0; i < n; i += concurrency) out.push(...(await Promise.all(Array.from({ length: Math.min(concurrency, n - i) }, () => prepareCheckout(base)))));
  return out;
}

export const CARD_OK = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
export const CARD_DECLINED = { number: '4000000000000002', expMonth: 12, expYear: 2030, cvc: '123' };

export const PLACE = 'mutation P($token: String!, $key: String!, $total: Int, $card: TestCardInput) { checkoutPlaceOrder(token: $token, idempotencyKey: $key, expectedTotal: $total, card: $card) { order { token number paymentStatus } errors { code } } }';

export interface PlaceOutcome {
  /** HTTP status, or 0 when the connection failed (reset, refused) or timed out. */
  status: number;
  orderToken: string | null;
  errorCodes: string[];
  ms: number;
  failure?: string;
}

/** Places a ready checkout once; never throws (a network failure is status 0 with its message). */
export async function placeOrder(base: string, checkout: ReadyCheckout, key: string, card = CARD_OK, timeoutMs = 15_000): Promise<PlaceOutcome> {
  const t0 = Date.now();
  try {
    const r = await gql<{ checkoutPlaceOrder: { order: { token: string } | null; errors: Array<{ code: string }> } }>(base, PLACE, { token: checkout.token, key, total: checkout.total, card }, AbortSignal.timeout(timeoutMs));
    const payload = r.body.data?.checkoutPlaceOrder;
    return { status: r.status, orderToken: payload?.order?.token ?? null, errorCodes: payload?.errors.map((e) => e.code) ?? (r.body.errors ?? []).map((e) => e.message), ms: Date.now() - t0 };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    return { status: 0, orderToken: null, errorCodes: [], ms: Date.now() - t0, failure: e.cause?.code ?? e.cause?.message ?? e.name };
  }
}

/** A catalogue read as the storefront makes it (anonymous, cacheable). */
export const READ_QUERY = '{ shop { name } }';
