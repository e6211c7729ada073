import { schema } from '@probe/db';
import { inArray } from 'drizzle-orm';
import type { TestApp } from './harness.ts';

export const CHECKOUT_FIELDS = `token version email bundleType isShippingRequired taxExemption vatRegistrationNumber voucherCode currency
  availablePaymentMethods requiredAttestations paymentRedirectUrl
  lines { id quantity isFreeItemLine variant { sku } totalPrice { gross { fractionalAmount } } }
  subtotalPrice { gross { fractionalAmount } } totalPrice { net { fractionalAmount } tax { fractionalAmount } gross { fractionalAmount } }
  shippingPrice { gross { fractionalAmount } } discountAmount { fractionalAmount } tradeInCredit { net { fractionalAmount } gross { fractionalAmount } } isTradeInAvailable totalSavings { fractionalAmount } estimatedDuty { fractionalAmount }
  availableShippingMethods { id price { fractionalAmount } } shippingMethod { id }
  shippingAddress { city countryArea postalCode phone phoneFormatted country { code } }
  problems { code field }`;

export interface CheckoutAnswer {
  token: string; version: number; email: string | null; bundleType: string; isShippingRequired: boolean; taxExemption: boolean;
  vatRegistrationNumber: string | null; voucherCode: string | null; currency: string; availablePaymentMethods: string[]; requiredAttestations: string[];
  paymentRedirectUrl: string | null;
  lines: Array<{ id: string; quantity: number; isFreeItemLine: boolean; variant: { sku: string }; totalPrice: { gross: { fractionalAmount: number } } }>;
  subtotalPrice: { gross: { fractionalAmount: number } };
  totalPrice: { net: { fractionalAmount: number }; tax: { fractionalAmount: number }; gross: { fractionalAmount: number } };
  shippingPrice: { gross: { fractionalAmount: number } }; discountAmount: { fractionalAmount: number }; tradeInCredit: { net: { fractionalAmount: number }; gross: { fractionalAmount: number } }; isTradeInAvailable: boolean; totalSavings: { fractionalAmount: number };
  estimatedDuty: { fractionalAmount: number } | null;
  availableShippingMethods: Array<{ id: string; price: { fractionalAmount: number } }>; shippingMethod: { id: string } | null;
  shippingAddress: { city: string; countryArea: string; postalCode: string; phone: string; phoneFormatted: string | null; country: { code: string } } | null;
  problems: Array<{ code: string; field: string | null }>;
}

/** What the checkout helpers need of an app: its GraphQL call (Fastify's inject here, HTTP in the browser tests). */
export type GqlClient = Pick<TestApp, 'gql'>;

export interface Payload { checkout: CheckoutAnswer | null; errors: Array<{ code: string; field: string | null; message: string }> }

/** Global ids of variants by SKU, read from the database. */
export async function variantIds(app: TestApp, skus: string[]): Promise<Record<string, string>> {
  const rows = await app.database.db.select({ id: schema.productVariants.id, sku: schema.productVariants.sku }).from(schema.productVariants).where(inArray(schema.productVariants.sku, skus));
  return Object.fromEntries(rows.map((r) => [r.sku, Buffer.from(`ProductVariant:${r.id}`).toString('base64')]));
}

export async function mutate(app: GqlClient, name: string, args: string, variables: Record<string, unknown>, fields = CHECKOUT_FIELDS, headers?: Record<string, string>): Promise<Payload> {
  const res = await app.gql<Record<string, Payload>>(`mutation M(${args}) { ${name}(${argList(args)}) { checkout { ${fields} } errors { code field message } } }`, variables, headers);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data![name]!;
}

function argList(args: string): string {
  return args.split(',').map((a) => a.trim().split(':')[0]!.slice(1)).map((n) => `${n}: $${n}`).join(', ');
}

export const US_ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', streetAddress1: '1 Market St', city: 'San Francisco', postalCode: '94105', country: 'US', countryArea: 'CA', phone: '+1 415 555 0100' };
export const DE_ADDRESS = { firstName: 'Hanna', lastName: 'Schmidt', streetAddress1: 'Friedrichstraße 10', city: 'Berlin', postalCode: '10117', country: 'DE', phone: '+49 30 1234567' };

export const CARD_OK = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
export const CARD_DECLINED = { number: '4000 0000 0000 0002', expMonth: 12, expYear: 2030, cvc: '123' };

export const PLACE = `mutation P($token: String!, $key: String!, $total: Int, $card: TestCardInput) {
  checkoutPlaceOrder(token: $token, idempotencyKey: $key, expectedTotal: $total, card: $card) {
    order { token number paymentStatus paymentMethod total { gross { fractionalAmount } tax { fractionalAmount } } lines { productSku quantity } payments { status ccLastDigits ccBrand } invoice { token status } voucher { code } tradeIn { serialNumber credit { net { fractionalAmount } gross { fractionalAmount } } } }
    errors { code field message }
  }
}`;

