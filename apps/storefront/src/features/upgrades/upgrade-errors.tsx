import { Link } from 'react-router';
import type { BusinessErrorFields } from '../../data/error-messages.ts';
import { useBaseData } from '../../data/route-data.ts';
import { FormErrors } from '../../ui/form-errors.tsx';
import { useT } from './use-t.ts';

/** Codes the buyer answers by changing the saved method (on the subscription page). */
const METHOD_CODES = new Set(['PAYMENT_NOT_FOUND', 'CARD_DECLINED', 'EXPIRED_CARD', 'PAYMENT_ERROR']);

/**
 * The server's errors that are not about a field shown on the form, translated, as an alert; a payment
 * problem adds the way to the saved methods.
 */
export function UpgradeErrors({ errors, operation, fields = [] }: { errors: BusinessErrorFields[]; operation: string; fields?: string[] }) {
  const t = useT();
  const base = useBaseData();
  const shown = errors.filter((e) => !fields.includes((e.field ?? '').split('.').pop() ?? ''));
  if (!shown.length) return null;
  return (
    <div className="upgrade-errors" data-testid="upgrade-errors">
      <FormErrors errors={shown} operation={operation} />
      {shown.some((e) => METHOD_CODES.has(e.code)) ? <p><Link to={`${base.basePath}/account/payment-methods/`}>{t('upgrade.manageMethods')}</Link></p> : null}
    </div>
  );
}
