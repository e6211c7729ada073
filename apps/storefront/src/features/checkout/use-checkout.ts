import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { announceCartCount } from './cart-events.ts';
import { cartCount, currentCheckout } from './cart-session.ts';
import type { CheckoutFields } from './operations.ts';

export type CheckoutState =
  | { kind: 'loading' }
  | { kind: 'empty' }
  | { kind: 'failed' }
  | { kind: 'ready'; checkout: CheckoutFields };

/**
 * The buyer's open checkout in this country, read in the browser (its token lives in local storage, so
 * the server renders these screens as loading). `update` takes a mutation's answer.
 */
export function useCheckout(country: string) {
  const client = useApolloClient();
  const [state, setState] = useState<CheckoutState>({ kind: 'loading' });
  const load = useCallback(async () => {
    try {
      const checkout = await currentCheckout(client, country);
      setState(checkout ? { kind: 'ready', checkout } : { kind: 'empty' });
    } catch {
      setState({ kind: 'failed' });
    }
  }, [client, country]);
  useEffect(() => void load(), [load]);
  const update = useCallback((checkout: CheckoutFields | null) => {
    if (!checkout) return;
    setState({ kind: 'ready', checkout });
    announceCartCount(cartCount(checkout));
  }, []);
  return { state, update, reload: load };
}
