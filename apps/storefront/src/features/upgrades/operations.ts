import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  ChangeSubscriptionMutation, ChangeSubscriptionMutationVariables, CheckoutProrationPreviewQuery, CheckoutProrationPreviewQueryVariables,
  SubscriptionRenewalMutation, SubscriptionRenewalMutationVariables, UpgradeAccountQuery, UpgradeAccountQueryVariables, UpgradeCatalogueQuery,
  UpgradeCatalogueQueryVariables, UpgradeQuoteFragment, UpgradeRenewalPreviewQuery, UpgradeRenewalPreviewQueryVariables,
} from '../../graphql/generated.ts';

export type UpgradeMembership = NonNullable<UpgradeAccountQuery['me']>['organizationMemberships'][number];
export type UpgradeOrganization = UpgradeMembership['organization'];
export type UpgradeSubscription = NonNullable<UpgradeOrganization['subscription']>;
export type SavedMethod = UpgradeMembership['availableReusablePaymentMethods'][number];
export type Quote = UpgradeQuoteFragment;
export type UpgradeCatalogue = UpgradeCatalogueQuery['shop'];
export type ExtraProbe = UpgradeCatalogue['catalogue']['human'][number];

const SAVED_METHOD = gql`
  fragment UpgradeSavedMethod on SavedPaymentMethod {
    __typename
    ... on CreditCard { id isPrimary brand lastDigits expMonth expYear }
    ... on SEPADirectDebit { id isPrimary lastDigits bankCountry }
    ... on BankAccount { id isPrimary lastDigits bankName }
  }
`;

/**
 * UpgradeAccount: the signed-in user's memberships with what the upgrade pages decide on: the role, the
 * organization's plan and subscription, and (admins only) the saved methods a change is charged to.
 */
export const UPGRADE_ACCOUNT: TypedDocumentNode<UpgradeAccountQuery, UpgradeAccountQueryVariables> = gql`
  query UpgradeAccount {
    me {
      id email
      organizationMemberships {
        id isOrganizationAdmin
        availableReusablePaymentMethods { ...UpgradeSavedMethod }
        organization {
          id name country planType practiceType subscriptionStatus maxSeats maxDevices
          subscription {
            planType term status seats devices currentPeriodStart currentPeriodEnd proCustomFeatures scheduledProCustomFeatures scheduledPlan
            currentPrice { currency fractionalAmount }
          }
        }
      }
    }
  }
  ${SAVED_METHOD}
`;

const QUOTE = gql`
  fragment UpgradeQuote on SubscriptionChangeQuote {
    amount { currency fractionalAmount }
    credit { currency fractionalAmount }
    newPrice { currency fractionalAmount }
    currentPrice { currency fractionalAmount }
    periodEnd scheduled
    paymentMethod { ...UpgradeSavedMethod }
  }
  ${SAVED_METHOD}
`;

/** CheckoutProrationPreview (spec §7): what a change costs now and per period after it, asked on every choice. */
export const PRORATION_PREVIEW: TypedDocumentNode<CheckoutProrationPreviewQuery, CheckoutProrationPreviewQueryVariables> = gql`
  query CheckoutProrationPreview($organizationId: ID!, $input: SubscriptionChangeInput!) {
    subscriptionChangePreview(organizationId: $organizationId, input: $input) { quote { ...UpgradeQuote } errors { field code message } }
  }
  ${QUOTE}
`;

/** UpgradeRenewalPreview: the price of renewing an ended or past-due subscription, and the period it buys. */
export const RENEWAL_PREVIEW: TypedDocumentNode<UpgradeRenewalPreviewQuery, UpgradeRenewalPreviewQueryVariables> = gql`
  query UpgradeRenewalPreview($organizationId: ID!) {
    subscriptionRenewalPreview(organizationId: $organizationId) { quote { ...UpgradeQuote } errors { field code message } }
  }
  ${QUOTE}
`;

const PAYLOAD_SUBSCRIPTION = gql`
  fragment UpgradeChanged on SubscriptionPayload {
    charged { currency fractionalAmount }
    subscription { planType status seats devices currentPeriodEnd proCustomFeatures scheduledProCustomFeatures }
    errors { field code message }
  }
`;

/** ChangeSubscription (spec §7): charged now with the quote the buyer saw (expectedAmount) under one idempotency key. */
export const CHANGE_SUBSCRIPTION: TypedDocumentNode<ChangeSubscriptionMutation, ChangeSubscriptionMutationVariables> = gql`
  mutation ChangeSubscription($organizationId: ID!, $input: SubscriptionChangeInput!, $idempotencyKey: String!, $expectedAmount: Int) {
    subscriptionChange(organizationId: $organizationId, input: $input, idempotencyKey: $idempotencyKey, expectedAmount: $expectedAmount) { ...UpgradeChanged }
  }
  ${PAYLOAD_SUBSCRIPTION}
`;

/** SubscriptionRenewal (spec §7): an ended or past-due subscription renewed now, for the quoted price. */
export const SUBSCRIPTION_RENEWAL: TypedDocumentNode<SubscriptionRenewalMutation, SubscriptionRenewalMutationVariables> = gql`
  mutation SubscriptionRenewal($organizationId: ID!, $idempotencyKey: String!, $expectedAmount: Int) {
    subscriptionRenewal(organizationId: $organizationId, idempotencyKey: $idempotencyKey, expectedAmount: $expectedAmount) { ...UpgradeChanged }
  }
  ${PAYLOAD_SUBSCRIPTION}
`;

/**
 * UpgradeCatalogue: what the pages show before anyone is known (server-rendered): the seat ranges of the
 * team and clinic plans and the extra probes of both markets, priced for the route's country.
 */
export const UPGRADE_CATALOGUE: TypedDocumentNode<UpgradeCatalogueQuery, UpgradeCatalogueQueryVariables> = gql`
  query UpgradeCatalogue($country: CountryCode!, $languageCode: LanguageCodeEnum!) {
    shop {
      teamConfiguration { minSeats maxSeats }
      clinicConfiguration { minSeats maxSeats }
      catalogue(country: $country, languageCode: $languageCode) {
        currency
        displayGrossPrices
        human: variants(group: EXTRA_PROBE, market: HUMAN) { ...UpgradeExtraProbe }
        veterinary: variants(group: EXTRA_PROBE, market: VETERINARY) { ...UpgradeExtraProbe }
      }
    }
  }
  fragment UpgradeExtraProbe on ProductVariant {
    id sku name model connector isAvailable
    product { name shortDescription thumbnail(size: 128) { url alt } }
    pricing { onSale price { currency net { fractionalAmount } gross { fractionalAmount } } priceUndiscounted { currency net { fractionalAmount } gross { fractionalAmount } } }
  }
`;
