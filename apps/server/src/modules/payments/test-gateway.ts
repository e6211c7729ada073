import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { cardBrand, isAsyncMethod, testCardOutcome, testWalletProfile, WALLETS, type PaymentMethod, type Wallet } from '@probe/domain';
import { chargeOfIntent, type ChargeRequest, type ChargeResult, type GatewayEvent, type Intent, type IntentOutcome, type IntentRequest, type PaymentGateway, type SucceededPayment } from './gateway.ts';
import type { SavedChargeRequest, Setup, SetupRequest, SetupResult, TestSetupDetails } from './saved-method-types.ts';
import { testSavedChargeOutcome, testSetup } from './test-saved-methods.ts';
import { stripeSdk } from './stripe-sdk.ts';
import { assertFreshSignatureTimestamp, eventFromStripeShape, WEBHOOK_TOLERANCE_S } from './events.ts';

type TestIntentStatus = 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled';

export interface TestIntent {
  id: string;
  checkoutToken: string;
  amount: number;
  currency: string;
  method: PaymentMethod;
  returnPath: string;
  status: TestIntentStatus;
  /** What happens once the buyer authorised: settle or fail later (by webhook). */
  settleAs: 'succeeded' | 'failed' | null;
}

/** A delivered webhook: how the gateway reaches our /webhooks/payments endpoint (set by the HTTP layer). */
export type WebhookSender = (rawBody: string, signature: string) => Promise<void>;

/**
 * The built-in offline test gateway. It behaves like a real provider at its edges: card charges answer
 * with Stripe's test-card outcomes; asynchronous methods go through its own page (/test-gateway/…) and
 * settle later by a webhook signed in Stripe's format, which our endpoint verifies like any other.
 * Its ledger (intents and charges) lives in this process, as a provider's would live on its side; with
 * a ledger file (TEST_GATEWAY_LEDGER_FILE, or by default on the embedded database a file in DATA_DIR:
 * createGateway) its charges and refunds are also appended there, one JSON line each, and read back: they
 * outlive the process (a crash between a charge and its order, a restart of the demo before a refund) and are
 * shared by the server and the worker, as a real provider's are.
 */
export class TestGateway implements PaymentGateway {
  readonly name = 'test' as const;
  readonly intents = new Map<string, TestIntent>();
  /**
   * Every successful charge, for tests and the invariant "one charge per order": a checkout's ('checkout', its
   * saved method's too) or a subscription's charge of a saved method ('saved', kept by its charge row).
   */
  readonly charges: Array<{ reference: string; checkoutToken: string; amount: number; currency: string; refunded: boolean; refundedAmount?: number; kind?: 'checkout' | 'saved'; at?: string }> = [];
  /** Refunds given, by idempotency key (a retried refund finds its first answer). */
  readonly refunds = new Map<string, { reference: string; amount: number; at: Date }>();
  sendWebhook: WebhookSender | null = null;
  /** Setups waiting for the buyer's details, and the answers given per idempotency key (as a provider keeps them). */
  readonly setups = new Map<string, SetupRequest>();
  readonly savedCharges = new Map<string, ChargeResult>();

  constructor(
    readonly webhookSecret: string = `whsec_test_${randomBytes(24).toString('hex')}`,
    private readonly now: () => Date = () => new Date(),
    /** Delay between the buyer authorising an asynchronous payment and its settlement webhook. */
    readonly settleDelayMs = 1500,
    /** Where charges and refunds are kept beyond this process (JSON lines); null: in memory only. */
    readonly ledgerFile: string | null = null,
  ) {
    this.#load();
  }

  /** The file ended in a line cut short (a crash while writing it): the next entry starts on a line of its own. */
  #tornTail = false;

