import { gql, type TypedDocumentNode } from '@apollo/client';
import type { PayLinkPayMutation, PayLinkPayMutationVariables, PayLinkQuery, PayLinkQueryVariables } from '../../graphql/generated.ts';

export type PayLinkFields = NonNullable<PayLinkQuery['payLink']>;

const PAY_LINK_FIELDS = gql`
  fragment PayLinkFields on PayLink {
    state number orderNumber orderToken email currency subtotal shipping tax total expiresAt requiredAttestations
    lines { name sku quantity total }
    shippingAddress { name companyName streetAddress1 streetAddress2 city postalCode countryArea phone country { code } }
  }
`;

/** PayLink: the order the store wrote for the buyer, by its pay link's token (issue 35). */
export const PAY_LINK: TypedDocumentNode<PayLinkQuery, PayLinkQueryVariables> = gql`
  query PayLink($token: String!) { payLink(token: $token) { ...PayLinkFields } }
  ${PAY_LINK_FIELDS}
`;

/** PayLinkPay: pays it by card, once however often it is sent. */
export const PAY_LINK_PAY: TypedDocumentNode<PayLinkPayMutation, PayLinkPayMutationVariables> = gql`
  mutation PayLinkPay($token: String!, $card: TestCardInput!, $attestations: [String!], $expectedTotal: Int) {
    payLinkPay(token: $token, card: $card, attestations: $attestations, expectedTotal: $expectedTotal) { payLink { ...PayLinkFields } errors { field code message } }
  }
  ${PAY_LINK_FIELDS}
`;
