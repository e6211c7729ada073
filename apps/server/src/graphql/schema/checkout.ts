import { addBusinessDays, CHECKOUT_TYPE_NAMES, isVatNumberAvailable, PAYMENT_METHODS, shippingMethodsFor, WALLET_METHOD, WALLETS, type Currency, type PaymentMethod } from '@probe/domain';
import type { StoredAddress } from '@probe/db';
import { builder } from '../builder.ts';
import type { GraphQLContext } from '../context.ts';
import { CountryCodeEnum } from '../enums.ts';
import { byToken, nullIsMiss, throwIfLimited, tokenNotFound } from '../limits.ts';
import { fromGlobalId, toGlobalId, uuidFromGlobalId } from '../global-id.ts';
import { Money, TaxedMoney } from '../money.ts';
import { ProductVariant, VariantPricingInfo } from './catalogue.ts';
import { SavedPaymentMethod } from './saved-payment-methods.ts';
import { SeatConfiguration } from './shop.ts';
import { vatCheckerFor } from '../../modules/vat/index.ts';
import { savedMethodsForCheckout } from '../../modules/orders/index.ts';
import { catalogueLanguage, LanguageCodeEnum } from '../language-code.ts';
import { fail, formatPhone, CHECKOUT_ERROR_CODES, type CheckoutError, type PricedCheckout, type PricedLine, CheckoutService, isLearnerPromo, isProbe, tradeInOf, tradeInProgramRuns, type CheckoutPayload, seatedPlanOf, type UnsoldLine } from '../../modules/checkout/index.ts';

const CheckoutErrorCodeEnum = builder.enumType('CheckoutErrorCode', { values: CHECKOUT_ERROR_CODES });
export const PaymentMethodTypeEnum = builder.enumType('PaymentMethodType', { values: PAYMENT_METHODS });
const ExpressWalletEnum = builder.enumType('ExpressWallet', { values: WALLETS, description: 'A wallet of the express checkout: APPLE_PAY and GOOGLE_PAY pay by card (CREDIT_CARD), PAYPAL by PAYPAL_ONE_TIME.' });
const CheckoutTypeEnum = builder.enumType('CheckoutType', { values: CHECKOUT_TYPE_NAMES });

export const CheckoutErrorRef = builder.objectRef<CheckoutError>('CheckoutError').implement({
  description: 'A business error: the field it concerns (dotted path), a message for logs, and the code the storefront translates.',
  fields: (t) => ({
    field: t.exposeString('field', { nullable: true }),
    message: t.exposeString('message'),
    code: t.field({ type: CheckoutErrorCodeEnum, resolve: (e) => e.code }),
  }),
});

/** One DisplayNames per language (the store's 15): making one took longer than the rest of a cart's country and addresses. */
const regionNames = new Map<string, Intl.DisplayNames>();
function regionName(code: string, language: string): string {
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    if (regionNames.size < 64) regionNames.set(language, names);
  }
  return names.of(code) ?? code;
}

const CountryDisplay = builder.objectRef<{ code: string; language: string }>('CountryDisplay').implement({
  fields: (t) => ({
    code: t.exposeString('code'),
    country: t.string({ resolve: (c) => regionName(c.code, c.language) }),
  }),
});

export const Address = builder.objectRef<StoredAddress & { language: string }>('Address').implement({
  fields: (t) => ({
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    name: t.string({ resolve: (a) => `${a.firstName} ${a.lastName}`.trim() }),
    companyName: t.exposeString('companyName'),
    streetAddress1: t.exposeString('streetAddress1'),
    streetAddress2: t.exposeString('streetAddress2'),
    city: t.exposeString('city'),
    postalCode: t.exposeString('postalCode'),
    country: t.field({ type: CountryDisplay, resolve: (a) => ({ code: a.country, language: a.language }) }),
    countryArea: t.exposeString('countryArea'),
    phone: t.exposeString('phone'),
    phoneFormatted: t.string({ nullable: true, resolve: (a) => (a.phone ? formatPhone(a.phone, a.country) : null) }),
  }),
});

