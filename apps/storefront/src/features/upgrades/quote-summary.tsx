import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useBaseData } from '../../data/route-data.ts';
import { Money } from '../../ui/money.tsx';
import { methodName } from '../subscriptions/method-label.ts';
import type { Quote } from './operations.ts';
import { useT } from './use-t.ts';

/** A date of the quote in the route's locale ("12 March 2027"). */
export function useLongDate(): (iso: string | null | undefined) => string {
  const intl = useIntl();
  return (iso) => (iso ? intl.formatDate(iso, { dateStyle: 'long' }) : '—');
}

/**
 * What a quoted change or renewal costs, as the server computed it, as a sum: the new price for the rest
 * of the period, less the credit for the unused part of the current plan, is what is charged today; then
 * the price per year from the renewal date, and the saved method the amount goes to. A change that waits
 * for the renewal says so and charges nothing now.
 */
export function QuoteSummary({ quote, kind, currentPlan }: { quote: Quote; kind: 'change' | 'renewal'; currentPlan: string }) {
  const t = useT();
  const intl = useIntl();
  const base = useBaseData();
  const date = useLongDate();
  const renewal = date(quote.periodEnd);
  // A change charged now (not waiting for the renewal) is the new price for the rest of the period less the unused part's credit.
  const prorated = kind === 'change' && !quote.scheduled;
  return (
    <div className="upgrade-quote" data-testid="upgrade-quote">
      <dl className="upgrade-quote__facts">
        {prorated ? (
          // The sum explained: the new price for what is left of the period, less the credit for the unused part of the old one.
          <div>
            <dt>{t('upgrade.quote.restOfPeriod', { date: renewal })}</dt>
            <dd data-testid="quote-rest"><Money amount={quote.amount.fractionalAmount + quote.credit.fractionalAmount} currency={quote.amount.currency} /></dd>
          </div>
        ) : null}
        {prorated ? (
          <div>
            <dt>{t('upgrade.quote.credit', { plan: currentPlan })}</dt>
            <dd data-testid="quote-credit"><Money amount={quote.credit.fractionalAmount} currency={quote.credit.currency} negative /></dd>
          </div>
        ) : null}
        <div className={`upgrade-quote__today${prorated ? ' upgrade-quote__today--sum' : ''}`}>
          <dt>{t('upgrade.quote.today')}</dt>
          <dd data-testid="quote-amount">{quote.scheduled ? t('upgrade.quote.nothingNow') : <Money amount={quote.amount.fractionalAmount} currency={quote.amount.currency} />}</dd>
        </div>
        {kind === 'change' ? (
          <div>
            <dt>{t('upgrade.quote.newPrice', { date: renewal })}</dt>
            <dd data-testid="quote-new-price"><Money amount={quote.newPrice.fractionalAmount} currency={quote.newPrice.currency} /></dd>
          </div>
        ) : null}
        <div>
          <dt>{t(kind === 'renewal' ? 'upgrade.quote.periodEnd' : 'upgrade.quote.renewalDate')}</dt>
          <dd data-testid="quote-date">{renewal}</dd>
        </div>
        <div>
          <dt>{t('upgrade.quote.method')}</dt>
          <dd data-testid="quote-method" className={quote.paymentMethod ? undefined : 'upgrade-quote__missing'}>
            {quote.paymentMethod ? methodName(intl, quote.paymentMethod) : (
              <>{t('upgrade.quote.noMethod')} <Link to={`${base.basePath}/account/payment-methods/`}>{t('upgrade.addMethod')}</Link></>
            )}
          </dd>
        </div>
      </dl>
      {kind === 'change' ? (
        <p className="upgrade-quote__note">{t(quote.scheduled ? 'upgrade.quote.scheduledNote' : 'upgrade.quote.changeNote', { date: renewal })}</p>
      ) : null}
    </div>
  );
}
