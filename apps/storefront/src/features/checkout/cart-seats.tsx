import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { BusinessErrorFields } from '../../data/error-messages.ts';
import { Field } from '../../ui/field.tsx';
import { fieldErrors } from '../../ui/form-errors.tsx';

/**
 * The seats of a Team or Clinic plan in the cart (its quantity), typed: the Shop's limits under it, and the
 * server's refusal of a number outside them (or the cart's own problem, a plan added with too few) on the
 * field, the typed number kept. A number the server takes becomes the line's quantity.
 */
export function CartSeats({ quantity, limits, busy, errors, operation, onSet }: {
  quantity: number;
  limits: { minSeats: number; maxSeats: number };
  busy: boolean;
  errors: BusinessErrorFields[];
  operation: string;
  onSet: (seats: number) => void;
}) {
  const intl = useIntl();
  const [text, setText] = useState(String(quantity));
  const [notNumber, setNotNumber] = useState(false);
  // The server took a number (or another window changed it): show what the cart holds.
  useEffect(() => setText(String(quantity)), [quantity]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const seats = Number(text.trim());
    setNotNumber(!Number.isInteger(seats) || seats < 1);
    if (Number.isInteger(seats) && seats >= 1) onSet(seats);
  };
  const shown: BusinessErrorFields[] = notNumber ? [{ field: 'seats', code: 'INVALID', message: '' }] : errors;
  // The hint and, when there is one, the error (Field's own id for it) describe the input.
  const describedBy = fieldErrors(shown, 'seats').length ? 'cart-seats-hint field-seats-error' : 'cart-seats-hint';
  return (
    <form className="cart-seats" onSubmit={submit} noValidate>
      <Field name="seats" type="number" inputMode="numeric" min={limits.minSeats} max={limits.maxSeats} step={1} value={text} onChange={(e) => setText(e.target.value)}
        label={intl.formatMessage({ id: 'upgrade.seatsLabel' })} errors={shown} operation={operation} aria-describedby={describedBy} />
      <p className="field__hint" id="cart-seats-hint">{intl.formatMessage({ id: 'upgrade.seatsHint' }, { min: limits.minSeats, max: limits.maxSeats })}</p>
      <button type="submit" className="button button--secondary" disabled={busy}>{intl.formatMessage({ id: 'cart.seatsUpdate' })}</button>
    </form>
  );
}
