import { useApolloClient } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { ESTIMATED_DELIVERY, type CheckoutFields } from './operations.ts';

/** An ISO date (YYYY-MM-DD) as noon UTC, so that formatting it in UTC shows that very day in every zone. */
const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

/**
 * "Estimated delivery: Wed, 2 Dec – Fri, 4 Dec" in the checkout's summary (every step, the shipping and
 * payment steps included): the window the server counts in business days from today for the checkout's
 * chosen shipping method (standard until one is chosen), asked again when the method or the checkout's
 * country changes, written as the route's language writes a date range. Nothing for a checkout that
 * ships nothing, and nothing while (or if) the answer is not there: it is a forecast, not a promise the
 * page depends on.
 */
export function EstimatedDelivery({ checkout }: { checkout: CheckoutFields }) {
  const intl = useIntl();
  const client = useApolloClient();
  const [estimate, setEstimate] = useState<{ from: string; to: string } | null>(null);
  const ships = checkout.isShippingRequired;
  const method = checkout.shippingMethod?.id ?? null;
  const country = checkout.country.code;
  useEffect(() => {
    if (!ships) {
      setEstimate(null);
      return;
    }
    let current = true;
    client.query({ query: ESTIMATED_DELIVERY, variables: { token: checkout.token }, fetchPolicy: 'network-only' })
      .then((r) => { if (current) setEstimate(r.data?.checkoutEstimatedDelivery ?? null); }, () => { if (current) setEstimate(null); });
    return () => { current = false; };
  }, [client, checkout.token, ships, method, country]);
  if (!ships || !estimate) return null;
  const range = intl.formatDateTimeRange(day(estimate.from), day(estimate.to), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  return <p className="estimated-delivery" data-testid="estimated-delivery">{intl.formatMessage({ id: 'checkout.estimatedDelivery' }, { range })}</p>;
}
