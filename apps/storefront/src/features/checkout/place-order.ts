import type { ApolloClient } from '@apollo/client';
import { idempotencyKey, NO_CACHE, storeCheckoutToken } from './cart-session.ts';
import { PLACE_ORDER, type BusinessErrorFields, type CheckoutFields } from './operations.ts';

export interface TestCard { number: string; cvc: string; expMonth: number; expYear: number }

/**
 * Places the order of a prepared checkout at the total the buyer saw, once per checkout (its idempotency
 * key survives a retry or a reload). On success the cart is forgotten; a refusal (a declined card, a
 * changed price) keeps it, so the buyer may try again.
 */
export async function placeOrder(client: ApolloClient, prepared: CheckoutFields, card: TestCard | null, savedPaymentMethodId: string | null = null): Promise<{ orderToken: string } | { errors: BusinessErrorFields[] }> {
  try {
    const { data } = await client.mutate({
      mutation: PLACE_ORDER,
      variables: { token: prepared.token, idempotencyKey: idempotencyKey(`place:${prepared.token}`), expectedTotal: prepared.totalPrice.gross.fractionalAmount, card, savedPaymentMethodId },
      ...NO_CACHE,
    });
    const result = data!.checkoutPlaceOrder;
    if (!result.order) return { errors: result.errors };
    storeCheckoutToken(null);
    return { orderToken: result.order.token };
  } catch {
    return { errors: [{ field: null, code: 'NETWORK', message: '' }] };
  }
}
