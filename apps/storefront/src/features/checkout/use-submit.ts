import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { BusinessErrorFields, CheckoutFields, CheckoutPayload } from './operations.ts';

/** Runs a mutation, keeping its errors; the form keeps what was typed whatever happens. */
export function useSubmit() {
  const [errors, setErrors] = useState<BusinessErrorFields[]>([]);
  const [busy, setBusy] = useState(false);
  const intl = useIntl();
  const submit = async <T,>(call: () => Promise<{ payload: CheckoutPayload | undefined; value?: T }>): Promise<CheckoutFields | null> => {
    setBusy(true);
    try {
      const { payload } = await call();
      const list = payload?.errors ?? [];
      setErrors(list);
      return list.length ? null : (payload?.checkout ?? null);
    } catch {
      setErrors([{ field: null, code: 'NETWORK', message: intl.formatMessage({ id: 'cart.loadFailed' }) }]);
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, busy, submit };
}
