/**
 * The write-path loads of bench:checkout (issue 37), in the shape of ../shared/peers/side-by-side's, with the
 * storefront's own documents: a cart that adds a line and removes it again, one checkout per connection;
 * and whole purchases (create, contact, shipping address, billing address, review, place) by concurrent buyers.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { buyerConnection } from './http-post.ts';
import { checkoutRequest } from './store-operations.ts';

const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', streetAddress1: '1 Market St', city: 'San Francisco', postalCode: '94105', country: 'US', countryArea: 'CA' };
/** The test gateway's success card. */
export const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

export interface LoadResult { rps: number; p50: number; p99: number; count: number; failed: number; timeouts: number; firstError?: string }

interface CartState { token?: string | null; version?: number; lineId?: string | null }
interface CheckoutAnswer { token: string; version: number; lines: Array<{ id: string; variant?: { sku: string } | null }> }

/**
 * Each connection keeps a checkout holding `skuA` and alternately adds `skuB` and removes it, sending the
 * version it last saw (a stale one would be refused). A refused or failed answer counts as failed and the
 * connection starts again with a new checkout.
 */
export async function cartLoad(url: string, options: { connections: number; seconds: number; warmupSeconds: number; skuA: string; skuB: string }): Promise<LoadResult> {
  const create = () => checkoutRequest('CHECKOUT_CREATE', { input: { lines: [{ sku: options.skuA, quantity: 1 }], country: 'US', languageCode: 'EN_US' }, idempotencyKey: randomUUID() });
  const run = async (seconds: number) => {
    const counters = { failed: 0, firstError: undefined as string | undefined };
    const result = await autocannon({
      url: `${url}/graphql`, connections: options.connections, duration: seconds, method: 'POST', headers: { 'content-type': 'application/json' },
      requests: [{
        // autocannon gives each connection its own copy of this object.
        ...({ state: {} } as object),
        setupRequest: (req, context) => {
          const s = ((req as unknown as { state: CartState }).state);
          (context as { s?: CartState }).s = s;
          if (!s.token) return { ...req, body: create() };
          if (s.lineId) return { ...req, body: checkoutRequest('CHECKOUT_LINE_DELETE', { token: s.token, lineId: s.lineId, expectedVersion: s.version }) };
          return { ...req, body: checkoutRequest('CHECKOUT_LINES_ADD', { token: s.token, lines: [{ sku: options.skuB, quantity: 1 }], expectedVersion: s.version }) };
        },
        onResponse: (status, body, context) => {
          const s = (context as { s: CartState }).s;
          let payload: { checkout?: CheckoutAnswer | null; errors?: unknown[] } | undefined;
          try {
            const data = (JSON.parse(body) as { data?: Record<string, typeof payload> }).data ?? {};
            payload = data.checkoutCreate ?? data.checkoutLinesAdd ?? data.checkoutLineDelete;
          } catch {
            // counted below
          }
          if (status !== 200 || !payload?.checkout || payload.errors?.length) {
            counters.failed++;
            counters.firstError ??= `${status} ${body.slice(0, 300)}`;
            s.token = null;
            return;
          }
          s.token = payload.checkout.token;
          s.version = payload.checkout.version;
          s.lineId = payload.checkout.lines.find((line) => line.variant?.sku === options.skuB)?.id ?? null;
        },
      }],
    });
    return { result, counters };
  };
  if (options.warmupSeconds > 0) await run(options.warmupSeconds);
  const { result, counters } = await run(options.seconds);
  return {
    rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, count: result.requests.total,
    // autocannon counts a request unanswered after its timeout (10 s) in errors and timeouts
    failed: result.non2xx + result.errors + counters.failed, timeouts: result.timeouts, ...(counters.firstError ? { firstError: counters.firstError } : {}),
  };
}

export interface PurchaseResult { orders: number; seconds: number; ordersPerSecond: number; placeP50: number; placeP99: number; wholeP99: number; failed: number; firstError?: string; tokens: string[] }

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : NaN;
};