const ShippingMethod = builder.objectRef<PricedCheckout['shippingMethods'][number] & { gross: boolean }>('ShippingMethod').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.string({ resolve: (m) => (m.id === 'EXPRESS' ? 'Express' : 'Standard') }),
    price: t.field({ type: Money, resolve: (m) => ({ currency: m.price.currency, amount: m.gross ? m.price.gross : m.price.net }) }),
    minimumDeliveryDays: t.int({ resolve: (m) => m.days[0] }),
    maximumDeliveryDays: t.int({ resolve: (m) => m.days[1] }),
  }),
});

const PaymentGatewayRef = builder.objectRef<{ id: string; name: string; config: string }>('PaymentGateway').implement({
  fields: (t) => ({ id: t.exposeString('id'), name: t.exposeString('name'), config: t.exposeString('config', { description: 'JSON' }) }),
});

const CheckoutOffer = builder.objectRef<{ name: string; currency: string; discount: number }>('CheckoutOffer').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    discount: t.field({ type: Money, resolve: (o) => ({ currency: o.currency, amount: o.discount }) }),
    discountValue: t.float({ resolve: (o) => o.discount / 100 }),
  }),
});

const QuoteData = builder.objectRef<Record<string, string>>('QuoteData').implement({
  fields: (t) => ({
    equoteOrganizationName: t.string({ nullable: true, resolve: (q) => q.equoteOrganizationName || null }),
    equoteJobTitle: t.string({ nullable: true, resolve: (q) => q.equoteJobTitle || null }),
    equotePracticePlace: t.string({ nullable: true, resolve: (q) => q.equotePracticePlace || null }),
    equotePracticeDetails: t.string({ nullable: true, resolve: (q) => q.equotePracticeDetails || null }),
    equoteSpecialty: t.string({ nullable: true, resolve: (q) => q.equoteSpecialty || null }),
    equoteComment: t.string({ nullable: true, resolve: (q) => q.equoteComment || null }),
  }),
});

export const TradeInRef = builder.objectRef<{ deviceModel: string; serialNumber: string }>('TradeIn').implement({
  description: 'A probe traded in: its model (IQ, IQ_PLUS, OTHER_HANDHELD) and serial number.',
  fields: (t) => ({ deviceModel: t.exposeString('deviceModel'), serialNumber: t.exposeString('serialNumber') }),
});

const CheckoutLine = builder.objectRef<{ line: PricedLine; checkout: PricedCheckout; now: Date }>('CheckoutLine').implement({
  fields: (t) => ({
    id: t.id({ resolve: ({ line }) => toGlobalId('CheckoutLine', line.row.id) }),
    quantity: t.int({ resolve: ({ line }) => line.row.quantity }),
    isFreeItemLine: t.boolean({ resolve: ({ line }) => line.row.isFree }),
    isAvailable: t.boolean({ description: 'False when the item is no longer sold in the checkout\'s country.', resolve: ({ line }) => line.variant !== null }),
    seatLimits: t.field({
      type: SeatConfiguration, nullable: true,
      description: 'For a Team or Clinic plan (its quantity is its seats): the seats it is sold with; null for any other line.',
      resolve: ({ line, checkout }) => {
        const plan = line.variant ? seatedPlanOf(line.variant) : null;
        return plan && checkout.seatLimits ? checkout.seatLimits[plan] : null;
      },
    }),
    variant: t.field({
      type: ProductVariant,
      nullable: true,
      resolve: ({ line, checkout, now }) => (line.variant ? { v: line.variant, root: { snapshot: checkout.snapshot, voucherCode: null, voucherStatus: null, voucher: null, now } } : null),
    }),
    unitPricing: t.field({
      type: VariantPricingInfo,
      nullable: true,
      resolve: ({ line }) => {
        if (!line.totals) return null;
        const { unitPrice: price, unitPriceUndiscounted: priceUndiscounted } = line.totals;
        const discount = { currency: price.currency, net: priceUndiscounted.net - price.net, tax: priceUndiscounted.tax - price.tax, gross: priceUndiscounted.gross - price.gross };
        return { onSale: priceUndiscounted.gross > price.gross, price, priceUndiscounted, discount };
      },
    }),
    totalPrice: t.field({ type: TaxedMoney, nullable: true, resolve: ({ line }) => line.totals?.totalPrice ?? null }),
    totalPriceDiscounted: t.field({ type: TaxedMoney, nullable: true, resolve: ({ line }) => line.totals?.totalPriceDiscounted ?? null }),
  }),
});

const money = (c: PricedCheckout, amount: number) => ({ currency: c.currency as Currency, amount });