export interface PlaceAnswer {
  checkoutPlaceOrder: {
    order: { token: string; number: string; paymentStatus: string; paymentMethod: string; total: { gross: { fractionalAmount: number }; tax: { fractionalAmount: number } }; lines: Array<{ productSku: string; quantity: number }>; payments: Array<{ status: string; ccLastDigits: string | null; ccBrand: string | null }>; invoice: { token: string; status: string } | null; voucher: { code: string } | null;
      tradeIn: { serialNumber: string; credit: { net: { fractionalAmount: number }; gross: { fractionalAmount: number } } } | null } | null;
    errors: Array<{ code: string; field: string | null; message: string }>;
  };
}

/**
 * A checkout ready to be placed: lines, contact, addresses, shipping, the payment method chosen and its
 * attestations given. Returns its token and total.
 */
export async function readyCheckout(
  app: GqlClient,
  options: {
    country?: string; language?: string; lines: Array<{ variantId: string; quantity: number } | { sku: string; quantity: number }>; address?: Record<string, string>; method?: string; voucherCode?: string; vatNumber?: string;
    tradeIn?: { deviceModel: string; serialNumber: string };
    /** A signed-in buyer's checkout for an organization. */
    signedIn?: { headers: Record<string, string>; organizationMembershipId: string; bundleType?: string };
  },
): Promise<{ token: string; total: number; redirectUrl: string | null; checkout: CheckoutAnswer }> {
  const country = options.country ?? 'US';
  const headers = options.signedIn?.headers;
  const organization = options.signedIn ? { organizationMembershipId: options.signedIn.organizationMembershipId, bundleType: options.signedIn.bundleType ?? null } : {};
  const created = await mutate(app, 'checkoutCreate', '$input: CheckoutCreateInput!', { input: { lines: options.lines, country, languageCode: options.language ?? 'EN', email: 'buyer@example.com', ...organization } }, CHECKOUT_FIELDS, headers);
  if (created.errors.length) throw new Error(JSON.stringify(created.errors));
  const token = created.checkout!.token;
  const address = options.address ?? (country === 'DE' ? DE_ADDRESS : US_ADDRESS);
  for (const [name, args, vars] of [
    ['checkoutShippingAddressUpdate', '$token: String!, $shippingAddress: AddressInput!', { token, shippingAddress: address }],
    ['checkoutBillingAddressUpdate', '$token: String!, $billingAddress: AddressInput!', { token, billingAddress: address }],
    ...(options.voucherCode ? [['checkoutVoucherUpdate', '$token: String!, $voucherCode: String', { token, voucherCode: options.voucherCode }]] : []),
    ...(options.tradeIn ? [['checkoutTradeInProgramDataUpdate', '$token: String!, $deviceModel: String!, $serialNumber: String!', { token, ...options.tradeIn }]] : []),
    ...(options.vatNumber ? [['checkoutVatNumberUpdate', '$token: String!, $vatNumber: String', { token, vatNumber: options.vatNumber }]] : []),
  ] as Array<[string, string, Record<string, unknown>]>) {
    const r = await mutate(app, name, args, vars, CHECKOUT_FIELDS, headers);
    if (r.errors.length) throw new Error(`${name}: ${JSON.stringify(r.errors)}`);
  }
  if (options.method === 'ELECTRONIC_QUOTE') {
    const q = await mutate(app, 'checkoutQuoteDataUpdate', '$token: String!, $input: QuoteDataInput!', { token, input: { equoteOrganizationName: 'Mercy Clinic', equoteJobTitle: 'Purchasing lead', equotePracticePlace: 'Clinic' } }, CHECKOUT_FIELDS, headers);
    if (q.errors.length) throw new Error(JSON.stringify(q.errors));
  }
  const before = await app.gql<{ checkoutBeforePlaceOrder: Payload & { checkout: CheckoutAnswer } }>(
    `mutation B($token: String!, $method: PaymentMethodType!, $attestations: [String!]!) { checkoutBeforePlaceOrder(token: $token, paymentMethod: $method, attestations: $attestations) { checkout { ${CHECKOUT_FIELDS} } errors { code field message } } }`,
    { token, method: options.method ?? 'CREDIT_CARD', attestations: ['TERMS_AND_CONDITIONS', 'LICENSED'] },
    headers,
  );
  const payload = before.body.data!.checkoutBeforePlaceOrder;
  if (payload.errors.length) throw new Error(JSON.stringify(payload.errors));
  return { token, total: payload.checkout.totalPrice.gross.fractionalAmount, redirectUrl: payload.checkout.paymentRedirectUrl, checkout: payload.checkout };
}
