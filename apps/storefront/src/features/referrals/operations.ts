import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CheckoutReferrerUpdateMutation, CheckoutReferrerUpdateMutationVariables, ReferrerQuery, ReferrerQueryVariables } from '../../graphql/generated.ts';

export const REFERRER: TypedDocumentNode<ReferrerQuery, ReferrerQueryVariables> = gql`
  query Referrer($token: String!) { referrer(token: $token) { name organizationName } }
`;

export const CHECKOUT_REFERRER_UPDATE: TypedDocumentNode<CheckoutReferrerUpdateMutation, CheckoutReferrerUpdateMutationVariables> = gql`
  mutation CheckoutReferrerUpdate($token: String!, $referrerToken: String) {
    checkoutReferrerUpdate(token: $token, referrerToken: $referrerToken) { checkout { token referrer { name organizationName } } errors { field code message } }
  }
`;
