import { lazy, Suspense, type ComponentProps } from 'react';
import { useIntl } from 'react-intl';
import { useBaseData } from '../../data/route-data.ts';
import { Spinner } from '../../ui/spinner.tsx';

/** Stripe's code is fetched only when a Stripe-mode page shows its element. */
const StripePayment = lazy(() => import('./stripe-payment.tsx'));

/**
 * Stripe's Payment Element in the route's locale, loaded on demand (a spinner meanwhile); Stripe brings the
 * buyer back to `returnPath`, a path under the route's base path on our own origin.
 */
export function StripeElement({ returnPath, loadingLabel, ...element }: Omit<ComponentProps<typeof StripePayment>, 'returnUrl' | 'locale'> & { returnPath: string; loadingLabel: string }) {
  const intl = useIntl();
  const base = useBaseData();
  return (
    <Suspense fallback={<Spinner label={loadingLabel} />}>
      <StripePayment {...element} locale={intl.locale} returnUrl={`${window.location.origin}${base.basePath}${returnPath}`} />
    </Suspense>
  );
}