export const Checkout = builder.objectRef<PricedCheckout & { now: Date; intent?: { clientSecret: string | null; redirectUrl: string | null } | null; gatewayConfig: string }>('Checkout').implement({
  description: 'A cart on its way to an order. Every amount is computed by the server from the catalogue; nothing the client sends is trusted.',
  fields: (t) => ({
    id: t.id({ resolve: (c) => toGlobalId('Checkout', c.row.token) }),
    token: t.string({ resolve: (c) => c.row.token }),
    version: t.int({ description: 'Grows with every change; send it back as expectedVersion to refuse a stale edit.', resolve: (c) => c.row.version }),
    email: t.string({ nullable: true, resolve: (c) => c.row.email }),
    firstName: t.string({ nullable: true, resolve: (c) => c.row.firstName }),
    lastName: t.string({ nullable: true, resolve: (c) => c.row.lastName }),
    note: t.string({ nullable: true, resolve: (c) => c.row.note }),
    marketingOptIn: t.boolean({ resolve: (c) => c.row.marketingOptIn }),
    country: t.field({ type: CountryDisplay, resolve: (c) => ({ code: c.row.country, language: c.row.language }) }),
    currency: t.string({ resolve: (c) => c.currency.toUpperCase() }),
    displayGrossPrices: t.boolean({ resolve: (c) => c.snapshot.country.displayGrossPrices }),
    bundleType: t.field({ type: CheckoutTypeEnum, resolve: (c) => c.bundleType }),
    forbidSubscriptionPeriodChange: t.boolean({ resolve: (c) => c.row.bundleTypeFixed }),
    lines: t.field({ type: [CheckoutLine], resolve: (c) => c.priced.map((line) => ({ line, checkout: c, now: c.now })) }),
    subtotalPrice: t.field({ type: TaxedMoney, resolve: (c) => c.totals.subtotal }),
    subtotalPriceWithDiscounts: t.field({ type: TaxedMoney, resolve: (c) => c.totals.subtotalWithDiscounts }),
    shippingPrice: t.field({ type: TaxedMoney, resolve: (c) => c.totals.shipping }),
    totalPrice: t.field({ type: TaxedMoney, resolve: (c) => c.totals.total }),
    discountAmount: t.field({ type: Money, resolve: (c) => money(c, c.totals.discount) }),
    discountAmountNonLines: t.field({ type: Money, resolve: (c) => money(c, 0) }),
    totalSavings: t.field({ type: Money, resolve: (c) => money(c, c.totals.totalSavings) }),
    estimatedDuty: t.field({ type: Money, nullable: true, resolve: (c) => (c.totals.estimatedDuty === null ? null : money(c, c.totals.estimatedDuty)) }),
    prorationAmount: t.field({ type: Money, nullable: true, description: 'Credit for the unused part of a current subscription (signed-in upgrades only).', resolve: () => null }),
    voucherCode: t.string({ nullable: true, resolve: (c) => c.promo?.code ?? null }),
    discountName: t.string({ nullable: true, resolve: (c) => c.promo?.name ?? null }),
    learnerPrice: t.boolean({ description: 'Whether the discount is the student price of a verified learner (no code entered).', resolve: (c) => isLearnerPromo(c.promo) }),
    discountDescription: t.string({ nullable: true, resolve: (c) => c.promo?.name ?? null }),
    translatedDiscountDescription: t.string({ nullable: true, resolve: (c) => c.promo?.name ?? null }),
    activePromos: t.field({ type: [CheckoutOffer], resolve: (c) => (c.promo ? [{ name: c.promo.name, currency: c.currency, discount: c.totals.discount }] : []) }),
    isShippingRequired: t.boolean({ resolve: (c) => c.isShippingRequired }),
    shippingAddress: t.field({ type: Address, nullable: true, resolve: (c) => (c.row.shippingAddress ? { ...c.row.shippingAddress, language: c.row.language } : null) }),
    billingAddress: t.field({ type: Address, nullable: true, resolve: (c) => (c.row.billingAddress ? { ...c.row.billingAddress, language: c.row.language } : null) }),
    availableShippingMethods: t.field({ type: [ShippingMethod], resolve: (c) => c.shippingMethods.map((m) => ({ ...m, gross: c.snapshot.country.displayGrossPrices })) }),
    shippingMethod: t.field({
      type: ShippingMethod,
      nullable: true,
      resolve: (c) => {
        const m = c.shippingMethods.find((s) => s.id === c.row.shippingMethod);
        return m ? { ...m, gross: c.snapshot.country.displayGrossPrices } : null;
      },
    }),
    vatRegistrationNumber: t.string({ nullable: true, resolve: (c) => c.row.vatNumber }),
    isTaxRegistrationNumberAvailable: t.boolean({ resolve: (c) => isVatNumberAvailable(c.row.country) }),
    taxExemption: t.boolean({ description: 'True when VAT is removed by reverse charge.', resolve: (c) => c.reverseCharge }),
    availablePaymentMethods: t.field({ type: [PaymentMethodTypeEnum], resolve: (c) => c.paymentMethods }),
    expressWallets: t.field({
      type: [ExpressWalletEnum],
      description: 'The wallets offered for an express checkout from the cart: those the payment provider offers in the checkout\'s country whose payment method the checkout accepts; none while the cart has a problem or nothing to pay.',
      resolve: (c, _a, ctx) => (c.lines.length && !c.problems.length ? ctx.gateway.expressWallets(c.row.country).filter((w) => c.paymentMethods.includes(WALLET_METHOD[w])) : []),
    }),
    availablePaymentGateways: t.field({ type: [PaymentGatewayRef], resolve: (c) => [{ id: 'default', name: c.gatewayConfig.includes('stripe') ? 'Stripe' : 'Test gateway', config: c.gatewayConfig }] }),
    paymentMethod: t.field({ type: PaymentMethodTypeEnum, nullable: true, resolve: (c) => (c.row.paymentMethod as PaymentMethod | null) ?? null }),
    requiredAttestations: t.stringList({ resolve: (c) => [...c.requiredAttestations] }),
    paymentIntentSecret: t.string({ nullable: true, resolve: (c) => c.intent?.clientSecret ?? null }),
    paymentRedirectUrl: t.string({ nullable: true, description: 'Where to send the buyer to pay (asynchronous methods).', resolve: (c) => c.intent?.redirectUrl ?? null }),
    electronicQuoteData: t.field({ type: QuoteData, nullable: true, resolve: (c) => c.row.quoteData }),
    tradeInProgramData: t.string({ nullable: true, description: 'JSON', resolve: (c) => (c.row.tradeInData ? JSON.stringify(c.row.tradeInData) : null) }),
    tradeIn: t.field({ type: TradeInRef, nullable: true, description: 'The old probe traded in, if any (its credit is tradeInCredit).', resolve: (c) => tradeInOf(c.row.tradeInData) }),
    isTradeInAvailable: t.boolean({
      description: 'Whether this checkout can take a trade-in: the store runs the program and a new probe is in it.',
      resolve: async (c, _a, ctx) => c.priced.some((l) => isProbe(l.variant)) && (await tradeInProgramRuns(ctx.db)),
    }),
    tradeInCredit: t.field({ type: TaxedMoney, description: 'The trade-in credit; zero without a trade-in.', resolve: (c) => c.totals.tradeInCredit }),
    savedPaymentMethods: t.field({
      type: [SavedPaymentMethod],
      description: 'The saved methods this checkout may be paid with, primary first: those of the organization it buys for, when the signed-in buyer is its admin; none otherwise (guests, members, a purchase of one\'s own).',
      resolve: (c, _a, ctx) => savedMethodsForCheckout(ctx.db, c.row, ctx.requester().userId, ctx.gateway.name),
    }),
    problems: t.field({ type: [CheckoutErrorRef], description: 'What stands between this checkout and an order.', resolve: (c) => c.problems }),
  }),
});

