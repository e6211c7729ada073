import { useApolloClient } from '@apollo/client/react';
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apolloContext } from '../../../data/apollo-context.ts';
import { orFail } from '../../../lib/loader-failure.ts';
import { ORDER_BY_TOKEN, type OrderFields } from '../../checkout/operations.ts';
import { orderConfirmationView } from '../confirmation-view.ts';
import { PaymentConfirmationPage } from '../payment-confirmation-page.tsx';

/** The order by its token (the token is the access key, as on the order payment page); unknown → 404. */
export async function loader({ params, context }: LoaderFunctionArgs): Promise<OrderFields> {
  const { data: answer } = await orFail('Failed to load order', () =>
    context.get(apolloContext).query({ query: ORDER_BY_TOKEN, variables: { token: params.orderToken ?? '' }, fetchPolicy: 'no-cache' }));
  if (!answer.orderByToken) throw data(null, { status: 404, statusText: 'Not Found' });
  return answer.orderByToken;
}

/** /order-payment-confirmation/{orderToken}/: where a buyer lands after paying an order at /order-payment/{orderToken}/. */
export function Component() {
  const order = useLoaderData<OrderFields>();
  const client = useApolloClient();
  const read = async () => {
    const { data: answer } = await client.query({ query: ORDER_BY_TOKEN, variables: { token: order.token }, fetchPolicy: 'no-cache' });
    return answer?.orderByToken ? orderConfirmationView(answer.orderByToken) : null;
  };
  return <PaymentConfirmationPage key={order.token} initial={orderConfirmationView(order)} read={read} />;
}
