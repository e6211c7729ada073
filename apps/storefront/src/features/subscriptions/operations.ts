import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  PaymentMethodCreateMutation, PaymentMethodCreateMutationVariables, PaymentMethodDeleteMutation, PaymentMethodDeleteMutationVariables,
  PaymentMethodSetAsPrimaryMutation, PaymentMethodSetAsPrimaryMutationVariables, PaymentMethodSetupStartMutation, PaymentMethodSetupStartMutationVariables,
  PaymentMethodUpdateMutation, PaymentMethodUpdateMutationVariables, SavedPaymentMethodFieldsFragment, SavedPaymentMethodsQuery, SavedPaymentMethodsQueryVariables,
  SubscriptionAutoRenewalSetMutation, SubscriptionAutoRenewalSetMutationVariables, SubscriptionManagementQuery, SubscriptionManagementQueryVariables,
  SubscriptionScheduleAddMutation, SubscriptionScheduleAddMutationVariables, SubscriptionScheduleRemoveMutation, SubscriptionScheduleRemoveMutationVariables,
} from '../../graphql/generated.ts';

export type SavedMethod = SavedPaymentMethodFieldsFragment;
export type ManagedMembership = NonNullable<SubscriptionManagementQuery['me']>['organizationMemberships'][number];
export type ManagedOrganization = ManagedMembership['organization'];
export type ManagedSubscription = NonNullable<ManagedOrganization['subscription']>;
export type MethodsMembership = NonNullable<SavedPaymentMethodsQuery['me']>['organizationMemberships'][number];

/** What a saved method shows (spec §3 saved payment methods); the token never leaves the server's answer unused. */
const SAVED_METHOD_FIELDS = gql`
  fragment SavedPaymentMethodFields on SavedPaymentMethod {
    ... on CreditCard { __typename id isPrimary brand lastDigits expMonth expYear name }
    ... on SEPADirectDebit { __typename id isPrimary lastDigits bankCountry }
    ... on BankAccount { __typename id isPrimary lastDigits bankName bankCountry }
  }
`;

/**
 * Subscription management: each of the user's memberships with its organization's plan, period, limits
 * and scheduled change, and (admins only; a member gets none) the saved methods renewals are charged to.
 */
export const SUBSCRIPTION_MANAGEMENT: TypedDocumentNode<SubscriptionManagementQuery, SubscriptionManagementQueryVariables> = gql`
  query SubscriptionManagement {
    me {
      id
      organizationMemberships {
        id isOrganizationAdmin
        organization {
          id name planType subscriptionStatus isAutoRenewalActive
          maxSeats availableSeats maxDevices registeredProbes registeredProbesPlus registeredProbesIq3
          subscription {
            planType term currentPeriodStart currentPeriodEnd renewalFailures scheduledPlan
            scheduledPrice { currency fractionalAmount } currentPrice { currency fractionalAmount }
          }
        }
        availableReusablePaymentMethods { ...SavedPaymentMethodFields }
      }
    }
  }
  ${SAVED_METHOD_FIELDS}
`;

/** My account's payment methods: the saved methods of each organization the user administers. */
export const SAVED_PAYMENT_METHODS: TypedDocumentNode<SavedPaymentMethodsQuery, SavedPaymentMethodsQueryVariables> = gql`
  query SavedPaymentMethods {
    me {
      id
      organizationMemberships {
        id isOrganizationAdmin
        organization { id name country }
        availableReusablePaymentMethods { ...SavedPaymentMethodFields }
      }
    }
  }
  ${SAVED_METHOD_FIELDS}
`;

export const SCHEDULE_ADD: TypedDocumentNode<SubscriptionScheduleAddMutation, SubscriptionScheduleAddMutationVariables> = gql`
  mutation SubscriptionScheduleAdd($organizationId: ID!, $plan: PlanType!) {
    subscriptionScheduleAdd(organizationId: $organizationId, plan: $plan) { subscription { scheduledPlan } errors { code field message } }
  }
`;

export const SCHEDULE_REMOVE: TypedDocumentNode<SubscriptionScheduleRemoveMutation, SubscriptionScheduleRemoveMutationVariables> = gql`
  mutation SubscriptionScheduleRemove($organizationId: ID!) {
    subscriptionScheduleRemove(organizationId: $organizationId) { subscription { scheduledPlan } errors { code field message } }
  }
`;

export const AUTO_RENEWAL_SET: TypedDocumentNode<SubscriptionAutoRenewalSetMutation, SubscriptionAutoRenewalSetMutationVariables> = gql`
  mutation SubscriptionAutoRenewalSet($organizationId: ID!, $on: Boolean!) {
    subscriptionAutoRenewalSet(organizationId: $organizationId, on: $on) { subscription { planType } errors { code field message } }
  }
`;

export const SETUP_START: TypedDocumentNode<PaymentMethodSetupStartMutation, PaymentMethodSetupStartMutationVariables> = gql`
  mutation PaymentMethodSetupStart($organizationId: ID!, $kind: SavedPaymentMethodKind!) {
    paymentMethodSetupStart(organizationId: $organizationId, kind: $kind) { setupId clientSecret publishableKey }
  }
`;

export const METHOD_CREATE: TypedDocumentNode<PaymentMethodCreateMutation, PaymentMethodCreateMutationVariables> = gql`
  mutation PaymentMethodCreate($organizationId: ID!, $input: PaymentMethodCreateInput!) {
    paymentMethodCreate(organizationId: $organizationId, input: $input) { paymentMethod { ...SavedPaymentMethodFields } errors { code field message } }
  }
  ${SAVED_METHOD_FIELDS}
`;

export const METHOD_UPDATE: TypedDocumentNode<PaymentMethodUpdateMutation, PaymentMethodUpdateMutationVariables> = gql`
  mutation PaymentMethodUpdate($organizationId: ID!, $id: ID!, $name: String) {
    paymentMethodUpdate(organizationId: $organizationId, id: $id, name: $name) { paymentMethod { ...SavedPaymentMethodFields } errors { code field message } }
  }
  ${SAVED_METHOD_FIELDS}
`;

export const METHOD_DELETE: TypedDocumentNode<PaymentMethodDeleteMutation, PaymentMethodDeleteMutationVariables> = gql`
  mutation PaymentMethodDelete($organizationId: ID!, $id: ID!) {
    paymentMethodDelete(organizationId: $organizationId, id: $id) { errors { code field message } }
  }
`;

export const METHOD_SET_PRIMARY: TypedDocumentNode<PaymentMethodSetAsPrimaryMutation, PaymentMethodSetAsPrimaryMutationVariables> = gql`
  mutation PaymentMethodSetAsPrimary($organizationId: ID!, $id: ID!) {
    paymentMethodSetAsPrimary(organizationId: $organizationId, id: $id) { paymentMethod { ...SavedPaymentMethodFields } errors { code field message } }
  }
  ${SAVED_METHOD_FIELDS}
`;
