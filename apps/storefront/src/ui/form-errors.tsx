import { useIntl } from 'react-intl';
import { errorMessage } from '../data/error-messages.ts';
import type { BusinessErrorFields } from '../data/error-messages.ts';

/** The errors of one field (by dotted path or its last segment), translated. */
export function fieldErrors(errors: BusinessErrorFields[], field: string): BusinessErrorFields[] {
  return errors.filter((e) => e.field === field || (e.field ?? '').endsWith(`.${field}`));
}

/** The translated message under a field, tied to it by id for screen readers. */
export function FieldError({ id, errors, operation }: { id: string; errors: BusinessErrorFields[]; operation: string }) {
  const intl = useIntl();
  if (!errors.length) return null;
  return (
    <p className="field__error" id={id}>
      {errors.map((e) => errorMessage(intl, operation, e)).join(' ')}
    </p>
  );
}

/** Errors not tied to a shown field, as an alert at the top of a form. */
export function FormErrors({ errors, operation }: { errors: BusinessErrorFields[]; operation: string }) {
  const intl = useIntl();
  if (!errors.length) return null;
  const messages = [...new Set(errors.map((e) => errorMessage(intl, operation, e)))];
  return (
    <div className="form-errors" role="alert">
      {messages.map((m) => <p key={m}>{m}</p>)}
    </div>
  );
}
