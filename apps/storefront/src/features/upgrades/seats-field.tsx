import type { BusinessErrorFields } from '../../data/error-messages.ts';
import { FieldError, fieldErrors } from '../../ui/form-errors.tsx';
import { useT } from './use-t.ts';

/**
 * A seat count: the typed text is kept as typed, the server's `seats` error (or "a whole number") shows
 * under it, tied to it for screen readers.
 */
export function SeatsField({ label, hint, value, onChange, min, max, errors, operation, invalidNumber }: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  errors: BusinessErrorFields[];
  operation: string;
  /** The text is not a whole number (nothing was asked of the server). */
  invalidNumber: boolean;
}) {
  const t = useT();
  const mine = fieldErrors(errors, 'seats');
  const invalid = invalidNumber || mine.length > 0;
  return (
    <div className={`upgrade-field${invalid ? ' upgrade-field--invalid' : ''}`}>
      <label htmlFor="upgrade-seats">{label}</label>
      <input id="upgrade-seats" name="seats" type="number" inputMode="numeric" min={min} max={max} step={1} value={value}
        onChange={(e) => onChange(e.target.value)} aria-invalid={invalid || undefined} aria-describedby={invalid ? 'upgrade-seats-hint upgrade-seats-error' : 'upgrade-seats-hint'} />
      <p id="upgrade-seats-hint" className="upgrade-field__hint">{hint}</p>
      {invalidNumber ? <p className="field__error upgrade-field__error" id="upgrade-seats-error">{t('upgrade.error.seatsNumber')}</p>
        : <FieldError id="upgrade-seats-error" errors={mine} operation={operation} />}
    </div>
  );
}
