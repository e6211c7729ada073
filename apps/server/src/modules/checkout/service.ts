import { schema, type Database } from '@probe/db';
import {
  checkVatNumber, countryPermits, inferCheckoutType, isCheckoutType, isStoreCountry, isVatNumberAvailable, lineAllowed, VOUCHER_CODE, CHECKOUT_TYPES,
  type CheckoutType,
} from '@probe/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { CatalogueReads, CatalogueSnapshot } from '../catalogue/index.ts';
import { validateAddress, type AddressInput } from './address.ts';
import { CheckoutFailure, fail, type CheckoutError } from './errors.ts';
import { probeRefusals, type ProbeBuyerOf } from './probe-rights.ts';
import { notPermitted, priceCheckout, variantById, type PricedCheckout } from './price.ts';
import { seatedPlanOf, seatLimits, seatProblem } from './seats.ts';
import type { VatChecker } from '../vat/index.ts';
import {
  insertCheckout, findPromo, loadCheckout, mayUse, promoFreeVariants, writeChange, type CheckoutChange, type LoadedCheckout, type WantedLine,
} from './repo.ts';
import { isProbe, TRADE_IN_MODELS, TRADE_IN_TAKEN, tradeInProgramRuns, tradeInTaken } from './trade-in.ts';
import { voucherProblem } from './voucher.ts';
import { changeBasis, type RecentCheckouts } from './recent.ts';
import { splitForCountry, unsoldErrors, type UnsoldLine } from './country-move.ts';
import { findReferrer } from '../referrals/index.ts';
import { recordConsent } from '../privacy/index.ts';

export interface CheckoutDeps {
  db: Database;
  catalogue: CatalogueReads;
  now: () => Date;
  /** The signed-in user's id, or null. */
  userId: string | null;
  /** The signed-in user's probe rights when buying for this membership (or for none); absent for an anonymous caller. */
  probeBuyer?: ProbeBuyerOf | null;
  /** Checks an EU VAT number with VIES before it may remove VAT (decision 0047); absent: format only (tests of other things, scripts). */
  vat?: VatChecker;
  /** The checkouts this process last read or wrote, the basis of the next change (absent: every change reads first). */
  recent?: RecentCheckouts;
}

export interface CheckoutPayload {
  checkout: PricedCheckout | null;
  errors: CheckoutError[];
}

/** What CheckoutCreate asks for. */
interface CreateInput {
  lines: LineInput[]; country: string; language: string; email?: string | null; bundleType?: string | null;
  voucherCode?: string | null; organizationMembershipId?: string | null; idempotencyKey?: string | null;
}

export interface LineInput {
  variantId: number | null;
  sku?: string | null;
  quantity: number;
}

const MAX_QUANTITY = 100;
/** The checkout's marketing tick's wording as the page showed it (its catalogue key and hash), or the key with no hash when a caller did not say. */
const MARKETING_TEXT_VERSION = /^checkout\.marketingOptIn#[0-9a-f]{8,64}$/;
const UNSTATED_MARKETING_TEXT = 'checkout.marketingOptIn#00000000';
/** A change read, worked out and written again this many times when other changes of the same checkout keep coming first. */
const MAX_ATTEMPTS = 5;
/** Disposable-mail domains orders are not accepted from (BANNED_EMAIL_ADDRESS). */
const BANNED_EMAIL_DOMAINS = ['mailinator.com', 'guerrillamail.com', '10minutemail.com', 'trashmail.com', 'yopmail.com'];
const Email = z.string().trim().toLowerCase().max(254).email();

function checkEmail(input: string): { email: string | null; error: CheckoutError | null } {
  const parsed = Email.safeParse(input);
  if (!parsed.success) return { email: null, error: fail('INVALID', 'email', 'Enter a valid e-mail address') };
  if (BANNED_EMAIL_DOMAINS.includes(parsed.data.split('@')[1]!)) return { email: null, error: fail('BANNED_EMAIL_ADDRESS', 'email', 'Orders cannot be placed with this e-mail address') };
  return { email: parsed.data, error: null };
}