/**
 * `buyers` concurrent buyers make `orders` whole purchases between them (after `warmup` more), each the
 * storefront's six calls over its own kept-alive connection, asking for compression as a browser does; the
 * orders' tokens come back for checking.
 */
export async function purchaseLoad(url: string, options: { buyers: number; orders: number; warmup: number; sku: string }): Promise<PurchaseResult> {
  type Connection = ReturnType<typeof buyerConnection>;
  const call = async (connection: Connection, name: Parameters<typeof checkoutRequest>[0], variables: Record<string, unknown>) => {
    const res = await connection.post('/graphql', checkoutRequest(name, variables));
    let payload: { checkout?: Record<string, unknown> | null; order?: { token: string } | null; errors?: unknown[] } | undefined;
    try {
      payload = Object.values((JSON.parse(res.text) as { data?: Record<string, typeof payload> }).data ?? {})[0];
    } catch {
      // reported below
    }
    if (res.status !== 200 || !payload || payload.errors?.length) throw new Error(`${name}: ${res.status} ${res.text.slice(0, 200)}`);
    return payload;
  };
  const purchase = async (connection: Connection, n: number) => {
    const started = performance.now();
    let checkout = (await call(connection, 'CHECKOUT_CREATE', { input: { lines: [{ sku: options.sku, quantity: 1 }], country: 'US', languageCode: 'EN_US' }, idempotencyKey: randomUUID() })).checkout as { token: string };
    const token = checkout.token;
    await call(connection, 'CHECKOUT_CONTACT_UPDATE', { token, email: `bench-${n}@example.com`, firstName: 'Ada', lastName: 'Lovelace', marketingOptIn: false });
    await call(connection, 'UPDATE_SHIPPING_ADDRESS', { token, address: ADDRESS });
    checkout = (await call(connection, 'UPDATE_BILLING_ADDRESS', { token, address: ADDRESS })).checkout as typeof checkout & { requiredAttestations: string[] };
    const reviewed = (await call(connection, 'BEFORE_PLACE_ORDER', { token, paymentMethod: 'CREDIT_CARD', attestations: (checkout as { requiredAttestations?: string[] }).requiredAttestations ?? [] })).checkout as { totalPrice: { gross: { fractionalAmount: number } } };
    const placing = performance.now();
    const placed = await call(connection, 'PLACE_ORDER', { token, idempotencyKey: `place:${token}`, expectedTotal: reviewed.totalPrice.gross.fractionalAmount, card: CARD });
    const end = performance.now();
    return { token: placed.order!.token, wholeMs: end - started, placeMs: end - placing };
  };
  const runBuyers = async (count: number, record: boolean) => {
    const out = { place: [] as number[], whole: [] as number[], tokens: [] as string[], failed: 0, firstError: undefined as string | undefined };
    let next = 0;
    await Promise.all(Array.from({ length: options.buyers }, async () => {
      const connection = buyerConnection(url);
      try {
        while (next < count) {
          const n = next++;
          try {
            const done = await purchase(connection, n);
            if (record) out.place.push(done.placeMs), out.whole.push(done.wholeMs), out.tokens.push(done.token);
          } catch (error) {
            out.failed++;
            out.firstError ??= (error as Error).message;
          }
        }
      } finally {
        connection.close();
      }
    }));
    return out;
  };
  await runBuyers(options.warmup, false);
  const started = performance.now();
  const measured = await runBuyers(options.orders, true);
  const seconds = (performance.now() - started) / 1000;
  return {
    orders: measured.tokens.length, seconds, ordersPerSecond: measured.tokens.length / seconds,
    placeP50: percentile(measured.place, 0.5), placeP99: percentile(measured.place, 0.99), wholeP99: percentile(measured.whole, 0.99),
    failed: measured.failed, ...(measured.firstError ? { firstError: measured.firstError } : {}), tokens: measured.tokens,
  };
}
