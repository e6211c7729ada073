import { useApolloClient } from '@apollo/client/react';
import { data, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { apolloContext } from '../../../data/apollo-context.ts';
import { orFail } from '../../../lib/loader-failure.ts';
import { INVOICE_BY_TOKEN, type InvoiceFields } from '../../checkout/operations.ts';
import { afterProvider, invoiceConfirmationView } from '../confirmation-view.ts';
import { PaymentConfirmationPage } from '../payment-confirmation-page.tsx';

/** The invoice by its token (the token is the access key, as on the invoice payment page); unknown → 404. */
export async function loader({ params, context }: LoaderFunctionArgs): Promise<InvoiceFields> {
  const { data: answer } = await orFail('Failed to load invoice', () =>
    context.get(apolloContext).query({ query: INVOICE_BY_TOKEN, variables: { token: params.invoiceToken ?? '' }, fetchPolicy: 'no-cache' }));
  if (!answer.invoiceByToken) throw data(null, { status: 404, statusText: 'Not Found' });
  return answer.invoiceByToken;
}

/** /invoice-payment-confirmation/{invoiceToken}/: where a buyer lands after paying an invoice at /invoice-payment/{invoiceToken}/. */
export function Component() {
  const invoice = useLoaderData<InvoiceFields>();
  const client = useApolloClient();
  const redirectStatus = useSearchParams()[0].get('redirect_status');
  const read = async () => {
    const { data: answer } = await client.query({ query: INVOICE_BY_TOKEN, variables: { token: invoice.token }, fetchPolicy: 'no-cache' });
    return answer?.invoiceByToken ? afterProvider(invoiceConfirmationView(answer.invoiceByToken), redirectStatus) : null;
  };
  return <PaymentConfirmationPage key={invoice.token} initial={afterProvider(invoiceConfirmationView(invoice), redirectStatus)} read={read} />;
}
