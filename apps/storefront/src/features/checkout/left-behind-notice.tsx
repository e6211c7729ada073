import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { forgetLeftBehind, leftBehind, type LeftBehind } from './cart-move.ts';

/**
 * On the cart: the items a country change took out of it, by name, until the buyer dismisses the note. `at`
 * is the cart's country: the cart page stays mounted when the region picker changes country, so the note
 * is read again each time the cart arrives somewhere.
 */
export function LeftBehindNotice({ at }: { at: string }) {
  const intl = useIntl();
  const [note, setNote] = useState<LeftBehind | null>(null);
  // Read in the browser (session storage), after the cart has loaded.
  useEffect(() => setNote(leftBehind()), [at]);
  if (!note) return null;
  const items = intl.formatList(note.items.map((i) => (i.quantity > 1 ? `${i.name} × ${i.quantity}` : i.name)), { type: 'conjunction' });
  return (
    <div className="notice cart-left-behind" role="status">
      <p>{intl.formatMessage({ id: 'cart.leftBehind' }, { country: note.country, items })}</p>
      <button type="button" className="link-button" onClick={() => { forgetLeftBehind(); setNote(null); }}>{intl.formatMessage({ id: 'cart.leftBehindDismiss' })}</button>
    </div>
  );
}
