import type { FastifyInstance } from 'fastify';
import type { Database } from '@probe/db';
import { FRACTION_DIGITS, type Currency } from '@probe/domain';
import { staffResolver } from '../admin-graphql/staff.ts';
import type { TokenVerifier } from '../auth/tokens.ts';
import { applyGatewayEvent } from '../modules/orders/index.ts';
import { type PaymentGateway, TestGateway } from '../modules/payments/index.ts';
import { may } from '../modules/staff/index.ts';
import { lookupCountingMisses, type Limiter } from './rate-limit.ts';
import { webhooks } from '../metrics/index.ts';

const WEBHOOK_PATH = '/webhooks/payments';

export interface PaymentRouteOptions {
  publicUrl: string;
  /**
   * Who reads the test gateway's ledger (every charge and refund): `open` for anyone (development and
   * tests), or only staff who may read orders, from a console token (production).
   */
  ledger: 'open' | { consoleTokens: TokenVerifier };
  /** The address's token misses, shared by every lookup by token: an unknown payment on the gateway's page is one. */
  tokenMisses: Limiter;
}

/**
 * The payment webhook: the signature is checked on the raw body (a forged, altered or stale event is
 * refused with 400 and writes nothing); a verified event is applied once, however often it arrives.
 */
export function registerPaymentRoutes(app: FastifyInstance, db: Database, gateway: PaymentGateway, options: PaymentRouteOptions): void {
  const { publicUrl } = options;
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    scope.post(WEBHOOK_PATH, async (req, reply) => {
      let event;
      try {
        event = gateway.verifyWebhook(String(req.body ?? ''), req.headers['stripe-signature'] as string | undefined);
      } catch {
        webhooks.inc({ outcome: 'refused' });
        req.log.warn('payment webhook refused: bad signature');
        return reply.status(400).send({ error: 'invalid signature' });
      }
      const outcome = await applyGatewayEvent(db, gateway, event, publicUrl);
      webhooks.inc({ outcome: 'accepted' });
      req.log.info({ eventId: event.id, type: event.type, outcome }, 'payment webhook');
      return reply.send({ received: true, outcome });
    });
  });

  if (gateway instanceof TestGateway) {
    const staffOf = options.ledger === 'open' ? null : staffResolver(db, options.ledger.consoleTokens);
    const mayReadLedger = async (authorization: string | null) => {
      if (!staffOf) return true;
      const staff = await staffOf(authorization);
      return staff !== null && may(staff.role, 'orders.read');
    };
    registerTestGatewayPage(app, gateway, mayReadLedger, options.tokenMisses);
  }
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The test gateway's own page, standing in for a bank or wallet: the buyer authorises (the payment then
 * settles, or fails, by webhook a moment later) or cancels, and goes back to the store's payment page;
 * it shows that one payment and nothing else. It delivers its webhooks to our endpoint over HTTP, signed,
 * like a provider would. Its ledger of every charge is the provider's dashboard: `mayReadLedger` says who
 * sees it (in production, staff with a console token only; anyone else gets a 401 that names nothing).
 */
