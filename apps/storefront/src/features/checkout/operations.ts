import { gql, type TypedDocumentNode } from '@apollo/client';

/** The checkout documents, one per operation, named as spec §7 names them. */

interface Amount { fractionalAmount: number; currency: string }
export interface Taxed { currency: string; net: Amount; tax: Amount; gross: Amount }

export interface AddressFields {
  firstName: string; lastName: string; companyName: string; streetAddress1: string; streetAddress2: string; city: string;
  postalCode: string; countryArea: string; phone: string; phoneFormatted: string | null; country: { code: string; country: string };
}

export interface CheckoutLineFields {
  id: string;
  quantity: number;
  isFreeItemLine: boolean;
  isAvailable: boolean;
  variant: { id: string; sku: string; name: string; product: { name: string; slug: string; thumbnail: { url: string; alt: string } | null } } | null;
  unitPricing: { onSale: boolean; price: Taxed; priceUndiscounted: Taxed } | null;
  totalPrice: Taxed | null;
  totalPriceDiscounted: Taxed | null;
}

export interface CheckoutFields {
  token: string;
  version: number;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  marketingOptIn: boolean;
  currency: string;
  displayGrossPrices: boolean;
  bundleType: string;
  country: { code: string; country: string };
  lines: CheckoutLineFields[];
  subtotalPrice: Taxed;
  shippingPrice: Taxed;
  totalPrice: Taxed;
  discountAmount: Amount;
  totalSavings: Amount;
  estimatedDuty: Amount | null;
  voucherCode: string | null;
  discountName: string | null;
  isShippingRequired: boolean;
  shippingAddress: AddressFields | null;
  billingAddress: AddressFields | null;
  availableShippingMethods: Array<{ id: string; name: string; price: Amount; minimumDeliveryDays: number; maximumDeliveryDays: number }>;
  shippingMethod: { id: string } | null;
  vatRegistrationNumber: string | null;
  isTaxRegistrationNumberAvailable: boolean;
  taxExemption: boolean;
  availablePaymentMethods: string[];
  availablePaymentGateways: Array<{ id: string; config: string }>;
  paymentMethod: string | null;
  requiredAttestations: string[];
  paymentRedirectUrl: string | null;
  paymentIntentSecret: string | null;
  electronicQuoteData: Record<string, string | null> | null;
  problems: BusinessErrorFields[];
}

import type { BusinessErrorFields } from '../../data/error-messages.ts';
export type { BusinessErrorFields };
export interface CheckoutPayload { checkout: CheckoutFields | null; errors: BusinessErrorFields[] }

const CHECKOUT_FIELDS = gql`
  fragment MoneyFields on Money { currency fractionalAmount }
  fragment CheckoutTaxed on TaxedMoney { currency net { ...MoneyFields } tax { ...MoneyFields } gross { ...MoneyFields } }
  fragment CheckoutAddress on Address {
    firstName lastName companyName streetAddress1 streetAddress2 city postalCode countryArea phone phoneFormatted country { code country }
  }
  fragment CheckoutFields on Checkout {
    token version email firstName lastName marketingOptIn currency displayGrossPrices bundleType country { code country }
    lines {
      id quantity isFreeItemLine isAvailable
      variant { id sku name product { name slug thumbnail(size: 128) { url alt } } }
      unitPricing { onSale price { ...CheckoutTaxed } priceUndiscounted { ...CheckoutTaxed } }
      totalPrice { ...CheckoutTaxed } totalPriceDiscounted { ...CheckoutTaxed }
    }
    subtotalPrice { ...CheckoutTaxed } shippingPrice { ...CheckoutTaxed } totalPrice { ...CheckoutTaxed }
    discountAmount { ...MoneyFields } totalSavings { ...MoneyFields } estimatedDuty { ...MoneyFields }
    voucherCode discountName isShippingRequired
    shippingAddress { ...CheckoutAddress } billingAddress { ...CheckoutAddress }
    availableShippingMethods { id name price { ...MoneyFields } minimumDeliveryDays maximumDeliveryDays } shippingMethod { id }
    vatRegistrationNumber isTaxRegistrationNumberAvailable taxExemption
    availablePaymentMethods availablePaymentGateways { id config } paymentMethod requiredAttestations paymentRedirectUrl paymentIntentSecret
    electronicQuoteData { equoteOrganizationName equoteJobTitle equotePracticePlace equotePracticeDetails equoteSpecialty equoteComment }
    problems { field code message }
  }
`;

const PAYLOAD = gql`
  fragment CheckoutPayloadFields on CheckoutPayload { checkout { ...CheckoutFields } errors { field code message } }
  ${CHECKOUT_FIELDS}
`;

export const CHECKOUT_BY_TOKEN: TypedDocumentNode<{ checkout: CheckoutFields | null }, { token: string }> = gql`
  query CheckoutByToken($token: String!) { checkout(token: $token) { ...CheckoutFields } }
  ${CHECKOUT_FIELDS}
`;

