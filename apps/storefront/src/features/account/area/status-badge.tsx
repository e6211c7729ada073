import { useIntl } from 'react-intl';
import type { OrderBadge } from './order-status.ts';

/** A status as a coloured pill with a shape beside the word, so it does not rely on colour alone. */
export function StatusBadge({ badge, testId }: { badge: OrderBadge; testId?: string }) {
  const intl = useIntl();
  return (
    <span className={`status-badge status-badge--${badge.tone}`} data-testid={testId}>
      <span className="status-badge__dot" aria-hidden="true" />
      {intl.formatMessage({ id: badge.key })}
    </span>
  );
}