export const CheckoutPayloadRef = builder.objectRef<{ checkout: PricedCheckout | null; errors: CheckoutError[]; now: Date; gatewayConfig: string; intent?: { clientSecret: string | null; redirectUrl: string | null } | null }>('CheckoutPayload').implement({
  fields: (t) => ({
    checkout: t.field({ type: Checkout, nullable: true, resolve: (p) => (p.checkout ? { ...p.checkout, now: p.now, gatewayConfig: p.gatewayConfig, intent: p.intent ?? null } : null) }),
    errors: t.field({ type: [CheckoutErrorRef], resolve: (p) => p.errors }),
  }),
});

const RemovedLine = builder.objectRef<UnsoldLine>('CheckoutRemovedLine').implement({
  description: 'A line a country change left behind because the new country does not sell it, named as the buyer saw it.',
  fields: (t) => ({ sku: t.exposeString('sku'), name: t.exposeString('name'), quantity: t.exposeInt('quantity'), isFreeItemLine: t.exposeBoolean('isFree') }),
});

const CountryUpdatePayload = builder.objectRef<Awaited<ReturnType<typeof payload>> & { removed: UnsoldLine[] }>('CheckoutCountryUpdatePayload').implement({
  fields: (t) => ({
    checkout: t.field({ type: Checkout, nullable: true, resolve: (p) => (p.checkout ? { ...p.checkout, now: p.now, gatewayConfig: p.gatewayConfig, intent: null } : null) }),
    errors: t.field({ type: [CheckoutErrorRef], resolve: (p) => p.errors }),
    removedLines: t.field({ type: [RemovedLine], resolve: (p) => p.removed }),
  }),
});