function checkQuantity(quantity: number, field: string): CheckoutError | null {
  if (!Number.isInteger(quantity) || quantity < 1) return fail('ZERO_QUANTITY', field, 'Quantity must be at least 1');
  if (quantity > MAX_QUANTITY) return fail('QUANTITY_GREATER_THAN_LIMIT', field, `At most ${MAX_QUANTITY} of an item per order`);
  return null;
}

/**
 * The checkout operations of spec §7. Each change runs in one transaction on the checkout's locked row:
 * it applies whole or not at all, and the answer is the checkout as priced afterwards. Business errors
 * come back in the payload; what the buyer sent is never half-stored.
 */
export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  async get(token: string): Promise<PricedCheckout | null> {
    const loaded = await loadCheckout(this.deps.db, token);
    if (!loaded) return null;
    this.deps.recent?.remember(loaded);
    return this.price(loaded);
  }

  /** A checkout this request has read or written already, priced as get() prices it (null when not the caller's). */
  async price(loaded: LoadedCheckout): Promise<PricedCheckout | null> {
    if (!this.mayAccess(loaded)) return null;
    const snapshot = await this.deps.catalogue.snapshot(loaded.row.country, loaded.row.language);
    return snapshot ? priceCheckout(this.deps.db, snapshot, loaded, this.deps.now()) : null;
  }

  private mayAccess(checkout: LoadedCheckout): boolean {
    return mayUse(checkout, this.deps.userId);
  }

  /**
   * CheckoutCreate / CheckoutCreateWithOrganization; a replay with the same idempotency key returns the same
   * checkout. The key is looked up only when the new checkout is refused or its key is taken (the unique
   * constraint): a first create is one statement, not two.
   */
  async create(input: CreateInput): Promise<CheckoutPayload> {
    const made = await this.createNew(input);
    // Made (a voucher it was created with may still be refused, in its errors), or refused without a key.
    if (made && (made.checkout || !input.idempotencyKey)) return made;
    if (input.idempotencyKey) {
      const [existing] = await this.deps.db.select({ token: schema.checkouts.token }).from(schema.checkouts).where(eq(schema.checkouts.creationKey, input.idempotencyKey));
      if (existing) return { checkout: await this.get(existing.token), errors: [] };
    }
    if (!made) throw new Error('a checkout creation key was taken, and no checkout holds it');
    return made;
  }

  /** A new checkout, or its refusal; null when its idempotency key is taken (by a replay, or a concurrent create). */
  private async createNew(input: CreateInput): Promise<CheckoutPayload | null> {
    const { db } = this.deps;
    if (!isStoreCountry(input.country)) return { checkout: null, errors: [fail('COUNTRY_NOT_AVAILABLE', 'country', 'The store does not sell in this country')] };
    if (input.organizationMembershipId && !this.deps.userId) return { checkout: null, errors: [fail('NO_PERMISSIONS', 'organizationMembershipId', 'Sign in to buy for an organization')] };
    if (input.bundleType && !isCheckoutType(input.bundleType)) return { checkout: null, errors: [fail('BUNDLE_NOT_FOUND', 'bundleType', 'Unknown bundle type')] };
    const snapshot = await this.deps.catalogue.snapshot(input.country, input.language);
    if (!snapshot) return { checkout: null, errors: [fail('COUNTRY_NOT_AVAILABLE', 'country', 'The store does not sell in this country')] };
    const errors: CheckoutError[] = [];
    const lines = this.resolveLines(input.lines, snapshot, errors);
    let email: string | null = null;
    if (input.email) {
      const checked = checkEmail(input.email);
      if (checked.error) errors.push(checked.error);
      email = checked.email;
    }
    const bundleType: CheckoutType = (input.bundleType as CheckoutType | null) ?? inferCheckoutType(lines.map((l) => l.variant));
    if (CHECKOUT_TYPES[bundleType].needsOrganization && !this.deps.userId) errors.push(fail('NO_PERMISSIONS', 'bundleType', 'Sign in to buy for your organization'));
    for (const line of lines) {
      if (!lineAllowed(bundleType, line.variant)) errors.push(fail('BUNDLE_NOT_FOUND', 'lines', `${line.variant.sku} cannot be bought in this purchase`));
    }
    if (this.deps.userId) errors.push(...(await probeRefusals(this.deps.probeBuyer, lines.map((l) => l.variant), input.organizationMembershipId ?? null)));
    if (errors.length) return { checkout: null, errors };
    let created: LoadedCheckout;
    try {
      created = await insertCheckout(db, {
        country: input.country, language: input.language, bundleType, bundleTypeFixed: Boolean(input.bundleType), email,
        userId: this.deps.userId, organizationMembershipId: input.organizationMembershipId ?? null, creationKey: input.idempotencyKey ?? null,
      }, lines.map((line) => ({ variantId: line.variant.id, quantity: line.quantity })));
    } catch (error) {
      // A replay, or two concurrent creates with one key: create() finds the checkout made with it.
      if (input.idempotencyKey && isUniqueViolation(error)) return null;
      throw error;
    }
    this.deps.recent?.remember(created);
    if (input.voucherCode) {
      const applied = await this.updateVoucher(created.row.token, input.voucherCode);
      return { checkout: await this.get(created.row.token), errors: applied.errors };
    }
    return { checkout: await priceCheckout(db, snapshot, created, this.deps.now()), errors: [] };
  }

  private resolveLines(input: LineInput[], snapshot: NonNullable<Awaited<ReturnType<CatalogueReads['snapshot']>>>, errors: CheckoutError[]) {
    const lines: Array<{ variant: NonNullable<ReturnType<typeof variantById>>; quantity: number }> = [];
    input.forEach((line, i) => {
      const variant = line.variantId !== null ? variantById(snapshot, line.variantId) : line.sku ? (snapshot.variantBySku.get(line.sku) ?? null) : null;
      const quantityError = checkQuantity(line.quantity, `lines.${i}.quantity`);
      if (quantityError) errors.push(quantityError);
      else if (!variant || !variant.price) errors.push(fail('NOT_FOUND', `lines.${i}.variantId`, 'This product is not sold in your country'));
      else if (!countryPermits(snapshot.country.permissions, variant)) errors.push(notPermitted(variant.sku, `lines.${i}.variantId`));
      else lines.push({ variant, quantity: line.quantity });
    });
    return lines;
  }

  /**
   * Runs a change on the checkout: reads it (one statement), works the change out in memory on the
   * catalogue snapshot (`change` returns errors, and nothing is kept, or what to write), and writes it in
   * one statement that applies only if the checkout is still at the version read (repo writeChange). When
   * another change came first, the change is worked out again on what it left, or refused as
   * VERSION_CONFLICT when the caller named the version it saw (a replayed "add" cannot add twice). A
   * completed checkout cannot change. The answer is the checkout as priced afterwards, or as it was with
   * the errors. When nothing races, one statement per change when this process kept the checkout as the
   * last change left it (recent.ts), two otherwise; no transaction is held across the change's reads (the
   * embedded database has one connection).
   */
  private async mutate(
    token: string,
    expectedVersion: number | null | undefined,
    change: (checkout: LoadedCheckout, snapshot: CatalogueSnapshot) => Promise<CheckoutError[] | CheckoutChange | void> | CheckoutError[] | CheckoutChange | void,
  ): Promise<CheckoutPayload> {
    const { db, recent } = this.deps;
    const notFound = { checkout: null, errors: [fail('NOT_FOUND', 'token', 'Checkout not found')] };
    // The first attempt starts from the checkout as this process last saw it, when it has it (recent.ts):
    // anything but a written change is then worked out again on a fresh read.
    let fresh = false;
    for (let attempt = 1; ; attempt++) {
      const { checkout, kept } = await changeBasis(db, recent, token, { fresh, version: expectedVersion });
      fresh = true;
      if (!checkout || !this.mayAccess(checkout)) {
        if (kept) continue;
        return notFound;
      }
      const snapshot = await this.deps.catalogue.snapshot(checkout.row.country, checkout.row.language);
      if (!snapshot) return { checkout: null, errors: [fail('COUNTRY_NOT_AVAILABLE', 'country', 'The store does not sell in this country')] };
      const refused = async (errors: CheckoutError[]) => ({ checkout: await priceCheckout(db, snapshot, checkout, this.deps.now()), errors });
      if (checkout.row.completedOrderToken) {
        if (kept) continue;
        return refused([fail('OPERATION_NOT_ALLOWED', 'token', 'This checkout has already been ordered')]);
      }
      const conflict = fail('VERSION_CONFLICT', 'expectedVersion', 'The cart changed in another window; review it and try again');
      if (expectedVersion != null && expectedVersion !== checkout.row.version) return refused([conflict]);
      let result: CheckoutError[] | CheckoutChange | void;
      try {
        result = await change(checkout, snapshot);
      } catch (error) {
        if (!(error instanceof CheckoutFailure)) throw error;
        result = error.errors;
      }
      if (Array.isArray(result) && result.length && kept) continue;
      if (Array.isArray(result)) {
        if (result.length) return refused(result);
        result = undefined;
      }
      const planned = result ?? {};
      const retyped = planned.lines ? this.retype(checkout, planned.lines, snapshot) : null;
      if (Array.isArray(retyped)) {
        if (kept) continue;
        return refused(retyped);
      }
      const written = await writeChange(db, checkout, retyped ? { ...planned, fields: { ...planned.fields, ...retyped } } : planned, new Date());
      if (!written) {
        if (kept) continue;
        if (expectedVersion != null || attempt === MAX_ATTEMPTS) return { checkout: await this.get(token), errors: [conflict] };
        continue;
      }
      recent?.remember(written);
      // Priced as the change left it, on the catalogue of its country and language (the new ones when the change was to them).
      const sameLocale = written.row.country === checkout.row.country && written.row.language === checkout.row.language;
      const catalogue = sameLocale ? snapshot : await this.deps.catalogue.snapshot(written.row.country, written.row.language);
      if (!catalogue) return { checkout: null, errors: [] };
      return { checkout: await priceCheckout(db, catalogue, written, this.deps.now()), errors: [] };
    }
  }

  /**
   * Keeps an inferred bundle type in step with the paid lines a change leaves (a type chosen by the page
   * stays): the fields to write with it, or the errors refusing the change. Nothing when the change leaves
   * the paid variants as they were.
   */
  private retype(checkout: LoadedCheckout, lines: readonly WantedLine[], snapshot: CatalogueSnapshot): CheckoutError[] | Partial<LoadedCheckout['row']> | null {
    const paid = (all: ReadonlyArray<{ variantId: number; isFree: boolean }>) => [...new Set(all.filter((l) => !l.isFree).map((l) => l.variantId))].sort((a, b) => a - b).join();
    if (paid(lines) === paid(checkout.lines)) return null;
    const variants = [...new Set(lines.filter((l) => !l.isFree).map((l) => l.variantId))].map((id) => variantById(snapshot, id)).filter((v) => v !== null);
    const type = checkout.row.bundleTypeFixed ? (checkout.row.bundleType as CheckoutType) : inferCheckoutType(variants);
    const refused = variants.filter((v) => !lineAllowed(type, v));
    if (refused.length) return refused.map((v) => fail('BUNDLE_NOT_FOUND', 'lines', `${v.sku} cannot be bought together with the items in your cart`));
    if (CHECKOUT_TYPES[type].needsOrganization && !this.deps.userId) return [fail('NO_PERMISSIONS', 'lines', 'Sign in to buy this for your organization')];
    return type !== checkout.row.bundleType ? { bundleType: type } : null;
  }

  linesAdd(token: string, lines: LineInput[], expectedVersion?: number | null): Promise<CheckoutPayload> {
    return this.mutate(token, expectedVersion, async (checkout, snapshot) => {
      const errors: CheckoutError[] = [];
      const resolved = this.resolveLines(lines, snapshot, errors);
      if (errors.length) return errors;
      // A signed-in buyer's probe rights, in the checkout's organization when it is for one.
      const refused = this.deps.userId ? await probeRefusals(this.deps.probeBuyer, resolved.map((l) => l.variant), checkout.row.organizationMembershipId) : [];
      if (refused.length) return refused;
      const wanted: WantedLine[] = checkout.lines.map((l) => ({ ...l }));
      for (const line of resolved) {
        const current = wanted.find((l) => l.variantId === line.variant.id && !l.isFree);
        const error = checkQuantity((current?.quantity ?? 0) + line.quantity, 'quantity');
        if (error) return [error];
        if (current) current.quantity += line.quantity;
        else wanted.push({ variantId: line.variant.id, quantity: line.quantity, isFree: false });
      }
      return { lines: wanted };
    });
  }

  lineUpdate(token: string, lineId: number, quantity: number, expectedVersion?: number | null): Promise<CheckoutPayload> {
    if (quantity === 0) return this.lineDelete(token, lineId, expectedVersion);
    return this.mutate(token, expectedVersion, async (checkout, snapshot) => {
      const line = checkout.lines.find((l) => l.id === lineId && !l.isFree);
      if (!line) return [fail('NOT_FOUND', 'lineId', 'This item is not in your cart')];
      // A plan's seats outside the Shop's limits are refused, the cart left as it was.
      const variant = variantById(snapshot, line.variantId);
      const seats = variant && seatedPlanOf(variant) ? seatProblem(variant, quantity, await seatLimits(this.deps.db)) : null;
      if (seats) return [seats];
      const error = checkQuantity(quantity, 'quantity');
      if (error) return [error];
      return { lines: checkout.lines.map((l) => (l.id === line.id ? { ...l, quantity } : l)) };
    });
  }

  lineDelete(token: string, lineId: number, expectedVersion?: number | null): Promise<CheckoutPayload> {
    return this.mutate(token, expectedVersion, (checkout) => {
      const line = checkout.lines.find((l) => l.id === lineId && !l.isFree);
      if (!line) return [fail('NOT_FOUND', 'lineId', 'This item is not in your cart')];
      return { lines: checkout.lines.filter((l) => l.id !== line.id) };
    });
  }

  /**
   * ChangeCheckoutCountry: the cart moves with the buyer, repriced, retaxed and its availability checked
   * again in the new country (spec §7). Lines the new country does not sell are named: the move is refused
   * with each of them, or, when the buyer agreed (`removeUnavailable`), made without them and they are
   * reported in `removed`. Shipping and a VAT number of another country are not carried over.
   */
  async countryUpdate(token: string, country: string, removeUnavailable = false): Promise<CheckoutPayload & { removed: UnsoldLine[] }> {
    let removed: UnsoldLine[] = [];
    const payload = await this.mutate(token, null, async (checkout, from) => {
      const snapshot = isStoreCountry(country) ? await this.deps.catalogue.snapshot(country, checkout.row.language) : null;
      if (!snapshot) return [fail('COUNTRY_NOT_AVAILABLE', 'country', 'The store does not sell in this country')];
      const { kept, unsold } = splitForCountry(checkout, from, snapshot);
      if (unsold.length && !removeUnavailable) return unsoldErrors(unsold, country);
      removed = unsold;
      const vatStillValid = checkout.row.vatNumber ? checkVatNumber(checkout.row.vatNumber, country) !== null : false;
      return {
        fields: {
          country,
          shippingAddress: checkout.row.shippingAddress?.country === country ? checkout.row.shippingAddress : null,
          shippingMethod: null,
          vatNumber: vatStillValid ? checkout.row.vatNumber : null,
          paymentIntentId: null,
        },
        ...(unsold.length ? { lines: kept.map((l) => ({ variantId: l.variantId, quantity: l.quantity, isFree: l.isFree })) } : {}),
      };
    });
    return { ...payload, removed: payload.errors.length ? [] : removed };
  }

  /**
   * The organization a signed-in buyer's checkout is for (the organization modal, or the organization they
   * act for): one of their own memberships (checked by the caller), or none. The checkout becomes theirs;
   * the probe lines are checked again against their rights in that organization, and an empty billing
   * address and VAT number are the organization's.
   */
  async organizationUpdate(token: string, membershipId: string | null): Promise<CheckoutPayload> {
    if (!this.deps.userId) return { checkout: null, errors: [fail('NO_PERMISSIONS', 'organizationMembershipId', 'Sign in to buy for an organization')] };
    return this.mutate(token, null, async (checkout, snapshot) => {
      const variants = checkout.lines.filter((l) => !l.isFree).map((l) => variantById(snapshot, l.variantId)).filter((v) => v !== null);
      const refused = await probeRefusals(this.deps.probeBuyer, variants, membershipId);
      if (refused.length) return refused;
      // What the buyer has not typed yet comes from the organization: its billing address, and its VAT number
      // when it is one of the checkout's country.
      const [organization] = membershipId && (!checkout.row.billingAddress || !checkout.row.vatNumber)
        ? await this.deps.db.select({ billingAddress: schema.organizations.billingAddress, vatNumber: schema.organizations.vatNumber }).from(schema.organizationMemberships)
          .innerJoin(schema.organizations, eq(schema.organizations.id, schema.organizationMemberships.organizationId)).where(eq(schema.organizationMemberships.id, membershipId))
        : [];
      const formatted = !checkout.row.vatNumber && organization?.vatNumber ? checkVatNumber(organization.vatNumber, checkout.row.country) : null;
      // The organization's number removes VAT only once VIES knows it (decision 0047); otherwise the checkout has none and VAT is charged.
      const vat = formatted && (!this.deps.vat || (await this.deps.vat.check(formatted.normalized)) === 'VALID') ? formatted : null;
      return { fields: {
        organizationMembershipId: membershipId, userId: this.deps.userId, paymentIntentId: null,
        ...(!checkout.row.billingAddress && organization?.billingAddress ? { billingAddress: organization.billingAddress } : {}),
        ...(vat ? { vatNumber: vat.normalized } : {}),
      } };
    });
  }

  /**
   * The buyer's e-mail and name, and the marketing e-mail tick: a tick given or taken back here is a consent
   * on record (issue 38) once the change is written, with the wording's version the page showed
   * (`marketingTextVersion`, checkout.marketingOptIn's catalogue key and hash).
   */
  async contactUpdate(token: string, input: { email: string; firstName?: string | null; lastName?: string | null; marketingOptIn?: boolean | null; marketingTextVersion?: string | null }): Promise<CheckoutPayload> {
    let decided: { granted: boolean; email: string; locale: string } | null = null;
    const payload = await this.mutate(token, null, async (checkout) => {
      const { email, error } = checkEmail(input.email);
      if (error) return [error];
      const granted = input.marketingOptIn ?? false;
      decided = granted !== checkout.row.marketingOptIn || (granted && email !== checkout.row.email) ? { granted, email: email!, locale: checkout.row.language } : null;
      return { fields: {
        email, firstName: input.firstName?.trim() || null, lastName: input.lastName?.trim() || null, marketingOptIn: granted,
      } };
    });
    const consent = decided as { granted: boolean; email: string; locale: string } | null;
    if (consent && !payload.errors.length) {
      const version = input.marketingTextVersion && MARKETING_TEXT_VERSION.test(input.marketingTextVersion) ? input.marketingTextVersion : UNSTATED_MARKETING_TEXT;
      await recordConsent(this.deps.db, {
        purpose: 'MARKETING_EMAIL', granted: consent.granted, textVersion: version, source: 'checkout', locale: consent.locale, email: consent.email, userId: this.deps.userId,
      }, this.deps.now());
    }
    return payload;
  }

  shippingAddressUpdate(token: string, input: AddressInput, options: { partial?: boolean } = {}): Promise<CheckoutPayload> {
    return this.mutate(token, null, async (checkout) => {
      const { address, errors } = validateAddress(input, 'shippingAddress', options);
      if (errors.length) return errors;
      if (address!.country !== checkout.row.country) return [fail('COUNTRY_NOT_AVAILABLE', 'shippingAddress.country', 'Change the store country to ship there')];
      return { fields: { shippingAddress: address, shippingMethod: checkout.row.shippingMethod ?? 'STANDARD', paymentIntentId: null } };
    });
  }

  billingAddressUpdate(token: string, input: AddressInput): Promise<CheckoutPayload> {
    return this.mutate(token, null, async () => {
      const { address, errors } = validateAddress(input, 'billingAddress');
      if (errors.length) return errors;
      return { fields: { billingAddress: address, paymentIntentId: null } };
    });
  }

  /** AddExpressCheckoutAddresses: a wallet hands over everything at once; all of it is validated, or none kept. */
  expressAddressesAdd(token: string, shipping: AddressInput, billing: AddressInput | null, email: string | null): Promise<CheckoutPayload> {
    return this.mutate(token, null, async (checkout) => {
      const s = validateAddress(shipping, 'shippingAddress');
      const b = validateAddress(billing ?? shipping, 'billingAddress');
      const e = email ? checkEmail(email) : { email: checkout.row.email, error: null };
      const errors = [...s.errors, ...b.errors, ...(e.error ? [e.error] : [])];
      if (!errors.length && s.address!.country !== checkout.row.country) errors.push(fail('COUNTRY_NOT_AVAILABLE', 'shippingAddress.country', 'Change the store country to ship there'));
      if (errors.length) return errors;
      return { fields: { shippingAddress: s.address, billingAddress: b.address, email: e.email, shippingMethod: checkout.row.shippingMethod ?? 'STANDARD', paymentIntentId: null } };
    });
  }

  shippingMethodUpdate(token: string, methodId: string): Promise<CheckoutPayload> {
    return this.mutate(token, null, async (checkout, snapshot) => {
      const priced = await priceCheckout(this.deps.db, snapshot, checkout, this.deps.now());
      if (!priced.shippingMethods.some((m) => m.id === methodId)) return [fail('INVALID', 'shippingMethodId', 'This shipping method is not available')];
      return { fields: { shippingMethod: methodId, paymentIntentId: null } };
    });
  }

  /** UpdateVoucher: applies a code (adding its free items) or, with null, removes it. */
  updateVoucher(token: string, code: string | null): Promise<CheckoutPayload> {
    const { db } = this.deps;
    return this.mutate(token, null, async (checkout, snapshot) => {
      const paid = checkout.lines.filter((l) => !l.isFree);
      if (!code) return { fields: { voucherCode: null, paymentIntentId: null }, lines: paid };
      if (!VOUCHER_CODE.test(code)) return [fail('VOUCHER_NOT_APPLICABLE', 'voucherCode', 'This code is not valid')];
      const promo = await findPromo(db, code);
      const applied = checkout.row.voucherCode ? await findPromo(db, checkout.row.voucherCode) : null;
      const problem = voucherProblem(promo, {
        country: checkout.row.country, bundleType: checkout.row.bundleType as CheckoutType, appliedPromo: applied, now: this.deps.now(),
        lines: paid.flatMap((l) => {
          const v = variantById(snapshot, l.variantId);
          return v?.price ? [{ sku: v.sku, onSale: v.price.amountUndiscounted > v.price.amount, isFree: false }] : [];
        }),
      });
      if (problem) return [problem];
      const free = (await promoFreeVariants(db, promo!.id)).filter((f) => variantById(snapshot, f.variantId)?.price);
      return { fields: { voucherCode: promo!.code, paymentIntentId: null }, lines: [...paid, ...free.map((f) => ({ ...f, isFree: true }))] };
    });
  }

  /** CheckoutVatNumberUpdateMutation: format checked for the checkout's EU country, then registration with VIES; null removes it. */
  vatNumberUpdate(token: string, vatNumber: string | null): Promise<CheckoutPayload> {
    return this.mutate(token, null, async (checkout) => {
      if (!vatNumber?.trim()) {
        return { fields: { vatNumber: null, paymentIntentId: null } };
      }
      if (!isVatNumberAvailable(checkout.row.country)) return [fail('OPERATION_NOT_ALLOWED', 'vatNumber', 'A VAT number applies to EU countries only')];
      const checked = checkVatNumber(vatNumber, checkout.row.country);
      if (!checked) return [fail('INVALID', 'vatNumber', 'This is not a valid VAT number for the country')];
      // VIES says whether it is registered; while VIES cannot tell, the number is not taken and VAT is charged (decision 0047).
      const registered = this.deps.vat ? await this.deps.vat.check(checked.normalized) : 'VALID';
      if (registered === 'INVALID') return [fail('INVALID', 'vatNumber', 'VIES does not know this VAT number')];
      if (registered === 'UNAVAILABLE') return [fail('PROCESSING_ERROR', 'vatNumber', 'The EU\'s VIES service cannot check VAT numbers right now; try again later, or buy with VAT')];
      return { fields: { vatNumber: checked.normalized, paymentIntentId: null } };
    });
  }

  quoteDataUpdate(token: string, input: Record<string, string | null | undefined>): Promise<CheckoutPayload> {
    return this.mutate(token, null, async () => {
      const fields = ['equoteOrganizationName', 'equoteJobTitle', 'equotePracticePlace', 'equotePracticeDetails', 'equoteSpecialty', 'equoteComment'];
      const required = ['equoteOrganizationName', 'equoteJobTitle', 'equotePracticePlace'];
      const data = Object.fromEntries(fields.map((f) => [f, (input[f] ?? '').trim()]));
      const errors = [
        ...required.filter((f) => !data[f]).map((f) => fail('REQUIRED', f, 'This field is required')),
        ...fields.filter((f) => data[f]!.length > 1000).map((f) => fail('INVALID', f, 'At most 1000 characters')),
      ];
      if (errors.length) return errors;
      return { fields: { quoteData: data } };
    });
  }

  /**
   * CheckoutTradeInProgramDataUpdate: the old probe the buyer trades in (model and serial), or none (an
   * empty model). Refused for a serial an order already took in, or a checkout without a new probe.
   */
  tradeInUpdate(token: string, input: { deviceModel: string; serialNumber: string }): Promise<CheckoutPayload> {
    return this.mutate(token, null, async (checkout, snapshot) => {
      const deviceModel = input.deviceModel.trim();
      if (!deviceModel) {
        return { fields: { tradeInData: null } };
      }
      const serialNumber = input.serialNumber.trim().toUpperCase();
      const errors = [
        ...(TRADE_IN_MODELS.includes(deviceModel) ? [] : [fail('INVALID', 'deviceModel', 'This device is not part of the trade-in program')]),
        ...(/^[A-Z0-9-]{6,32}$/.test(serialNumber) ? [] : [fail('INVALID', 'serialNumber', 'Enter the serial number printed on the probe')]),
      ];
      if (errors.length) return errors;
      if (!(await tradeInProgramRuns(this.deps.db))) return [fail('OPERATION_NOT_ALLOWED', 'deviceModel', 'The trade-in program is closed')];
      if (!checkout.lines.some((l) => isProbe(variantById(snapshot, l.variantId)))) {
        return [fail('OPERATION_NOT_ALLOWED', 'deviceModel', 'A trade-in is credited against a new probe: add one to your cart first')];
      }
      if (await tradeInTaken(this.deps.db, { deviceModel, serialNumber })) return [TRADE_IN_TAKEN];
      return { fields: { tradeInData: { deviceModel, serialNumber } } };
    });
  }

  /**
   * The referral link the buyer came by (the referrer portal), or none (null). Refused for a token nobody
   * holds and for the buyer's own link.
   */
  referrerUpdate(token: string, referrerToken: string | null): Promise<CheckoutPayload> {
    return this.mutate(token, null, async (checkout) => {
      if (!referrerToken) {
        return { fields: { referrerMembershipId: null } };
      }
      const referrer = await findReferrer(this.deps.db, referrerToken.trim());
      if (!referrer) return [fail('NOT_FOUND', 'referrerToken', 'This referral link is not valid')];
      if (referrer.userId === (checkout.row.userId ?? this.deps.userId)) return [fail('OPERATION_NOT_ALLOWED', 'referrerToken', 'You cannot use your own referral link')];
      return { fields: { referrerMembershipId: referrer.membershipId } };
    });
  }

  /** CheckoutTradeInPromoPreview: the credit a checkout (read by its token first) would get for a traded-in model, net or gross as the country shows prices. */
  async tradeInPreviewOf(checkout: PricedCheckout, deviceModel: string): Promise<{ currency: string; amount: number } | null> {
    if (!TRADE_IN_MODELS.includes(deviceModel)) return null;
    const withTradeIn = { ...checkout, row: { ...checkout.row, tradeInData: { deviceModel, serialNumber: '' } } };
    const priced = await priceCheckout(this.deps.db, checkout.snapshot, withTradeIn, this.deps.now());
    const credit = priced.totals.tradeInCredit;
    return { currency: priced.currency, amount: checkout.snapshot.country.displayGrossPrices ? credit.gross : credit.net };
  }
}

function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  while (e && typeof e === 'object') {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