function registerTestGatewayPage(app: FastifyInstance, gateway: TestGateway, mayReadLedger: (authorization: string | null) => Promise<boolean>, tokenMisses: Limiter): void {
  /** A payment by its id (the key to its page): an unknown one is a miss; an address over the limit gets null and the wait. */
  const intentFor = async (id: string, ip: string) => {
    const { found: intent, wait } = await lookupCountingMisses(tokenMisses, ip, () => gateway.intents.get(id));
    return { intent, wait };
  };
  const tooMany = (reply: import('fastify').FastifyReply, wait: number) => reply.status(429).header('retry-after', String(wait)).type('text/html').send('<!doctype html><title>Too many requests</title><p>Too many unknown payments asked for: try again later.</p>');
  gateway.sendWebhook = async (rawBody, signature) => {
    const response = await app.inject({ method: 'POST', url: WEBHOOK_PATH, payload: rawBody, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    if (response.statusCode >= 300) throw new Error(`webhook delivery answered ${response.statusCode}`);
  };
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  // The gateway's own ledger, as a provider's dashboard shows it: every charge and what was refunded of it.
  app.get('/test-gateway/', async (req, reply) => {
    if (!(await mayReadLedger(req.headers.authorization ?? null))) {
      return reply.status(401).header('www-authenticate', 'Bearer').header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
        .type('text/html').send('<!doctype html><title>Staff only</title><p>The gateway\'s ledger is for the store\'s staff: send a console token.</p>');
    }
    const rows = gateway.charges.map((c) => `<tr><td>${escape(c.reference)}</td><td>${escape(c.currency.toUpperCase())}</td><td class="n">${c.amount}</td><td class="n">${c.refundedAmount ?? 0}</td><td>${c.refunded ? 'refunded' : c.refundedAmount ? 'partly refunded' : 'paid'}</td></tr>`).join('');
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'").header('cache-control', 'no-store');
    return reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Test payment gateway: ledger</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:24px;color:#14202e}table{border-collapse:collapse}th,td{padding:6px 10px;border-bottom:1px solid #ccd}.n{text-align:right}</style></head>
<body><main><h1>Test payment gateway: ledger</h1><p>Charges in minor units, newest last. No money moves.</p>
<table><thead><tr><th scope="col">Charge</th><th scope="col">Currency</th><th scope="col" class="n">Amount</th><th scope="col" class="n">Refunded</th><th scope="col">State</th></tr></thead><tbody>${rows}</tbody></table></main></body></html>`);
  });
  app.get<{ Params: { id: string } }>('/test-gateway/:id/', async (req, reply) => {
    const { intent, wait } = await intentFor(req.params.id, req.ip);
    if (wait !== null) return tooMany(reply, wait);
    if (!intent) return reply.status(404).type('text/html').send('<!doctype html><title>Not found</title><p>Unknown payment.</p>');
    const currency = intent.currency as Currency;
    const amount = new Intl.NumberFormat('en', { style: 'currency', currency }).format(intent.amount / 10 ** FRACTION_DIGITS[currency]);
    const action = `/test-gateway/${escape(intent.id)}/`;
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
    return reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Test payment gateway</title><style>
body{font:15px/1.6 system-ui,sans-serif;margin:0;background:#f3f5f8;color:#14202e}main{max-width:440px;margin:48px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px #0001}
h1{font-size:20px;margin:0 0 4px}p{margin:8px 0}.amount{font-size:28px;font-weight:700;margin:16px 0}button{display:block;width:100%;margin:10px 0;padding:12px;border-radius:8px;border:1px solid #14202e;font:inherit;font-weight:600;cursor:pointer;background:#fff}
button.primary{background:#0b5cad;border-color:#0b5cad;color:#fff}.note{color:#4a5868;font-size:13px}</style></head><body><main>
<h1>Test payment gateway</h1><p class="note">Offline stand-in for ${escape(intent.method)}. No money moves.</p>
<p class="amount">${escape(amount)}</p><p>Method: <strong>${escape(intent.method)}</strong></p>
<form method="post" action="${action}"><button class="primary" name="outcome" value="succeeded">Authorize payment</button>
<button name="outcome" value="failed">Authorize, then fail settlement</button><button name="outcome" value="canceled">Cancel and go back</button></form>
</main></body></html>`);
  });
  app.post<{ Params: { id: string }; Body: { outcome?: string } }>('/test-gateway/:id/', async (req, reply) => {
    const outcome = req.body?.outcome;
    if (outcome !== 'succeeded' && outcome !== 'failed' && outcome !== 'canceled') return reply.status(400).send({ error: 'outcome must be succeeded, failed or canceled' });
    const { intent: known, wait } = await intentFor(req.params.id, req.ip);
    if (wait !== null) return tooMany(reply, wait);
    const intent = known ? gateway.authorize(req.params.id, outcome) : null;
    if (!intent) return reply.status(404).send({ error: 'unknown payment' });
    const status = intent.status === 'canceled' ? 'failed' : 'processing';
    return reply.redirect(`${intent.returnPath}?payment_intent=${encodeURIComponent(intent.id)}&redirect_status=${status}`, 303);
  });
}