  #record(entry: Record<string, unknown>): void {
    if (!this.ledgerFile) return;
    // Synchronous, one write per entry: the line is written (to the OS) before the caller hears of the charge.
    appendFileSync(this.ledgerFile, `${this.#tornTail ? '\n' : ''}${JSON.stringify(entry)}\n`);
    this.#tornTail = false;
  }

  /** Reads the ledger file again: another process (the server, the worker, a previous run) may have written to it. */
  #load(): void {
    if (!this.ledgerFile || !existsSync(this.ledgerFile)) return;
    this.charges.splice(0);
    this.refunds.clear();
    const text = readFileSync(this.ledgerFile, 'utf8');
    this.#tornTail = text.length > 0 && !text.endsWith('\n');
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      let e: Record<string, unknown>;
      try {
        e = JSON.parse(line) as Record<string, unknown>;
      } catch {
        continue; // a line cut short by a crash
      }
      if (e.type === 'charge') this.charges.push({ reference: String(e.reference), checkoutToken: String(e.checkoutToken), amount: Number(e.amount), currency: String(e.currency), refunded: false, kind: e.kind === 'saved' ? 'saved' : 'checkout', at: String(e.at) });
      if (e.type === 'refund') {
        const charge = this.charges.find((c) => c.reference === e.reference);
        if (charge) {
          charge.refundedAmount = (charge.refundedAmount ?? 0) + Number(e.amount);
          charge.refunded = charge.refundedAmount >= charge.amount;
        }
        this.refunds.set(String(e.key), { reference: String(e.reference), amount: Number(e.amount), at: new Date(String(e.at)) });
      }
    }
  }

  #addCharge(charge: { reference: string; checkoutToken: string; amount: number; currency: string; kind: 'checkout' | 'saved' }): void {
    const at = this.now().toISOString();
    this.charges.push({ ...charge, refunded: false, at });
    this.#record({ type: 'charge', ...charge, at });
  }

  async succeededPayments(since: Date): Promise<SucceededPayment[]> {
    this.#load();
    return this.charges
      .filter((c) => c.kind !== 'saved' && (!c.at || new Date(c.at) >= since))
      .map((c) => ({ reference: c.reference, checkoutToken: c.checkoutToken, amount: c.amount, currency: c.currency, refundedAmount: c.refundedAmount ?? 0, createdAt: c.at ? new Date(c.at) : this.now() }));
  }

  clientConfig(): Record<string, string> {
    return { gateway: 'test' };
  }

  /** Its test wallet (a stand-in for the browser's payment sheet) holds a profile for a few countries: it is offered there. */
  expressWallets(country: string): readonly Wallet[] {
    return testWalletProfile(country) ? WALLETS : [];
  }

  async createIntent(request: IntentRequest): Promise<Intent> {
    const id = `pi_test_${randomUUID().replaceAll('-', '')}`;
    this.intents.set(id, { id, ...request, status: 'requires_action', settleAs: null });
    return { id, clientSecret: null, redirectUrl: `/test-gateway/${id}/` };
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (request.method === 'CREDIT_CARD' && request.card) {
      const outcome = testCardOutcome(request.card, this.now());
      if (outcome !== 'SUCCEEDED') return { status: 'FAILED', code: outcome };
      const digits = request.card.number.replace(/[\s-]/g, '');
      const reference = `ch_test_${randomUUID().replaceAll('-', '')}`;
      this.#addCharge({ reference, checkoutToken: request.checkoutToken, amount: request.amount, currency: request.currency, kind: 'checkout' });
      return {
        status: 'SUCCEEDED',
        reference,
        card: { brand: cardBrand(digits), lastDigits: digits.slice(-4), expMonth: request.card.expMonth, expYear: request.card.expYear < 100 ? 2000 + request.card.expYear : request.card.expYear },
      };
    }
    if (!request.intentId) return { status: 'FAILED', code: 'PAYMENT_NOT_FOUND' };
    return chargeOfIntent(await this.intentOutcome(request.intentId, request.checkoutToken), request.amount, request.currency);
  }

  /** An intent the buyer authorised (succeeded, or processing for a method that settles later) is a charge in the ledger from then on. */
  async intentOutcome(intentId: string, checkoutToken: string): Promise<IntentOutcome> {
    const intent = this.intents.get(intentId);
    if (!intent || intent.checkoutToken !== checkoutToken) return { status: 'FAILED', code: 'PAYMENT_NOT_FOUND' };
    // Refunded (by reconciliation, in this process or another reading the same ledger): it pays for nothing now.
    this.#load();
    if (this.charges.some((c) => c.reference === intent.id && (c.refundedAmount ?? 0) > 0)) return { status: 'FAILED', code: 'PAYMENT_ERROR' };
    if (intent.status === 'processing' || intent.status === 'succeeded') {
      if (intent.status === 'succeeded' || isAsyncMethod(intent.method)) {
        if (!this.charges.some((c) => c.reference === intent.id)) {
          this.#addCharge({ reference: intent.id, checkoutToken: intent.checkoutToken, amount: intent.amount, currency: intent.currency, kind: 'checkout' });
        }
      }
      return { status: intent.status === 'succeeded' ? 'SUCCEEDED' : 'PROCESSING', reference: intent.id, card: null, amount: intent.amount, currency: intent.currency };
    }
    return { status: 'FAILED', code: intent.status === 'requires_action' ? 'PAYMENT_NOT_FOUND' : 'PAYMENT_ERROR' };
  }

  async createSetup(request: SetupRequest): Promise<Setup> {
    const id = `seti_test_${randomUUID().replaceAll('-', '')}`;
    this.setups.set(id, request);
    return { id, clientSecret: null, customerId: request.customerId ?? `cus_test_${request.organizationId.replaceAll('-', '')}` };
  }

  async completeSetup(setupId: string, organizationId: string, details: TestSetupDetails | null): Promise<SetupResult> {
    const setup = this.setups.get(setupId);
    if (!setup || setup.organizationId !== organizationId || !details || details.kind !== setup.kind) return { ok: false, code: 'PAYMENT_NOT_FOUND' };
    const result = testSetup(details, this.now());
    if (result.ok) this.setups.delete(setupId);
    return result;
  }

  async chargeSaved(request: SavedChargeRequest): Promise<ChargeResult> {
    const known = this.savedCharges.get(request.idempotencyKey);
    if (known) return known;
    const outcome = testSavedChargeOutcome(request.paymentToken);
    let result: ChargeResult;
    if (outcome.settles === 'now' && outcome.failure) result = { status: 'FAILED', code: outcome.failure };
    else {
      const reference = outcome.settles === 'later' ? `pi_test_${randomUUID().replaceAll('-', '')}` : `ch_test_${randomUUID().replaceAll('-', '')}`;
      // A checkout's charge is listed with the checkout payments (reconciliation); a subscription's is not.
      this.#addCharge({ reference, checkoutToken: request.checkoutToken ?? request.idempotencyKey, amount: request.amount, currency: request.currency, kind: request.checkoutToken ? 'checkout' : 'saved' });
      result = { status: outcome.settles === 'later' ? 'PROCESSING' : 'SUCCEEDED', reference, card: null };
      if (outcome.settles === 'later') {
        // A debit settles days later at a bank; here after settleDelayMs, by the same signed webhook.
        const intent: TestIntent = { id: reference, checkoutToken: request.checkoutToken ?? request.idempotencyKey, amount: request.amount, currency: request.currency, method: 'SEPA', returnPath: '/', status: 'processing', settleAs: outcome.failure ? 'failed' : 'succeeded' };
        this.intents.set(reference, intent);
        setTimeout(() => void this.settle(reference), this.settleDelayMs).unref();
      }
    }
    this.savedCharges.set(request.idempotencyKey, result);
    return result;
  }

  async detach(_paymentToken: string): Promise<void> {}

  async refund(reference: string, options: { amount?: number; idempotencyKey?: string } = {}): Promise<void> {
    const key = options.idempotencyKey ?? `refund:${reference}`;
    this.#load();
    if (this.refunds.has(key)) return;
    const charge = this.charges.find((c) => c.reference === reference);
    if (!charge) throw new Error(`no charge ${reference}`);
    const left = charge.amount - (charge.refundedAmount ?? 0);
    const amount = options.amount ?? left;
    if (amount <= 0 || amount > left) throw new Error(`refund of ${amount} exceeds the ${left} left of ${reference}`);
    charge.refundedAmount = (charge.refundedAmount ?? 0) + amount;
    charge.refunded = charge.refundedAmount >= charge.amount;
    this.refunds.set(key, { reference, amount, at: this.now() });
    this.#record({ type: 'refund', key, reference, amount, at: this.now().toISOString() });
  }

  verifyWebhook(rawBody: string, signatureHeader: string | undefined): GatewayEvent {
    assertFreshSignatureTimestamp(signatureHeader);
    const event = stripeSdk().webhooks.constructEvent(rawBody, signatureHeader ?? '', this.webhookSecret, WEBHOOK_TOLERANCE_S);
    return eventFromStripeShape(event as unknown as { id: string; type: string; data: { object: { id?: string; last_payment_error?: { code?: string } } } });
  }

  /** The buyer's answer on the gateway page: authorise (settling later as `settleAs`) or cancel. */
  authorize(intentId: string, settleAs: 'succeeded' | 'failed' | 'canceled'): TestIntent | null {
    const intent = this.intents.get(intentId);
    if (!intent || intent.status !== 'requires_action') return intent ?? null;
    if (settleAs === 'canceled') {
      intent.status = 'canceled';
      return intent;
    }
    intent.status = 'processing';
    intent.settleAs = settleAs;
    void this.emit(intent, 'payment_intent.processing');
    setTimeout(() => void this.settle(intentId), this.settleDelayMs).unref();
    return intent;
  }

  /** Settles an authorised intent now, sending its signed webhook. */
  async settle(intentId: string): Promise<void> {
    const intent = this.intents.get(intentId);
    if (!intent || intent.status !== 'processing' || !intent.settleAs) return;
    intent.status = intent.settleAs;
    await this.emit(intent, intent.settleAs === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed');
  }

  /** A webhook in Stripe's shape and signature format. */
  signedEvent(type: string, intentId: string, eventId = `evt_test_${randomUUID().replaceAll('-', '')}`): { rawBody: string; signature: string } {
    const object: Record<string, unknown> = { id: intentId, object: 'payment_intent' };
    if (type === 'payment_intent.payment_failed') object.last_payment_error = { code: 'payment_method_not_available' };
    const rawBody = JSON.stringify({ id: eventId, object: 'event', type, created: Math.floor(this.now().getTime() / 1000), data: { object } });
    const signature = stripeSdk().webhooks.generateTestHeaderString({ payload: rawBody, secret: this.webhookSecret });
    return { rawBody, signature };
  }

  private async emit(intent: TestIntent, type: string): Promise<void> {
    const { rawBody, signature } = this.signedEvent(type, intent.id);
    try {
      await this.sendWebhook?.(rawBody, signature);
    } catch {
      // A provider retries failed deliveries; the return page also asks for the intent's state.
    }
  }
}
