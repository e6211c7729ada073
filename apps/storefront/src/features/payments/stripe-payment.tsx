import { loadStripe, type Stripe, type StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

/**
 * Stripe's Payment Element (PAYMENT_GATEWAY=stripe): the buyer's card or bank details are typed in
 * Stripe's own frame, so no card number touches this page, our server or our logs. Confirming sends the
 * buyer to Stripe's next step (3-D Secure, a bank) and back to the payment return page, which places
 * the order. Loaded only in Stripe mode (this module is imported on demand).
 * With a SetupIntent's secret (`setup`), it saves a method instead of paying: Stripe confirms in place
 * when it can (`redirect: 'if_required'`), then `setup.onConfirmed` records the method.
 */
export default function StripePayment({ publishableKey, clientSecret, returnUrl, locale, setup }: {
  publishableKey: string; clientSecret: string; returnUrl: string; locale: string;
  setup?: { submitLabel: string; onConfirmed: () => Promise<void> };
}) {
  const intl = useIntl();
  const mountPoint = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void loadStripe(publishableKey, { locale: locale.split('-')[0] as never }).then((loaded) => {
      if (!loaded || cancelled || !mountPoint.current) return;
      const elements = loaded.elements({ clientSecret });
      elements.create('payment').mount(mountPoint.current);
      setStripe({ stripe: loaded, elements });
    }).catch(() => setMessage(intl.formatMessage({ id: 'errors.network' })));
    return () => {
      cancelled = true;
    };
  }, [publishableKey, clientSecret, locale, intl]);

  const confirm = async () => {
    if (!stripe) return;
    setBusy(true);
    if (setup) {
      const result = await stripe.stripe.confirmSetup({ elements: stripe.elements, confirmParams: { return_url: returnUrl }, redirect: 'if_required' });
      if (result.error) setMessage(result.error.message ?? intl.formatMessage({ id: 'errors.paymentError' }));
      else await setup.onConfirmed();
      setBusy(false);
      return;
    }
    const result = await stripe.stripe.confirmPayment({ elements: stripe.elements, confirmParams: { return_url: returnUrl } });
    // Only reached when the confirmation failed at once (a decline, a bad number): Stripe's message is localized.
    setMessage(result.error?.message ?? intl.formatMessage({ id: 'errors.paymentError' }));
    setBusy(false);
  };

  return (
    <div className="stripe-payment">
      <div ref={mountPoint} />
      {message ? <p className="form-errors" role="alert">{message}</p> : null}
      <button type="button" className="button button--wide" onClick={confirm} disabled={!stripe || busy}>{setup?.submitLabel ?? intl.formatMessage({ id: 'payment.placeOrder' })}</button>
    </div>
  );
}