export const CHECKOUT_ESTIMATED_DELIVERY: TypedDocumentNode<{ checkoutEstimatedDelivery: { from: string; to: string } | null }, { token: string }> = gql`
  query CheckoutEstimatedDelivery($token: String!) { checkoutEstimatedDelivery(token: $token) { from to } }
`;

export const CHECKOUT_CREATE: TypedDocumentNode<{ checkoutCreate: CheckoutPayload }, { input: Record<string, unknown>; idempotencyKey: string }> = gql`
  mutation CheckoutCreateWithOrganization($input: CheckoutCreateInput!, $idempotencyKey: String) {
    checkoutCreate(input: $input, idempotencyKey: $idempotencyKey) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

export const CHECKOUT_LINES_ADD: TypedDocumentNode<{ checkoutLinesAdd: CheckoutPayload }, { token: string; lines: Array<{ sku: string; quantity: number }>; expectedVersion: number }> = gql`
  mutation CheckoutLinesAdd($token: String!, $lines: [CheckoutLineInput!]!, $expectedVersion: Int) {
    checkoutLinesAdd(token: $token, lines: $lines, expectedVersion: $expectedVersion) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

export const CHECKOUT_LINE_UPDATE: TypedDocumentNode<{ checkoutLineUpdate: CheckoutPayload }, { token: string; lineId: string; quantity: number; expectedVersion: number }> = gql`
  mutation CheckoutLineUpdate($token: String!, $lineId: ID!, $quantity: Int!, $expectedVersion: Int) {
    checkoutLineUpdate(token: $token, lineId: $lineId, quantity: $quantity, expectedVersion: $expectedVersion) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

export const CHECKOUT_LINE_DELETE: TypedDocumentNode<{ checkoutLineDelete: CheckoutPayload }, { token: string; lineId: string; expectedVersion: number }> = gql`
  mutation CheckoutLineDelete($token: String!, $lineId: ID!, $expectedVersion: Int) {
    checkoutLineDelete(token: $token, lineId: $lineId, expectedVersion: $expectedVersion) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

export const UPDATE_VOUCHER: TypedDocumentNode<{ checkoutVoucherUpdate: CheckoutPayload }, { token: string; voucherCode: string | null }> = gql`
  mutation UpdateVoucher($token: String!, $voucherCode: String) { checkoutVoucherUpdate(token: $token, voucherCode: $voucherCode) { ...CheckoutPayloadFields } }
  ${PAYLOAD}
`;

export const CHECKOUT_CONTACT_UPDATE: TypedDocumentNode<{ checkoutContactUpdate: CheckoutPayload }, { token: string; email: string; firstName: string; lastName: string; marketingOptIn: boolean }> = gql`
  mutation CheckoutContactUpdate($token: String!, $email: String!, $firstName: String, $lastName: String, $marketingOptIn: Boolean) {
    checkoutContactUpdate(token: $token, email: $email, firstName: $firstName, lastName: $lastName, marketingOptIn: $marketingOptIn) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

export const UPDATE_SHIPPING_ADDRESS: TypedDocumentNode<{ checkoutShippingAddressUpdate: CheckoutPayload }, { token: string; address: Record<string, string> }> = gql`
  mutation UpdateCheckoutShippingAddress($token: String!, $address: AddressInput!) {
    checkoutShippingAddressUpdate(token: $token, shippingAddress: $address) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

export const UPDATE_BILLING_ADDRESS: TypedDocumentNode<{ checkoutBillingAddressUpdate: CheckoutPayload }, { token: string; address: Record<string, string> }> = gql`
  mutation UpdateCheckoutBillingAddress($token: String!, $address: AddressInput!) {
    checkoutBillingAddressUpdate(token: $token, billingAddress: $address) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

export const UPDATE_SHIPPING_METHOD: TypedDocumentNode<{ checkoutShippingMethodUpdate: CheckoutPayload }, { token: string; shippingMethodId: string }> = gql`
  mutation CheckoutShippingMethodUpdate($token: String!, $shippingMethodId: String!) {
    checkoutShippingMethodUpdate(token: $token, shippingMethodId: $shippingMethodId) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

export const VAT_NUMBER_UPDATE: TypedDocumentNode<{ checkoutVatNumberUpdate: CheckoutPayload }, { token: string; vatNumber: string | null }> = gql`
  mutation CheckoutVatNumberUpdateMutation($token: String!, $vatNumber: String) {
    checkoutVatNumberUpdate(token: $token, vatNumber: $vatNumber) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

export const QUOTE_DATA_UPDATE: TypedDocumentNode<{ checkoutQuoteDataUpdate: CheckoutPayload }, { token: string; input: Record<string, string> }> = gql`
  mutation CheckoutQuoteDataUpdate($token: String!, $input: QuoteDataInput!) { checkoutQuoteDataUpdate(token: $token, input: $input) { ...CheckoutPayloadFields } }
  ${PAYLOAD}
`;

export const BEFORE_PLACE_ORDER: TypedDocumentNode<{ checkoutBeforePlaceOrder: CheckoutPayload }, { token: string; paymentMethod: string; attestations: string[] }> = gql`
  mutation CheckoutBeforePlaceOrderMutation($token: String!, $paymentMethod: PaymentMethodType!, $attestations: [String!]!) {
    checkoutBeforePlaceOrder(token: $token, paymentMethod: $paymentMethod, attestations: $attestations) { checkout { ...CheckoutFields } errors { field code message } }
  }
  ${CHECKOUT_FIELDS}
`;

export interface OrderFields {
  token: string;
  number: string;
  created: string;
  userEmail: string;
  paymentMethod: string;
  paymentStatus: string;
  lines: Array<{ productRawName: string; variantName: string; productSku: string; quantity: number; isFreeItemLine: boolean; thumbnail: string | null; unitPrice: Taxed; undiscountedUnitPrice: Amount; totalPrice: Taxed }>;
  payments: Array<{ method: string; status: string; ccBrand: string | null; ccLastDigits: string | null; ccExpMonth: number | null; ccExpYear: number | null }>;
  invoice: { token: string; status: string; amount: Amount; dueAt: string } | null;
  voucher: { code: string; name: string; discount: Amount } | null;
  offers: Array<{ name: string; discount: Amount }>;
  subtotal: Taxed;
  shippingPrice: Taxed;
  discount: Amount;
  total: Taxed;
  totalSavings: Amount;
  taxExemption: boolean;
  vatRegistrationNumber: string | null;
  displayGrossPrices: boolean;
}

const ORDER_FIELDS = gql`
  fragment OrderMoney on Money { currency fractionalAmount }
  fragment OrderTaxed on TaxedMoney { currency net { ...OrderMoney } tax { ...OrderMoney } gross { ...OrderMoney } }
  fragment OrderFields on Order {
    token number created userEmail paymentMethod paymentStatus
    lines { productRawName variantName productSku quantity isFreeItemLine thumbnail unitPrice { ...OrderTaxed } undiscountedUnitPrice { ...OrderMoney } totalPrice { ...OrderTaxed } }
    payments { method status ccBrand ccLastDigits ccExpMonth ccExpYear }
    invoice { token status amount { ...OrderMoney } dueAt }
    voucher { code name discount { ...OrderMoney } }
    offers { name discount { ...OrderMoney } }
    subtotal { ...OrderTaxed } shippingPrice { ...OrderTaxed } discount { ...OrderMoney } total { ...OrderTaxed } totalSavings { ...OrderMoney }
    taxExemption vatRegistrationNumber displayGrossPrices
  }
`;

/** Placing answers with the order's token only: the confirmation page reads the order itself. */
export const PLACE_ORDER: TypedDocumentNode<
  { checkoutPlaceOrder: { order: { token: string } | null; errors: BusinessErrorFields[] } },
  { token: string; idempotencyKey: string; expectedTotal: number | null; card: { number: string; expMonth: number; expYear: number; cvc: string } | null }
> = gql`
  mutation CheckoutPlaceOrder($token: String!, $idempotencyKey: String!, $expectedTotal: Int, $card: TestCardInput) {
    checkoutPlaceOrder(token: $token, idempotencyKey: $idempotencyKey, expectedTotal: $expectedTotal, card: $card) { order { token } errors { field code message } }
  }
`;

export const ORDER_BY_TOKEN: TypedDocumentNode<{ orderByToken: OrderFields | null }, { token: string }> = gql`
  query OrderByToken($token: String!) { orderByToken(token: $token) { ...OrderFields } }
  ${ORDER_FIELDS}
`;

export interface InvoiceFields { token: string; status: string; amount: Amount; dueAt: string; orderNumber: string; orderToken: string }

export const INVOICE_BY_TOKEN: TypedDocumentNode<{ invoiceByToken: InvoiceFields | null }, { token: string }> = gql`
  query InvoiceByToken($token: String!) { invoiceByToken(token: $token) { token status amount { currency fractionalAmount } dueAt orderNumber orderToken } }
`;

export const INVOICE_PAY: TypedDocumentNode<
  { invoicePay: { invoice: InvoiceFields | null; errors: BusinessErrorFields[] } },
  { token: string; card: { number: string; expMonth: number; expYear: number; cvc: string } }
> = gql`
  mutation InvoicePay($token: String!, $card: TestCardInput!) {
    invoicePay(token: $token, card: $card) { invoice { token status amount { currency fractionalAmount } dueAt orderNumber orderToken } errors { field code message } }
  }
`;

export const ORDER_PAY: TypedDocumentNode<
  { orderPay: { order: OrderFields | null; errors: BusinessErrorFields[] } },
  { token: string; card: { number: string; expMonth: number; expYear: number; cvc: string } }
> = gql`
  mutation OrderPay($token: String!, $card: TestCardInput!) { orderPay(token: $token, card: $card) { order { ...OrderFields } errors { field code message } } }
  ${ORDER_FIELDS}
`;
