import { useEffect } from 'react';
import { DATA_CONFIG } from '../../data/config.ts';
import { FINANCING_SCRIPT_ATTRIBUTE, financingScriptSrc } from './financing.ts';

/**
 * The payment-financing snippet of the iq product pages: the partner's script, loaded once, and the
 * element it fills with the instalment offer for the amount shown. Renders nothing in the vet store
 * variant or when no script is configured.
 */
export function FinancingSnippet({ amount, currency, storeType, scriptUrl = DATA_CONFIG.financingScriptUrl }: {
  amount: number;
  currency: string;
  /** The Shop query's storeType (the store root loads it). */
  storeType: string | undefined;
  /** VITE_FINANCING_SCRIPT_URL unless given. */
  scriptUrl?: string;
}) {
  const src = financingScriptSrc(storeType, scriptUrl);
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
