import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ChangeCheckoutCountryMutation, ChangeCheckoutCountryMutationVariables, CheckoutOrganizationUpdateMutation, CheckoutOrganizationUpdateMutationVariables, AddExpressCheckoutAddressesMutation, AddExpressCheckoutAddressesMutationVariables, UpdateExpressCheckoutShippingAddressMutation, UpdateExpressCheckoutShippingAddressMutationVariables, CheckoutAddressFragment, CheckoutBeforePlaceOrderMutationMutation, CheckoutBeforePlaceOrderMutationMutationVariables, CheckoutByTokenQuery, CheckoutByTokenQueryVariables, CheckoutEstimatedDeliveryQuery, CheckoutEstimatedDeliveryQueryVariables, CheckoutContactUpdateMutation, CheckoutContactUpdateMutationVariables, CheckoutCreateWithOrganizationMutation, CheckoutCreateWithOrganizationMutationVariables, CheckoutFieldsFragment, CheckoutLineDeleteMutation, CheckoutLineDeleteMutationVariables, CheckoutLineUpdateMutation, CheckoutLineUpdateMutationVariables, CheckoutLinesAddMutation, CheckoutLinesAddMutationVariables, CheckoutPayloadFieldsFragment, CheckoutPlaceOrderMutation, CheckoutPlaceOrderMutationVariables, CheckoutQuoteDataUpdateMutation, CheckoutQuoteDataUpdateMutationVariables, CheckoutShippingMethodUpdateMutation, CheckoutShippingMethodUpdateMutationVariables, CheckoutTaxedFragment, CheckoutTradeInProgramDataUpdateMutation, CheckoutTradeInProgramDataUpdateMutationVariables, CheckoutTradeInPromoPreviewQuery, CheckoutTradeInPromoPreviewQueryVariables, CheckoutVatNumberUpdateMutationMutation, CheckoutVatNumberUpdateMutationMutationVariables, InvoiceByTokenQuery, InvoiceByTokenQueryVariables, InvoicePayMutation, InvoicePayMutationVariables, OrderByTokenQuery, OrderByTokenQueryVariables, OrderFieldsFragment, OrderPayMutation, OrderPayMutationVariables, UpdateCheckoutBillingAddressMutation, UpdateCheckoutBillingAddressMutationVariables, UpdateCheckoutShippingAddressMutation, UpdateCheckoutShippingAddressMutationVariables, UpdateVoucherMutation, UpdateVoucherMutationVariables } from '../../graphql/generated.ts';

export type Taxed = CheckoutTaxedFragment;
export type AddressFields = CheckoutAddressFragment;
export type CheckoutFields = CheckoutFieldsFragment;
export type CheckoutPayload = CheckoutPayloadFieldsFragment;
export type OrderFields = OrderFieldsFragment;
export type InvoiceFields = NonNullable<InvoiceByTokenQuery['invoiceByToken']>;

import type { BusinessErrorFields } from '../../data/error-messages.ts';
export type { BusinessErrorFields };
const CHECKOUT_FIELDS = gql`
  fragment MoneyFields on Money { currency fractionalAmount }
  fragment CheckoutTaxed on TaxedMoney { currency net { ...MoneyFields } tax { ...MoneyFields } gross { ...MoneyFields } }
  fragment CheckoutAddress on Address {
    firstName lastName companyName streetAddress1 streetAddress2 city postalCode countryArea phone phoneFormatted country { code country }
  }
  fragment CheckoutFields on Checkout {
    token version email firstName lastName marketingOptIn currency displayGrossPrices bundleType country { code country }
    lines {
      id quantity isFreeItemLine isAvailable seatLimits { minSeats maxSeats }
      variant { id sku name product { name slug thumbnail(size: 128) { url alt } } }
      unitPricing { onSale price { ...CheckoutTaxed } priceUndiscounted { ...CheckoutTaxed } }
      totalPrice { ...CheckoutTaxed } totalPriceDiscounted { ...CheckoutTaxed }
    }
    subtotalPrice { ...CheckoutTaxed } shippingPrice { ...CheckoutTaxed } totalPrice { ...CheckoutTaxed }
    discountAmount { ...MoneyFields } totalSavings { ...MoneyFields } estimatedDuty { ...MoneyFields }
    voucherCode discountName learnerPrice isShippingRequired
    referrer { name organizationName }
    organizationMembershipId
    savedPaymentMethods {
      __typename
      ... on CreditCard { id isPrimary brand lastDigits expMonth expYear }
      ... on SEPADirectDebit { id isPrimary lastDigits }
      ... on BankAccount { id isPrimary lastDigits bankName }
    }
    isTradeInAvailable tradeIn { deviceModel serialNumber } tradeInCredit { ...CheckoutTaxed }
    shippingAddress { ...CheckoutAddress } billingAddress { ...CheckoutAddress }
    availableShippingMethods { id name price { ...MoneyFields } minimumDeliveryDays maximumDeliveryDays } shippingMethod { id }
    vatRegistrationNumber isTaxRegistrationNumberAvailable taxExemption
    availablePaymentMethods expressWallets availablePaymentGateways { id config } paymentMethod requiredAttestations paymentRedirectUrl paymentIntentSecret
    electronicQuoteData { equoteOrganizationName equoteJobTitle equotePracticePlace equotePracticeDetails equoteSpecialty equoteComment }
    problems { field code message }
  }
`;