export function servicesOf(ctx: GraphQLContext) {
  const { userId } = ctx.requester();
  // Read only when a signed-in buyer's lines hold a probe.
  const probeBuyer = async (membershipId: string | null) => {
    const user = await ctx.viewer();
    return user ? ctx.accounts.probeBuyer(user, membershipId) : { canBuyPersonalProbePlus: true, canBuyPersonalProbeIq3: true, membership: null };
  };
  return new CheckoutService({ db: ctx.db, catalogue: ctx.catalogue, now: ctx.now, userId, probeBuyer: userId ? probeBuyer : null, vat: vatCheckerOf(ctx), ...(ctx.recentCheckouts ? { recent: ctx.recentCheckouts } : {}) });
}

/** The process's VIES checker (decision 0047): `VIES`, or live in production and the fake elsewhere. */
export function vatCheckerOf(ctx: GraphQLContext) {
  return vatCheckerFor(ctx.config.VIES ?? (ctx.config.NODE_ENV === 'production' ? 'live' : 'fake'), ctx.config.VIES_URL);
}

/**
 * A checkout by its token, priced, as the Checkout type resolves it; null when not found or not the
 * caller's. An unknown token is a miss on the address's token counter (limits.ts byToken).
 */
export async function checkoutByToken(ctx: GraphQLContext, token: string) {
  const checkout = await findCheckout(ctx, token);
  return checkout ? { ...checkout, now: ctx.now(), gatewayConfig: JSON.stringify(ctx.gateway.clientConfig()) } : null;
}

/** The checkout a token names (null for none, or another buyer's), counted on the address's token misses. */
export function findCheckout(ctx: GraphQLContext, token: string) {
  return byToken(ctx, token, () => servicesOf(ctx).get(token), nullIsMiss);
}

/** A change to the checkout a token names: a NOT_FOUND token is a miss on the address's token counter. */
export function checkoutChange<T extends { errors: CheckoutError[] }>(ctx: GraphQLContext, token: string, run: () => Promise<T>): Promise<T> {
  return byToken(ctx, token, run, tokenNotFound);
}

/**
 * Applying a voucher code: an address that had 20 codes refused in 10 minutes gets 429 (Retry-After) for
 * every code until the window ends, so short codes cannot be found by trying them.
 */
async function voucherAttempt(ctx: GraphQLContext, code: string | null | undefined, apply: () => Promise<CheckoutPayload>): Promise<CheckoutPayload> {
  if (!code) return apply();
  const { clientIp } = ctx.requester();
  throwIfLimited(await ctx.limits.voucherMisses.attempt(clientIp));
  const result = await apply();
  if (!result.errors.some((e) => e.code === 'VOUCHER_NOT_APPLICABLE')) await ctx.limits.voucherMisses.notMissed(clientIp);
  return result;
}

export async function payload(ctx: GraphQLContext, result: Promise<CheckoutPayload> | CheckoutPayload) {
  const { checkout, errors } = await result;
  return { checkout, errors, now: ctx.now(), gatewayConfig: JSON.stringify(ctx.gateway.clientConfig()) };
}

const CheckoutLineInput = builder.inputType('CheckoutLineInput', {
  description: 'A variant by its id or its SKU, and a quantity. No price: the server prices every line.',
  fields: (t) => ({ variantId: t.id(), sku: t.string(), quantity: t.int({ required: true }) }),
});

