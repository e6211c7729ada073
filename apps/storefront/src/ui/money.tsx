import { formatMinor } from '@probe/domain';
import { useIntl } from 'react-intl';

/** An exact amount in the route's locale (totals, lines, receipts). */
export function Money({ amount, currency, negative = false }: { amount: number; currency: string; negative?: boolean }) {
  const intl = useIntl();
  return <span className="money">{negative && amount > 0 ? '−' : ''}{formatMinor(amount, currency, intl.locale)}</span>;
}
