import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { gql } from '../api.ts';
import { fieldErrors, type FieldErrors } from '../fields.tsx';
import { useOutcome } from '../outcome.tsx';
import { useText } from '../i18n/text.ts';
import { useData, useDescribe } from '../use-data.ts';
import { chosenLines, lineErrorFields, LineQuantitiesTable } from './line-quantities.tsx';

export interface ShipLine { id: number; sku: string; name: string; quantity: number; left: number }

const CARRIERS = 'query Carriers { carriers { code name } }';
const SHIP = `mutation Ship($number: String!, $lines: [StaffShipLineInput!]!, $carrier: String!, $trackingNumber: String!, $key: String!) {
  orderShip(number: $number, lines: $lines, carrier: $carrier, trackingNumber: $trackingNumber, idempotencyKey: $key) { shipment { id } errors { field code message } }
}`;

/** Records a parcel: how many of each line it carries (never beyond what is left to ship), the carrier and its tracking number. */
export function ShipForm({ number, lines, onDone }: { number: string; lines: ShipLine[]; onDone: () => void }) {
  const { t } = useText();
  const describe = useDescribe();
  const { data: carriers } = useData(() => gql<{ carriers: Array<{ code: string; name: string | null }> }>(CARRIERS).then((d) => d.carriers), []);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // Said under the form, where the order page puts its outcome (the form goes once everything is shipped).
  const outcome = useOutcome('order.ship');
  // One key per parcel the operator means: a retried or double-clicked submit records it once.
  const key = useRef(crypto.randomUUID());
  const chosen = chosenLines(lines, quantities);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    outcome.clear();
    if (!chosen.length) return outcome.failed(t('order.ship.noLine'));
    setBusy(true);
    try {
      const { orderShip } = await gql<{ orderShip: { errors: Array<{ field: string | null; message: string }> } }>(SHIP, { number, lines: chosen, carrier, trackingNumber: tracking, key: `console:${key.current}` });
      if (orderShip.errors.length) {
        // A line's error names it by its place in `lines`: shown on that line's input.
        const refused = fieldErrors(orderShip.errors, lineErrorFields(chosen));
        setErrors(refused);
        outcome.failed([refused.form, refused.lines].filter(Boolean).join(' ') || t('common.nothingSaved'));
      } else {
        setErrors({});
        key.current = crypto.randomUUID();
        setQuantities({});
        setTracking('');
        outcome.done(t('order.ship.done'));
        onDone();
      }
    } catch (e) {
      outcome.failed(describe(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="ship-title" data-testid="ship-form">
      <h3 id="ship-title"><FormattedMessage id="order.ship.title" /></h3>
      <p>{t('order.ship.intro')}</p>
      <LineQuantitiesTable idPrefix="ship-q" messages={{ caption: 'order.ship.caption', left: 'order.ship.column.left', quantity: 'order.ship.column.quantity', label: 'order.ship.quantityLabel' }}
        left={(l) => t('order.refund.leftOf', { left: l.left, quantity: l.quantity })} lines={lines} quantities={quantities} onChange={setQuantities} errors={errors} />
      <p><button type="button" className="link" onClick={() => setQuantities(Object.fromEntries(lines.filter((l) => l.left > 0).map((l) => [l.id, String(l.left)])))}><FormattedMessage id="order.ship.all" /></button></p>
      <div className="grid ship-fields">
        <div className={`field${errors.carrier ? ' invalid' : ''}`}><label htmlFor="ship-carrier"><FormattedMessage id="order.ship.carrier" /></label>
          <select id="ship-carrier" required value={carrier} onChange={(e) => setCarrier(e.target.value)} aria-describedby={errors.carrier ? 'ship-carrier-error' : undefined}>
            <option value="" disabled>—</option>
            {(carriers ?? []).map((c) => <option key={c.code} value={c.code}>{c.name ?? t('order.ship.otherCarrier')}</option>)}
          </select>
          {errors.carrier ? <p className="error" id="ship-carrier-error">{errors.carrier}</p> : null}</div>
        <div className={`field${errors.trackingNumber ? ' invalid' : ''}`}><label htmlFor="ship-tracking"><FormattedMessage id="order.ship.trackingNumber" /></label>
          <input id="ship-tracking" required value={tracking} maxLength={60} autoComplete="off" onChange={(e) => setTracking(e.target.value)}
            aria-invalid={errors.trackingNumber ? true : undefined} aria-describedby={errors.trackingNumber ? 'ship-tracking-error' : undefined} />
          {errors.trackingNumber ? <p className="error" id="ship-tracking-error">{errors.trackingNumber}</p> : null}</div>
      </div>
      <button type="submit" disabled={busy}>{busy ? t('order.ship.busy') : t('order.ship.submit')}</button>
    </form>
  );
}