export const AddressInput = builder.inputType('AddressInput', {
  fields: (t) => ({
    firstName: t.string(), lastName: t.string(), companyName: t.string(), streetAddress1: t.string(), streetAddress2: t.string(),
    city: t.string(), postalCode: t.string(), country: t.field({ type: CountryCodeEnum }), countryArea: t.string(), phone: t.string(),
  }),
});

const CheckoutCreateInput = builder.inputType('CheckoutCreateInput', {
  fields: (t) => ({
    lines: t.field({ type: [CheckoutLineInput], required: true }),
    country: t.field({ type: CountryCodeEnum, required: true }),
    languageCode: t.field({ type: LanguageCodeEnum }),
    email: t.string(),
    bundleType: t.field({ type: CheckoutTypeEnum }),
    voucherCode: t.string(),
    organizationMembershipId: t.id(),
  }),
});

const QuoteDataInput = builder.inputType('QuoteDataInput', {
  fields: (t) => ({
    equoteOrganizationName: t.string(), equoteJobTitle: t.string(), equotePracticePlace: t.string(),
    equotePracticeDetails: t.string(), equoteSpecialty: t.string(), equoteComment: t.string(),
  }),
});

const lineInputs = (lines: ReadonlyArray<{ variantId?: string | number | null; sku?: string | null; quantity: number }>) =>
  lines.slice(0, 50).map((l) => ({ variantId: l.variantId ? fromGlobalId(String(l.variantId), 'ProductVariant') : null, sku: l.sku ?? null, quantity: l.quantity }));
const lineId = (id: string | number) => fromGlobalId(String(id), 'CheckoutLine') ?? -1;

builder.queryFields((t) => ({
  checkout: t.field({
    type: Checkout,
    nullable: true,
    description: 'CheckoutByToken.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, { token }, ctx) => checkoutByToken(ctx, token),
  }),
  checkoutEstimatedDelivery: t.field({
    type: builder.objectRef<{ from: Date; to: Date }>('EstimatedDelivery').implement({
      fields: (f) => ({ from: f.string({ resolve: (d) => d.from.toISOString().slice(0, 10) }), to: f.string({ resolve: (d) => d.to.toISOString().slice(0, 10) }) }),
    }),
    nullable: true,
    description: 'CheckoutEstimatedDelivery: the first and last day (ISO dates) the checkout\'s shipping method may deliver on, counted in business days (Monday to Friday) from today on the store\'s clock (UTC): the chosen method, the standard one until one is chosen. Null when nothing ships or the token names no checkout.',
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, { token }, ctx) => {
      const checkout = await findCheckout(ctx, token);
      if (!checkout?.isShippingRequired) return null;
      const methods = shippingMethodsFor(checkout.row.country, checkout.currency);
      const method = methods.find((m) => m.id === checkout.row.shippingMethod) ?? methods[0];
      if (!method) return null;
      const now = ctx.now();
      return { from: addBusinessDays(now, method.days[0]), to: addBusinessDays(now, method.days[1]) };
    },
  }),
  checkoutProrationPreview: t.field({
    type: Money,
    nullable: true,
    description: 'CheckoutProrationPreview: credit for the unused part of the organization\'s current plan; null for a checkout without an organization.',
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, { token }, ctx) => {
      const checkout = await findCheckout(ctx, token);
      return checkout?.row.organizationMembershipId ? { currency: checkout.currency, amount: 0 } : null;
    },
  }),
  checkoutTradeInPromoPreview: t.field({
    type: Money,
    nullable: true,
    description: 'CheckoutTradeInPromoPreview: the credit a traded-in probe would give on this checkout (10 % of one new probe, after the voucher), net or gross as the country shows prices.',
    args: { token: t.arg.string({ required: true }), deviceModel: t.arg.string({ required: true }) },
    resolve: async (_root, { token, deviceModel }, ctx) => {
      const checkout = await findCheckout(ctx, token);
      return checkout ? servicesOf(ctx).tradeInPreviewOf(checkout, deviceModel) : null;
    },
  }),
}));

