import { FormattedMessage } from 'react-intl';
import type { FieldErrors } from '../fields.tsx';
import type { MessageId } from '../i18n/text.ts';

export interface QuantityLine { id: number; sku: string; name: string; left: number }

/** The lines given a quantity, as a mutation takes them. */
export function chosenLines(lines: readonly QuantityLine[], quantities: Record<number, string>): Array<{ lineId: number; quantity: number }> {
  return lines.flatMap((l) => {
    const quantity = Number(quantities[l.id] ?? 0);
    return quantity ? [{ lineId: l.id, quantity }] : [];
  });
}

/** A line's error names it by its place in `chosen` (`lines.2.quantity`): the field it is shown on, `line-{id}`. */
export function lineErrorFields(chosen: ReadonlyArray<{ lineId: number }>): Record<string, string> {
  return Object.fromEntries(chosen.flatMap((c, i) => [[`lines.${i}.quantity`, `line-${c.lineId}`], [`lines.${i}.lineId`, `line-${c.lineId}`]]));
}

/**
 * An order's lines with a quantity to type for each (never beyond what is left; a line with none left is
 * disabled) and each line's error under its input: the parcel form's and the return form's table. The
 * message ids name the caption, the two column headers and the input's label ({sku}); `left` says what is left.
 */
export function LineQuantitiesTable<L extends QuantityLine>({ idPrefix, messages, left, lines, quantities, onChange, errors }: {
  idPrefix: string;
  messages: { caption: MessageId; left: MessageId; quantity: MessageId; label: MessageId };
  left: (line: L) => string;
  lines: readonly L[];
  quantities: Record<number, string>;
  onChange: (quantities: Record<number, string>) => void;
  errors: FieldErrors;
}) {
  const lineError = (id: number) => errors[`line-${id}`];
  return (
    <table><caption className="visually-hidden"><FormattedMessage id={messages.caption} /></caption>
      <thead><tr><th scope="col"><FormattedMessage id="order.column.item" /></th><th scope="col" className="num"><FormattedMessage id={messages.left} /></th>
        <th scope="col"><FormattedMessage id={messages.quantity} /></th></tr></thead>
      <tbody>{lines.map((l) => (
        <tr key={l.id}><td>{l.sku} · {l.name}</td><td className="num">{left(l)}</td>
          <td className={lineError(l.id) ? 'invalid' : undefined}>
            <label className="visually-hidden" htmlFor={`${idPrefix}-${l.id}`}><FormattedMessage id={messages.label} values={{ sku: l.sku }} /></label>
            <input id={`${idPrefix}-${l.id}`} type="number" min={0} max={l.left} step={1} inputMode="numeric" disabled={l.left === 0} value={quantities[l.id] ?? ''}
              aria-invalid={lineError(l.id) ? true : undefined} aria-describedby={lineError(l.id) ? `${idPrefix}-${l.id}-error` : undefined}
              onChange={(e) => onChange({ ...quantities, [l.id]: e.target.value })} />
            {lineError(l.id) ? <p className="error" id={`${idPrefix}-${l.id}-error`}>{lineError(l.id)}</p> : null}</td></tr>
      ))}</tbody></table>
  );
}
