import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StripeGateway } from '../src/modules/payments/index.ts';

export interface StripeRequest {
  method: string;
  /** The URL as requested (with its query), and its path alone. */
  url: string;
  path: string;
  /** The form-encoded body as sent. */
  raw: string;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
}

export interface FakeStripe {
  /** Our Stripe adapter, pointed at the fake. */
  gateway: StripeGateway;
  /** Every request Stripe received from us, in order. */
  requests: StripeRequest[];
  intents: Map<string, Record<string, unknown>>;
  setups: Map<string, Record<string, unknown>>;
  /** The browser's Payment Element confirming an intent, as Stripe records it: Stripe keeps the card, we learn brand and last 4. */
  confirm(intentId: string, outcome: 'succeeded' | 'declined'): void;
  /** Stripe slow to answer about one intent: its reads wait until `release`; `reached` resolves when one arrives. */
  hold(intentId: string): { reached: Promise<void>; release: () => void };
  close(): Promise<void>;
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });
}

/**
 * A recorded-response fake of Stripe's HTTP API (the shapes Stripe answers with, trimmed): payment intents,
 * customers, setup intents and refunds, on a loopback port; `gateway` is our adapter (the official SDK) on it.
 */
export async function startFakeStripe(options: { idPrefix?: string; webhookSecret?: string } = {}): Promise<FakeStripe> {
  const prefix = options.idPrefix ?? 'fake';
  const requests: StripeRequest[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const intentByKey = new Map<string, string>();
  const setups = new Map<string, Record<string, unknown>>();
  const held = new Map<string, { arrived: () => void; released: Promise<void> }>();
  const server = createServer(async (req, res) => {
    const raw = await read(req);
    const wait = held.get(/^\/v1\/payment_intents\/(\w+)/.exec(req.url ?? '')?.[1] ?? '');
    if (req.method === 'GET' && wait) {
      wait.arrived();
      await wait.released;
    }
    const body = new URLSearchParams(raw);
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({ method: req.method!, url: req.url ?? '', path, raw, body, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
    res.setHeader('content-type', 'application/json');
    res.setHeader('request-id', `req_${requests.length}`);
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      // As Stripe does, a key already used answers with what it made then.
      const key = req.headers['idempotency-key'] as string | undefined;
      const made = key ? intentByKey.get(key) : undefined;
      if (made) return res.end(JSON.stringify(intents.get(made)));
      const id = `pi_${prefix}${intents.size + 1}`;
      if (key) intentByKey.set(key, id);
      const metadata = Object.fromEntries([...body].flatMap(([key, value]) => { const name = /^metadata\[(\w+)\]$/.exec(key)?.[1]; return name ? [[name, value]] : []; }));
      // Confirmed at once off-session (a saved method): it succeeds, as Stripe's test card 4242 does.
      const confirmed = body.get('confirm') === 'true';
      const amount = Number(body.get('amount'));
      const intent = {
        id, object: 'payment_intent', amount, currency: body.get('currency'), status: confirmed ? 'succeeded' : 'requires_payment_method',
        amount_received: confirmed ? amount : 0, created: Math.floor(Date.now() / 1000),
        client_secret: `${id}_secret_x`, metadata, latest_charge: confirmed ? { id: `ch_${id}`, object: 'charge', amount_refunded: 0 } : null, last_payment_error: null,
      };
      intents.set(id, intent);
      return res.end(JSON.stringify(intent));
    }
    if (req.method === 'POST' && path === '/v1/customers') return res.end(JSON.stringify({ id: `cus_${prefix}`, object: 'customer', metadata: { organizationId: body.get('metadata[organizationId]') } }));
    if (req.method === 'POST' && path === '/v1/setup_intents') {
      const id = `seti_${prefix}${setups.size + 1}`;
      const setup = { id, object: 'setup_intent', status: 'requires_payment_method', client_secret: `${id}_secret_x`, customer: body.get('customer'), metadata: { organizationId: body.get('metadata[organizationId]') }, payment_method: null, last_setup_error: null };
      setups.set(id, setup);
      return res.end(JSON.stringify(setup));
    }
    if (req.method === 'POST' && path === '/v1/refunds') return res.end(JSON.stringify({ id: `re_${prefix}1`, object: 'refund', status: 'succeeded', payment_intent: body.get('payment_intent') }));
    if (req.method === 'GET' && path === '/v1/payment_intents') return res.end(JSON.stringify({ object: 'list', data: [...intents.values()], has_more: false, url: path }));
    const intent = /^\/v1\/payment_intents\/(\w+)$/.exec(path);
    if (req.method === 'GET' && intent && intents.has(intent[1]!)) return res.end(JSON.stringify(intents.get(intent[1]!)));
    const setup = /^\/v1\/setup_intents\/(\w+)$/.exec(path);
    if (req.method === 'GET' && setup && setups.has(setup[1]!)) return res.end(JSON.stringify(setups.get(setup[1]!)));
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `No such route ${path}` } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const gateway = new StripeGateway({
    secretKey: `sk_test_${prefix}`, publishableKey: `pk_test_${prefix}`, webhookSecret: options.webhookSecret ?? `whsec_${prefix}`,
    host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http',
  });
  return {
    gateway, requests, intents, setups,
    confirm(intentId, outcome) {
      const intent = intents.get(intentId)!;
      if (outcome === 'succeeded') {
        Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: { id: `ch_${intentId}`, object: 'charge', amount_refunded: 0, payment_method_details: { card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } } } });
      } else {
        Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } });
      }
    },
    hold(intentId) {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      held.set(intentId, { arrived, released: new Promise<void>((resolve) => (release = resolve)) });
      return { reached, release: () => { held.delete(intentId); release(); } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