builder.mutationFields((t) => ({
  checkoutCreate: t.field({
    type: CheckoutPayloadRef,
    description: 'CheckoutCreate and CheckoutCreateWithOrganization. A replay with the same idempotencyKey returns the same checkout.',
    args: { input: t.arg({ type: CheckoutCreateInput, required: true }), idempotencyKey: t.arg.string() },
    resolve: async (_root, { input, idempotencyKey }, ctx) => {
      const viewer = await ctx.viewer();
      let organizationMembershipId: string | null = null;
      if (input.organizationMembershipId) {
        // Only for one of the buyer's own memberships: anyone else's is refused, whether it exists or not.
        const id = uuidFromGlobalId(String(input.organizationMembershipId), 'OrganizationMembership');
        const own = viewer && id ? await ctx.accounts.ownMembership(viewer.id, id) : null;
        if (!own) return payload(ctx, { checkout: null, errors: [fail('NO_PERMISSIONS', 'organizationMembershipId', 'Not one of your organizations')] });
        organizationMembershipId = own.membership.id;
      }
      return payload(ctx, voucherAttempt(ctx, input.voucherCode, () => servicesOf(ctx).create({
        lines: lineInputs(input.lines), country: input.country, language: catalogueLanguage(input.languageCode ?? 'EN'),
        // A signed-in buyer's checkout starts with the e-mail their account vouches for.
        email: input.email ?? viewer?.email ?? null,
        bundleType: input.bundleType, voucherCode: input.voucherCode, organizationMembershipId, idempotencyKey: idempotencyKey?.slice(0, 128),
      })));
    },
  }),
  checkoutLinesAdd: t.field({
    type: CheckoutPayloadRef,
    args: { token: t.arg.string({ required: true }), lines: t.arg({ type: [CheckoutLineInput], required: true }), expectedVersion: t.arg.int() },
    resolve: (_root, a, ctx) => payload(ctx, checkoutChange(ctx, a.token, () => servicesOf(ctx).linesAdd(a.token, lineInputs(a.lines), a.expectedVersion))),
  }),
  checkoutLineUpdate: t.field({
    type: CheckoutPayloadRef,
    description: 'Sets a line\'s quantity (0 removes it).',
    args: { token: t.arg.string({ required: true }), lineId: t.arg.id({ required: true }), quantity: t.arg.int({ required: true }), expectedVersion: t.arg.int() },
    resolve: (_root, a, ctx) => payload(ctx, checkoutChange(ctx, a.token, () => servicesOf(ctx).lineUpdate(a.token, lineId(a.lineId), a.quantity, a.expectedVersion))),
  }),
  checkoutLineDelete: t.field({
    type: CheckoutPayloadRef,
    args: { token: t.arg.string({ required: true }), lineId: t.arg.id({ required: true }), expectedVersion: t.arg.int() },
    resolve: (_root, a, ctx) => payload(ctx, checkoutChange(ctx, a.token, () => servicesOf(ctx).lineDelete(a.token, lineId(a.lineId), a.expectedVersion))),
  }),
  checkoutCountryUpdate: t.field({
    type: CountryUpdatePayload,
    description: 'ChangeCheckoutCountry: the cart moves to the country, repriced, retaxed and its availability checked there. Lines the country does not sell are named: refused one by one (COUNTRY_NOT_AVAILABLE on lines), or left behind and listed in removedLines when removeUnavailable is true.',
    args: { token: t.arg.string({ required: true }), country: t.arg({ type: CountryCodeEnum, required: true }), removeUnavailable: t.arg.boolean({ description: 'The buyer agreed to leave behind what the country does not sell (default false: refused, each line named)' }) },
    resolve: async (_root, a, ctx) => {
      const moved = await checkoutChange(ctx, a.token, () => servicesOf(ctx).countryUpdate(a.token, a.country, a.removeUnavailable ?? false));
      return { ...(await payload(ctx, moved)), removed: moved.removed };
    },
  }),
  checkoutContactUpdate: t.field({
    type: CheckoutPayloadRef,
    args: { token: t.arg.string({ required: true }), email: t.arg.string({ required: true }), firstName: t.arg.string(), lastName: t.arg.string(), marketingOptIn: t.arg.boolean(), marketingTextVersion: t.arg.string({ description: 'The marketing tick\'s wording as the page showed it: its catalogue key and a hash of its text (checkout.marketingOptIn#1a2b3c4d), kept with the consent' }) },
    resolve: (_root, a, ctx) => payload(ctx, checkoutChange(ctx, a.token, () => servicesOf(ctx).contactUpdate(a.token, a))),
  }),
  checkoutShippingAddressUpdate: t.field({
    type: CheckoutPayloadRef,
    description: 'UpdateCheckoutShippingAddress.',
    args: { token: t.arg.string({ required: true }), shippingAddress: t.arg({ type: AddressInput, required: true }) },
    resolve: (_root, a, ctx) => payload(ctx, checkoutChange(ctx, a.token, () => servicesOf(ctx).shippingAddressUpdate(a.token, a.shippingAddress))),
  }),
  checkoutBillingAddressUpdate: t.field({
    type: CheckoutPayloadRef,
    description: 'UpdateCheckoutBillingAddress.',
    args: { token: t.arg.string({ required: true }), billingAddress: t.arg({ type: AddressInput, required: true }) },
    resolve: (_root, a, ctx) => payload(ctx, checkoutChange(ctx, a.token, () => servicesOf(ctx).billingAddressUpdate(a.token, a.billingAddress))),
  }),
  checkoutShippingMethodUpdate: t.field({
    type: CheckoutPayloadRef,
    args: { token: t.arg.string({ required: true }), shippingMethodId: t.arg.string({ required: true }) },
    resolve: (_root, a, ctx) => payload(ctx, checkoutChange(ctx, a.token, () => servicesOf(ctx).shippingMethodUpdate(a.token, a.shippingMethodId))),
  }),
  checkoutExpressAddressesAdd: t.field({
    type: CheckoutPayloadRef,
    description: 'AddExpressCheckoutAddresses: a wallet\'s shipping and billing addresses and e-mail, validated together.',
    args: { token: t.arg.string({ required: true }), shippingAddress: t.arg({ type: AddressInput, required: true }), billingAddress: t.arg({ type: AddressInput }), email: t.arg.string() },
    resolve: (_root, a, ctx) => payload(ctx, checkoutChange(ctx, a.token, () => servicesOf(ctx).expressAddressesAdd(a.token, a.shippingAddress, a.billingAddress ?? null, a.email ?? null))),
  }),
  checkoutExpressShippingAddressUpdate: t.field({
    type: CheckoutPayloadRef,
    description: 'UpdateExpressCheckoutShippingAddress: the partial address a wallet shares before payment, for shipping and tax.',
    args: { token: t.arg.string({ required: true }), shippingAddress: t.arg({ type: AddressInput, required: true }) },
    resolve: (_root, a, ctx) => payload(ctx, checkoutChange(ctx, a.token, () => servicesOf(ctx).shippingAddressUpdate(a.token, a.shippingAddress, { partial: true }))),
  }),
  checkoutVoucherUpdate: t.field({
    type: CheckoutPayloadRef,
    description: 'UpdateVoucher: applies a code, or removes it with null.',
    args: { token: t.arg.string({ required: true }), voucherCode: t.arg.string() },
    resolve: (_root, a, ctx) => payload(ctx, voucherAttempt(ctx, a.voucherCode?.trim(), () => checkoutChange(ctx, a.token, () => servicesOf(ctx).updateVoucher(a.token, a.voucherCode?.trim() || null)))),
  }),
  checkoutVatNumberUpdate: t.field({
    type: CheckoutPayloadRef,
    description: 'CheckoutVatNumberUpdateMutation: a valid VAT number of another EU member state removes VAT (reverse charge).',
    args: { token: t.arg.string({ required: true }), vatNumber: t.arg.string() },
    resolve: (_root, a, ctx) => payload(ctx, checkoutChange(ctx, a.token, () => servicesOf(ctx).vatNumberUpdate(a.token, a.vatNumber ?? null))),
  }),
  checkoutQuoteDataUpdate: t.field({
    type: CheckoutPayloadRef,
    args: { token: t.arg.string({ required: true }), input: t.arg({ type: QuoteDataInput, required: true }) },
    resolve: (_root, a, ctx) => payload(ctx, checkoutChange(ctx, a.token, () => servicesOf(ctx).quoteDataUpdate(a.token, a.input))),
  }),
  checkoutTradeInProgramDataUpdate: t.field({
    type: CheckoutPayloadRef,
    args: { token: t.arg.string({ required: true }), deviceModel: t.arg.string({ required: true }), serialNumber: t.arg.string({ required: true }) },
    resolve: (_root, a, ctx) => payload(ctx, checkoutChange(ctx, a.token, () => servicesOf(ctx).tradeInUpdate(a.token, a))),
  }),
}));
