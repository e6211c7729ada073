import type { BusinessErrorFields } from '../../data/error-messages.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { QuoteSummary } from './quote-summary.tsx';
import type { QuoteState } from './use-quote.ts';
import { UpgradeErrors } from './upgrade-errors.tsx';
import { useT } from './use-t.ts';

/**
 * The price side of an upgrade form: the server's quote for the choice (or why there is none), the
 * button that charges it, and the answer's errors. The button waits for a quote, a saved method when
 * something is charged, and the request in flight.
 */
export function QuotePanel({ quote, kind, currentPlan, actionLabel, sending, errors, operation, fields = [], waiting }: {
  quote: QuoteState;
  kind: 'change' | 'renewal';
  currentPlan: string;
  actionLabel: string;
  sending: boolean;
  /** The charge's errors (the quote's own are shown here too). */
  errors: BusinessErrorFields[];
  operation: string;
  /** Fields whose errors the form shows under them. */
  fields?: string[];
  /** Shown while the choice is not one the server can price (e.g. no add-on picked). */
  waiting?: string;
}) {
  const t = useT();
  const q = quote.quote;
  const payable = q !== null && (q.paymentMethod !== null || q.amount.fractionalAmount === 0 || q.scheduled);
  return (
    <section className="upgrade-card upgrade-panel" aria-labelledby="upgrade-price-title">
      <h2 id="upgrade-price-title">{t('upgrade.quote.heading')}</h2>
      <div className="upgrade-panel__quote" aria-live="polite" aria-busy={quote.loading}>
        {quote.loading ? <Spinner label={t('upgrade.quote.loading')} /> : q ? <QuoteSummary quote={q} kind={kind} currentPlan={currentPlan} /> : waiting && !quote.errors.length ? <p className="upgrade-muted">{waiting}</p> : null}
        <UpgradeErrors errors={quote.errors} operation={operation} fields={fields} />
      </div>
      <button type="submit" className="button button--wide" disabled={!payable || sending || quote.loading} aria-busy={sending} data-testid="upgrade-submit">
        {actionLabel}
      </button>
      <div role="status" className="upgrade-panel__status">{sending ? t('upgrade.sending') : ''}</div>
      <UpgradeErrors errors={errors} operation={operation} fields={fields} />
    </section>
  );
}
