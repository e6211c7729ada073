import { useApolloClient } from '@apollo/client/react';
import { useLoaderData, useSearchParams } from 'react-router';
import { ORDER_BY_TOKEN, type OrderFields } from '../../checkout/operations.ts';
import { afterProvider, orderConfirmationView } from '../confirmation-view.ts';
import { PaymentConfirmationPage } from '../payment-confirmation-page.tsx';

export { orderByTokenLoader as loader } from '../order-loader.ts';

/** /order-payment-confirmation/{orderToken}/: where a buyer lands after paying an order at /order-payment/{orderToken}/. */
export function Component() {
  const order = useLoaderData<OrderFields>();
  const client = useApolloClient();
  const redirectStatus = useSearchParams()[0].get('redirect_status');
  const read = async () => {
    const { data: answer } = await client.query({ query: ORDER_BY_TOKEN, variables: { token: order.token }, fetchPolicy: 'no-cache' });
    return answer?.orderByToken ? afterProvider(orderConfirmationView(answer.orderByToken), redirectStatus) : null;
  };
  return <PaymentConfirmationPage key={order.token} initial={afterProvider(orderConfirmationView(order), redirectStatus)} read={read} />;
}
