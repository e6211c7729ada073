import { skipToken, useQuery } from '@apollo/client/react';
import type { BusinessErrorFields } from '../../data/error-messages.ts';
import type { SubscriptionChangeInput } from '../../graphql/generated.ts';
import { PRORATION_PREVIEW, RENEWAL_PREVIEW, type Quote } from './operations.ts';
import { NO_ANSWER } from './use-charge.ts';

export interface QuoteState {
  quote: Quote | null;
  errors: BusinessErrorFields[];
  loading: boolean;
  refetch: () => void;
}

/** CheckoutProrationPreview for the change chosen now (asked again on every choice); nothing while there is no valid choice. */
export function useChangeQuote(organizationId: string, input: SubscriptionChangeInput | null): QuoteState {
  const result = useQuery(PRORATION_PREVIEW, input ? { variables: { organizationId, input }, fetchPolicy: 'network-only' } : skipToken);
  const payload = result.data?.subscriptionChangePreview;
  return {
    quote: result.loading ? null : payload?.quote ?? null,
    errors: result.loading ? [] : payload?.errors ?? (result.error ? [NO_ANSWER] : []),
    loading: result.loading,
    refetch: () => void result.refetch(),
  };
}

/** The renewal's price and the period it buys (an ended or past-due subscription). */
export function useRenewalQuote(organizationId: string, ask: boolean): QuoteState {
  const result = useQuery(RENEWAL_PREVIEW, ask ? { variables: { organizationId }, fetchPolicy: 'network-only' } : skipToken);
  const payload = result.data?.subscriptionRenewalPreview;
  return {
    quote: result.loading ? null : payload?.quote ?? null,
    errors: result.loading ? [] : payload?.errors ?? (result.error ? [NO_ANSWER] : []),
    loading: result.loading,
    refetch: () => void result.refetch(),
  };
}
