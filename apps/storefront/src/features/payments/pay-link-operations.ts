import { gql, type TypedDocumentNode } from '@apollo/client';
import type { PayLinkPaymentStartMutation, PayLinkPaymentStartMutationVariables, PayLinkPayMutation, PayLinkPayMutationVariables, PayLinkQuery, PayLinkQueryVariables } from '../../graphql/generated.ts';

export type PayLinkFields = NonNullable<PayLinkQuery['payLink']>;

const PAY_LINK_FIELDS = gql`
  fragment PayLinkFields on PayLink {
    state number orderNumber orderToken email currency subtotal shipping tax total expiresAt requiredAttestations publishableKey
    lines { name sku quantity total }
    shippingAddress { name companyName streetAddress1 streetAddress2 city postalCode countryArea phone country { code } }
  }
`;

/** PayLink: the order the store wrote for the buyer, by its pay link's token (issue 35). */
export const PAY_LINK: TypedDocumentNode<PayLinkQuery, PayLinkQueryVariables> = gql`
  query PayLink($token: String!) { payLink(token: $token) { ...PayLinkFields } }
  ${PAY_LINK_FIELDS}
`;

/** PayLinkPay: pays it by card (the test gateway's form), or places it once its Stripe intent was paid (no card); once however often it is sent. */
export const PAY_LINK_PAY: TypedDocumentNode<PayLinkPayMutation, PayLinkPayMutationVariables> = gql`
  mutation PayLinkPay($token: String!, $card: TestCardInput, $attestations: [String!], $expectedTotal: Int) {
    payLinkPay(token: $token, card: $card, attestations: $attestations, expectedTotal: $expectedTotal) { payLink { ...PayLinkFields } errors { field code message } }
  }
  ${PAY_LINK_FIELDS}
`;

/** PayLinkPaymentStart: with Stripe, the intent its Payment Element confirms (the attestations given, at the total shown); with the test gateway, none. */
export const PAY_LINK_PAYMENT_START: TypedDocumentNode<PayLinkPaymentStartMutation, PayLinkPaymentStartMutationVariables> = gql`
  mutation PayLinkPaymentStart($token: String!, $attestations: [String!], $expectedTotal: Int) {
    payLinkPaymentStart(token: $token, attestations: $attestations, expectedTotal: $expectedTotal) { clientSecret publishableKey errors { field code message } }
  }
`;
