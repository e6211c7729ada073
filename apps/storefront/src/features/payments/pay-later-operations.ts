import { gql, type TypedDocumentNode } from '@apollo/client';
import type { InvoicePaymentStartMutation, InvoicePaymentStartMutationVariables, OrderPaymentStartMutation, OrderPaymentStartMutationVariables } from '../../graphql/generated.ts';

/**
 * Paying an open invoice or a failed order later: with Stripe, the intent its Payment Element confirms (and the
 * key it confirms with); with the test gateway, none (its own card form pays).
 */
export const INVOICE_PAYMENT_START: TypedDocumentNode<InvoicePaymentStartMutation, InvoicePaymentStartMutationVariables> = gql`
  mutation InvoicePaymentStart($token: String!) { invoicePaymentStart(token: $token) { clientSecret publishableKey errors { field code message } } }
`;

export const ORDER_PAYMENT_START: TypedDocumentNode<OrderPaymentStartMutation, OrderPaymentStartMutationVariables> = gql`
  mutation OrderPaymentStart($token: String!) { orderPaymentStart(token: $token) { clientSecret publishableKey errors { field code message } } }
`;