const PAYLOAD = gql`
  fragment CheckoutPayloadFields on CheckoutPayload { checkout { ...CheckoutFields } errors { field code message } }
  ${CHECKOUT_FIELDS}
`;

export const CHECKOUT_BY_TOKEN: TypedDocumentNode<CheckoutByTokenQuery, CheckoutByTokenQueryVariables> = gql`
  query CheckoutByToken($token: String!) { checkout(token: $token) { ...CheckoutFields } }
  ${CHECKOUT_FIELDS}
`;

export const CHECKOUT_CREATE: TypedDocumentNode<CheckoutCreateWithOrganizationMutation, CheckoutCreateWithOrganizationMutationVariables> = gql`
  mutation CheckoutCreateWithOrganization($input: CheckoutCreateInput!, $idempotencyKey: String) {
    checkoutCreate(input: $input, idempotencyKey: $idempotencyKey) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

export const CHECKOUT_LINES_ADD: TypedDocumentNode<CheckoutLinesAddMutation, CheckoutLinesAddMutationVariables> = gql`
  mutation CheckoutLinesAdd($token: String!, $lines: [CheckoutLineInput!]!, $expectedVersion: Int) {
    checkoutLinesAdd(token: $token, lines: $lines, expectedVersion: $expectedVersion) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

export const CHECKOUT_LINE_UPDATE: TypedDocumentNode<CheckoutLineUpdateMutation, CheckoutLineUpdateMutationVariables> = gql`
  mutation CheckoutLineUpdate($token: String!, $lineId: ID!, $quantity: Int!, $expectedVersion: Int) {
    checkoutLineUpdate(token: $token, lineId: $lineId, quantity: $quantity, expectedVersion: $expectedVersion) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

/** ChangeCheckoutCountry (spec §7): the cart follows the buyer to another country; what that country does not sell is named in removedLines. */
export const CHANGE_CHECKOUT_COUNTRY: TypedDocumentNode<ChangeCheckoutCountryMutation, ChangeCheckoutCountryMutationVariables> = gql`
  mutation ChangeCheckoutCountry($token: String!, $country: CountryCode!, $removeUnavailable: Boolean) {
    checkoutCountryUpdate(token: $token, country: $country, removeUnavailable: $removeUnavailable) {
      checkout { ...CheckoutFields } errors { field code message } removedLines { sku name quantity }
    }
  }
  ${CHECKOUT_FIELDS}
`;

export const CHECKOUT_LINE_DELETE: TypedDocumentNode<CheckoutLineDeleteMutation, CheckoutLineDeleteMutationVariables> = gql`
  mutation CheckoutLineDelete($token: String!, $lineId: ID!, $expectedVersion: Int) {
    checkoutLineDelete(token: $token, lineId: $lineId, expectedVersion: $expectedVersion) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

export const TRADE_IN_UPDATE: TypedDocumentNode<CheckoutTradeInProgramDataUpdateMutation, CheckoutTradeInProgramDataUpdateMutationVariables> = gql`
  mutation CheckoutTradeInProgramDataUpdate($token: String!, $deviceModel: String!, $serialNumber: String!) {
    checkoutTradeInProgramDataUpdate(token: $token, deviceModel: $deviceModel, serialNumber: $serialNumber) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

export const TRADE_IN_PREVIEW: TypedDocumentNode<CheckoutTradeInPromoPreviewQuery, CheckoutTradeInPromoPreviewQueryVariables> = gql`
  query CheckoutTradeInPromoPreview($token: String!, $deviceModel: String!) { checkoutTradeInPromoPreview(token: $token, deviceModel: $deviceModel) { currency fractionalAmount } }
`;

/** CheckoutEstimatedDelivery (spec §7): the first and last day the chosen shipping method may deliver on (ISO dates); null when nothing ships. */
export const ESTIMATED_DELIVERY: TypedDocumentNode<CheckoutEstimatedDeliveryQuery, CheckoutEstimatedDeliveryQueryVariables> = gql`
  query CheckoutEstimatedDelivery($token: String!) { checkoutEstimatedDelivery(token: $token) { from to } }
`;

export const UPDATE_VOUCHER: TypedDocumentNode<UpdateVoucherMutation, UpdateVoucherMutationVariables> = gql`
  mutation UpdateVoucher($token: String!, $voucherCode: String) { checkoutVoucherUpdate(token: $token, voucherCode: $voucherCode) { ...CheckoutPayloadFields } }
  ${PAYLOAD}
`;

export const CHECKOUT_CONTACT_UPDATE: TypedDocumentNode<CheckoutContactUpdateMutation, CheckoutContactUpdateMutationVariables> = gql`
  mutation CheckoutContactUpdate($token: String!, $email: String!, $firstName: String, $lastName: String, $marketingOptIn: Boolean, $marketingTextVersion: String) {
    checkoutContactUpdate(token: $token, email: $email, firstName: $firstName, lastName: $lastName, marketingOptIn: $marketingOptIn, marketingTextVersion: $marketingTextVersion) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

export const UPDATE_SHIPPING_ADDRESS: TypedDocumentNode<UpdateCheckoutShippingAddressMutation, UpdateCheckoutShippingAddressMutationVariables> = gql`
  mutation UpdateCheckoutShippingAddress($token: String!, $address: AddressInput!) {
    checkoutShippingAddressUpdate(token: $token, shippingAddress: $address) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

export const UPDATE_BILLING_ADDRESS: TypedDocumentNode<UpdateCheckoutBillingAddressMutation, UpdateCheckoutBillingAddressMutationVariables> = gql`
  mutation UpdateCheckoutBillingAddress($token: String!, $address: AddressInput!) {
    checkoutBillingAddressUpdate(token: $token, billingAddress: $address) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

export const UPDATE_SHIPPING_METHOD: TypedDocumentNode<CheckoutShippingMethodUpdateMutation, CheckoutShippingMethodUpdateMutationVariables> = gql`
  mutation CheckoutShippingMethodUpdate($token: String!, $shippingMethodId: String!) {
    checkoutShippingMethodUpdate(token: $token, shippingMethodId: $shippingMethodId) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

export const VAT_NUMBER_UPDATE: TypedDocumentNode<CheckoutVatNumberUpdateMutationMutation, CheckoutVatNumberUpdateMutationMutationVariables> = gql`
  mutation CheckoutVatNumberUpdateMutation($token: String!, $vatNumber: String) {
    checkoutVatNumberUpdate(token: $token, vatNumber: $vatNumber) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

export const QUOTE_DATA_UPDATE: TypedDocumentNode<CheckoutQuoteDataUpdateMutation, CheckoutQuoteDataUpdateMutationVariables> = gql`
  mutation CheckoutQuoteDataUpdate($token: String!, $input: QuoteDataInput!) { checkoutQuoteDataUpdate(token: $token, input: $input) { ...CheckoutPayloadFields } }
  ${PAYLOAD}
`;

export const BEFORE_PLACE_ORDER: TypedDocumentNode<CheckoutBeforePlaceOrderMutationMutation, CheckoutBeforePlaceOrderMutationMutationVariables> = gql`
  mutation CheckoutBeforePlaceOrderMutation($token: String!, $paymentMethod: PaymentMethodType!, $attestations: [String!]!, $savedPaymentMethodId: ID) {
    checkoutBeforePlaceOrder(token: $token, paymentMethod: $paymentMethod, attestations: $attestations, savedPaymentMethodId: $savedPaymentMethodId) { checkout { ...CheckoutFields } errors { field code message } }
  }
  ${CHECKOUT_FIELDS}
`;

const ORDER_FIELDS = gql`
  fragment OrderMoney on Money { currency fractionalAmount }
  fragment OrderTaxed on TaxedMoney { currency net { ...OrderMoney } tax { ...OrderMoney } gross { ...OrderMoney } }
  fragment OrderFields on Order {
    token number created userEmail paymentMethod paymentStatus paymentState fulfilmentState cancelled
    shipments { carrier trackingNumber trackingUrl created lines { productRawName variantName productSku quantity } }
    creditNotes { number }
    lines { productRawName variantName productSku quantity isFreeItemLine thumbnail unitPrice { ...OrderTaxed } undiscountedUnitPrice { ...OrderMoney } totalPrice { ...OrderTaxed } }
    payments { method status ccBrand ccLastDigits ccExpMonth ccExpYear }
    invoice { token status amount { ...OrderMoney } dueAt }
    voucher { code name discount { ...OrderMoney } }
    tradeIn { deviceModel serialNumber credit { ...OrderTaxed } }
    offers { name discount { ...OrderMoney } }
    subtotal { ...OrderTaxed } shippingPrice { ...OrderTaxed } discount { ...OrderMoney } total { ...OrderTaxed } totalSavings { ...OrderMoney }
    taxExemption vatRegistrationNumber displayGrossPrices
  }
`;

/** Placing answers with the order's token only: the confirmation page reads the order itself. */
export const PLACE_ORDER: TypedDocumentNode<CheckoutPlaceOrderMutation, CheckoutPlaceOrderMutationVariables> = gql`
  mutation CheckoutPlaceOrder($token: String!, $idempotencyKey: String!, $expectedTotal: Int, $card: TestCardInput, $savedPaymentMethodId: ID) {
    checkoutPlaceOrder(token: $token, idempotencyKey: $idempotencyKey, expectedTotal: $expectedTotal, card: $card, savedPaymentMethodId: $savedPaymentMethodId) { order { token } errors { field code message } }
  }
`;

export const ORDER_BY_TOKEN: TypedDocumentNode<OrderByTokenQuery, OrderByTokenQueryVariables> = gql`
  query OrderByToken($token: String!) { orderByToken(token: $token) { ...OrderFields } }
  ${ORDER_FIELDS}
`;

export const INVOICE_BY_TOKEN: TypedDocumentNode<InvoiceByTokenQuery, InvoiceByTokenQueryVariables> = gql`
  query InvoiceByToken($token: String!) { invoiceByToken(token: $token) { token status amount { currency fractionalAmount } dueAt orderNumber orderToken orderCancelled } }
`;

export const INVOICE_PAY: TypedDocumentNode<InvoicePayMutation, InvoicePayMutationVariables> = gql`
  mutation InvoicePay($token: String!, $card: TestCardInput!) {
    invoicePay(token: $token, card: $card) { invoice { token status amount { currency fractionalAmount } dueAt orderNumber orderToken orderCancelled } errors { field code message } }
  }
`;

export const ORDER_PAY: TypedDocumentNode<OrderPayMutation, OrderPayMutationVariables> = gql`
  mutation OrderPay($token: String!, $card: TestCardInput!) { orderPay(token: $token, card: $card) { order { ...OrderFields } errors { field code message } } }
  ${ORDER_FIELDS}
`;

/** UpdateExpressCheckoutShippingAddress: the partial address a wallet shares before the buyer pays, for shipping and tax. */
export const EXPRESS_SHIPPING_ADDRESS_UPDATE: TypedDocumentNode<UpdateExpressCheckoutShippingAddressMutation, UpdateExpressCheckoutShippingAddressMutationVariables> = gql`
  mutation UpdateExpressCheckoutShippingAddress($token: String!, $shippingAddress: AddressInput!) {
    checkoutExpressShippingAddressUpdate(token: $token, shippingAddress: $shippingAddress) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

/** AddExpressCheckoutAddresses: everything the wallet hands over once the buyer pays, validated together. */
export const EXPRESS_ADDRESSES_ADD: TypedDocumentNode<AddExpressCheckoutAddressesMutation, AddExpressCheckoutAddressesMutationVariables> = gql`
  mutation AddExpressCheckoutAddresses($token: String!, $shippingAddress: AddressInput!, $billingAddress: AddressInput, $email: String) {
    checkoutExpressAddressesAdd(token: $token, shippingAddress: $shippingAddress, billingAddress: $billingAddress, email: $email) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;

/** CheckoutOrganizationUpdate: the organization a signed-in buyer's checkout is for (the checkout's organization step). */
export const CHECKOUT_ORGANIZATION_UPDATE: TypedDocumentNode<CheckoutOrganizationUpdateMutation, CheckoutOrganizationUpdateMutationVariables> = gql`
  mutation CheckoutOrganizationUpdate($token: String!, $organizationMembershipId: ID) {
    checkoutOrganizationUpdate(token: $token, organizationMembershipId: $organizationMembershipId) { ...CheckoutPayloadFields }
  }
  ${PAYLOAD}
`;
