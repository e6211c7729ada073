import { useEffect } from 'react';
import { useRouteLoaderData } from 'react-router';
import { DATA_CONFIG } from '../data/config.ts';
import { FINANCING_SCRIPT_ATTRIBUTE, financingScriptSrc } from '../lib/financing.ts';
import type { StoreData } from '../routes/store.tsx';

/**
 * The payment-financing snippet of the iq product pages: the partner's script, loaded once, and the
 * element it fills with the instalment offer for the amount shown. Renders nothing in the vet store
 * variant or when no script is configured.
 */
export function FinancingSnippet({ amount, currency }: { amount: number; currency: string }) {
  const store = useRouteLoaderData<StoreData>('store');
  const src = financingScriptSrc(store?.shop.storeType, DATA_CONFIG.financingScriptUrl);
  useEffect(() => {
    if (!src || document.querySelector(`script[${FINANCING_SCRIPT_ATTRIBUTE}]`)) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.setAttribute(FINANCING_SCRIPT_ATTRIBUTE, '');
    document.body.appendChild(script);
  }, [src]);
  if (!src) return null;
  return <div className="financing" data-financing-amount={amount} data-financing-currency={currency} />;
}
