import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { gql } from '../api.ts';
import { fieldErrors, type FieldErrors } from '../fields.tsx';
import { useOutcome } from '../outcome.tsx';
import { useText } from '../i18n/text.ts';
import { returnReasonWords, returnStateWords } from '../order-states.ts';
import { useData, useDescribe } from '../use-data.ts';
import { chosenLines, lineErrorFields, LineQuantitiesTable } from './line-quantities.tsx';

export interface OrderReturn {
  id: number; number: string; state: string; reason: string; note: string | null; createdAt: string; receivedAt: string | null; refundId: number | null;
  lines: Array<{ lineId: number; quantity: number }>;
}
interface Line { id: number; sku: string; name: string }
export interface ReturnableLine extends Line { shipped: number; left: number }

const REASONS = 'query ReturnReasons { returnReasons }';
const OPEN = `mutation OpenReturn($number: String!, $lines: [StaffReturnLineInput!]!, $reason: String!, $note: String, $key: String!) {
  orderReturnOpen(number: $number, lines: $lines, reason: $reason, note: $note, idempotencyKey: $key) { return { number } errors { field code message } }
}`;
const RECEIVE = 'mutation ReceiveReturn($number: String!, $id: Int!) { orderReturnReceive(number: $number, returnId: $id) { return { number } errors { message } } }';
const REFUND = 'mutation RefundReturn($number: String!, $id: Int!) { orderReturnRefund(number: $number, returnId: $id) { return { number } errors { message } } }';

type Answer = { return: { number: string } | null; errors: Array<{ field?: string | null; message: string }> };

/**
 * The order's returns: each with what comes back, why, and its state; staff who manage orders mark one
 * received, and those who refund give its money back after a confirmation (with a credit note and the buyer's e-mail).
 */
export function ReturnsTable({ number, returns, lines, creditNotes, token, canReceive, canRefund, onDone }: {
  number: string; returns: OrderReturn[]; lines: Line[]; creditNotes: Record<number, string>; token: string; canReceive: boolean; canRefund: boolean; onDone: () => void;
}) {
  const { t, when } = useText();
  const describe = useDescribe();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const outcome = useOutcome('order.returns');
  const items = (r: OrderReturn) => r.lines.map((x) => `${x.quantity} × ${lines.find((l) => l.id === x.lineId)?.sku ?? ''}`).join(', ');
  const run = async (query: string, r: OrderReturn, done: string) => {
    if (busy) return;
    setBusy(true);
    outcome.clear();
    try {
      const answer = Object.values(await gql<Record<string, Answer>>(query, { number, id: r.id }))[0]!;
      setConfirming(null);
      if (answer.errors.length) outcome.failed(answer.errors.map((e) => e.message).join(' '));
      else {
        outcome.done(done);
        onDone();
      }
    } catch (e) {
      outcome.failed(describe(e));
    } finally {
      setBusy(false);
    }
  };
  if (!returns.length) return <p><FormattedMessage id="order.return.none" /></p>;
  return (
    <>
      <div className="table-scroll">
        <table data-testid="order-returns"><thead><tr><th scope="col"><FormattedMessage id="order.return.column.number" /></th><th scope="col"><FormattedMessage id="order.column.status" /></th>
          <th scope="col"><FormattedMessage id="order.column.items" /></th><th scope="col"><FormattedMessage id="order.column.reason" /></th>
          <th scope="col"><FormattedMessage id="order.column.when" /></th><th scope="col"><FormattedMessage id="order.return.column.next" /></th></tr></thead>
          <tbody>{returns.map((r) => (
            <tr key={r.id}>
              <td className="nowrap">{r.number}</td>
              <td className="nowrap">{returnStateWords(t, r.state)}</td>
              <td>{items(r)}</td>
              <td>{returnReasonWords(t, r.reason)}{r.note ? <><br /><small>{r.note}</small></> : null}</td>
              <td>{when(r.createdAt)}{r.receivedAt ? <><br /><small>{t('order.return.receivedOn', { when: when(r.receivedAt) })}</small></> : null}</td>
              <td>
                {r.state === 'OPEN' && canReceive ? (
                  <button type="button" className="secondary" disabled={busy} onClick={() => void run(RECEIVE, r, t('order.return.received', { number: r.number }))}>
                    {t('order.return.receive', { number: r.number })}</button>
                ) : null}
                {r.state === 'OPEN' && !canReceive ? t('order.return.awaitingGoods') : null}
                {r.state === 'RECEIVED' && canRefund && confirming !== r.id ? (
                  <button type="button" disabled={busy} onClick={() => setConfirming(r.id)}>{t('order.return.refund', { number: r.number })}</button>
                ) : null}
                {r.state === 'RECEIVED' && !canRefund ? t('order.return.awaitingRefund') : null}
                {r.state === 'REFUNDED' && r.refundId && creditNotes[r.refundId] ? (
                  <a href={`/documents/credit-note/${token}/${creditNotes[r.refundId]}.pdf`}>{t('order.creditNotePdf', { number: creditNotes[r.refundId]! })}</a>
                ) : null}
              </td>
            </tr>
          ))}</tbody></table>
      </div>
      {returns.filter((r) => r.id === confirming).map((r) => (
        <div className="confirm" role="alert" key={r.id}>
          <p>{t('order.return.confirmRefund', { number: r.number, items: items(r) })}</p>
          <p className="actions">
            <button type="button" disabled={busy} onClick={() => void run(REFUND, r, t('order.return.refunded', { number: r.number }))}>{busy ? t('order.refund.busy') : t('order.refund.confirm')}</button>
            <button type="button" className="secondary" onClick={() => setConfirming(null)}><FormattedMessage id="order.return.back" /></button>
          </p>
        </div>
      ))}
    </>
  );
}

/** Opens a return: how many of each shipped line come back (never more than was shipped and is not on a return already), why, and a note. */
export function ReturnForm({ number, lines, onDone }: { number: string; lines: ReturnableLine[]; onDone: () => void }) {
  const { t } = useText();
  const describe = useDescribe();
  const { data: reasons } = useData(() => gql<{ returnReasons: string[] }>(REASONS).then((d) => d.returnReasons), []);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const outcome = useOutcome('order.returns');
  // One key per return the operator means: a retried or double-clicked submit opens it once.
  const key = useRef(crypto.randomUUID());
  const chosen = chosenLines(lines, quantities);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    outcome.clear();
    if (!chosen.length) return outcome.failed(t('order.return.noLine'));
    setBusy(true);
    try {
      const { orderReturnOpen } = await gql<{ orderReturnOpen: Answer }>(OPEN, { number, lines: chosen, reason, note: note.trim() || null, key: `console:${key.current}` });
      if (orderReturnOpen.errors.length) {
        const refused = fieldErrors(orderReturnOpen.errors.map((e) => ({ field: e.field ?? null, message: e.message })), lineErrorFields(chosen));
        setErrors(refused);
        outcome.failed([refused.form, refused.lines].filter(Boolean).join(' ') || t('common.nothingSaved'));
      } else {
        setErrors({});
        key.current = crypto.randomUUID();
        setQuantities({});
        setReason('');
        setNote('');
        outcome.done(t('order.return.opened', { number: orderReturnOpen.return!.number }));
        onDone();
      }
    } catch (e) {
      outcome.failed(describe(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="return-title" data-testid="return-form">
      <h3 id="return-title"><FormattedMessage id="order.return.title" /></h3>
      <p>{t('order.return.intro')}</p>
      <LineQuantitiesTable idPrefix="return-q" messages={{ caption: 'order.return.caption', left: 'order.return.column.left', quantity: 'order.return.column.quantity', label: 'order.return.quantityLabel' }}
        left={(l) => t('order.return.leftOf', { left: l.left, shipped: l.shipped })} lines={lines} quantities={quantities} onChange={setQuantities} errors={errors} />
      <div className="grid ship-fields">
        <div className={`field${errors.reason ? ' invalid' : ''}`}><label htmlFor="return-reason"><FormattedMessage id="order.return.reason" /></label>
          <select id="return-reason" required value={reason} onChange={(e) => setReason(e.target.value)} aria-describedby={errors.reason ? 'return-reason-error' : undefined}>
            <option value="" disabled>—</option>
            {(reasons ?? []).map((r) => <option key={r} value={r}>{returnReasonWords(t, r)}</option>)}
          </select>
          {errors.reason ? <p className="error" id="return-reason-error">{errors.reason}</p> : null}</div>
        <div className={`field${errors.note ? ' invalid' : ''}`}><label htmlFor="return-note"><FormattedMessage id="order.return.note" /></label>
          <input id="return-note" value={note} maxLength={500} autoComplete="off" onChange={(e) => setNote(e.target.value)}
            aria-invalid={errors.note ? true : undefined} aria-describedby={errors.note ? 'return-note-error' : undefined} />
          {errors.note ? <p className="error" id="return-note-error">{errors.note}</p> : null}</div>
      </div>
      <button type="submit" disabled={busy}>{busy ? t('order.return.busy') : t('order.return.submit')}</button>
    </form>
  );
}
