import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useOutletContext, useParams } from 'react-router';
import { gql } from '../api.ts';
import { useText, type Text } from '../i18n/text.ts';
import type { Me } from '../layout.tsx';
import { Outcome, useOutcome } from '../outcome.tsx';
import { useData, useDescribe } from '../use-data.ts';
import { FULFILMENT_WORDS, methodWords, shippingWords, shownPayment, transactionWords, type FulfilmentState, type PaymentState } from '../order-states.ts';
import { AddressBlock, type Address } from './order-address.tsx';
import { describeEvent } from './order-event.ts';
import { RefundForm } from './order-refund.tsx';
import { ReturnForm, ReturnsTable, type OrderReturn } from './order-returns.tsx';
import { ShipForm } from './order-ship.tsx';

interface Line { id: number; sku: string; name: string; variantName: string; quantity: number; total: number }
interface Order {
  number: string; token: string; email: string; country: string; language: string; currency: string; paymentMethod: string; chargeStatus: string; total: number; tax: number; createdAt: string; invoiceStatus: string | null;
  shipping: number; customerId: string | null; organization: { id: string; name: string } | null; cancelledAt: string | null; cancelBlocker: string | null;
  paymentState: PaymentState; fulfilmentState: FulfilmentState; shippingAddress: Address | null; billingAddress: Address; shippingMethod: string | null;
  vatNumber: string | null; reverseCharge: boolean; note: string | null;
  shipments: Array<{ id: number; carrier: string; trackingNumber: string; trackingUrl: string | null; createdAt: string; lines: Array<{ lineId: number; quantity: number }> }>;
  lines: Line[];
  returns: OrderReturn[];
  payments: Array<{ id: string; method: string; status: string; amount: number; card: string | null; createdAt: string }>;
  refunds: Array<{ id: number; amount: number; shipping: number; paymentId: string; status: string; reason: string | null; createdAt: string; creditNote: string | null; lines: Array<{ lineId: number; quantity: number; amount: number }> }>;
  events: Array<{ type: string; payload: string; createdAt: string }>;
  deliveries: Array<{ topic: string; attempts: number; processedAt: string | null; lastError: string | null }>;
}
const QUERY = `query Order($number: String!) { order(number: $number) {
  number token email country language currency paymentMethod chargeStatus total tax createdAt invoiceStatus shipping customerId organization { id name } cancelledAt cancelBlocker
  paymentState fulfilmentState shippingMethod vatNumber reverseCharge note
  shippingAddress { ...Address } billingAddress { ...Address }
  shipments { id carrier trackingNumber trackingUrl createdAt lines { lineId quantity } }
  returns { id number state reason note createdAt receivedAt refundId lines { lineId quantity } }
  lines { id sku name variantName quantity total } payments { id method status amount card createdAt }
  refunds { id amount shipping paymentId status reason createdAt creditNote lines { lineId quantity amount } } events { type payload createdAt } deliveries { topic attempts processedAt lastError }
} }
fragment Address on StaffAddress { firstName lastName companyName streetAddress1 streetAddress2 city postalCode countryArea country phone }`;

/** One order as staff see it, with its refunds and the e-mails it sent; refund whole or in part through the gateway. */
export function OrderPage() {
  const { number = '' } = useParams();
  const me = useOutletContext<Me>();
  const text = useText();
  const { t, money, when } = text;
  const { data, error, reload } = useData(() => gql<{ order: Order | null }>(QUERY, { number }).then((d) => d.order), [number]);
  if (error) return <><h1><FormattedMessage id="order.title" values={{ number }} /></h1><p role="alert" className="error">{error}</p></>;
  if (!data) return data === null ? <><h1><FormattedMessage id="order.title" values={{ number }} /></h1><p><FormattedMessage id="order.notFound" /></p></> : <p role="status"><FormattedMessage id="common.loading" /></p>;
  // Support reads orders: the forms that change one are shown only to roles the server lets change it.
  const manage = me.permissions.includes('orders.manage');
  const paid = data.payments.filter((p) => p.status === 'SUCCEEDED').reduce((s, p) => s + p.amount, 0);
  const given = data.refunds.filter((r) => r.status !== 'FAILED').reduce((s, r) => s + r.amount, 0);
  const shippedOf = (id: number) => data.shipments.flatMap((s) => s.lines).filter((x) => x.lineId === id).reduce((n, x) => n + x.quantity, 0);
  const returnedOf = (id: number) => data.returns.flatMap((r) => r.lines).filter((x) => x.lineId === id).reduce((n, x) => n + x.quantity, 0);
  return (
    <>
      <p><Link to="/"><FormattedMessage id="order.back" /></Link></p>
      <h1><FormattedMessage id="order.title" values={{ number: data.number }} /></h1>
      <p className="states">
        <span className={`state state--${data.cancelledAt ? 'cancelled' : data.paymentState.toLowerCase()}`} data-testid="order-payment-state">{t(shownPayment({ cancelled: !!data.cancelledAt, paymentState: data.paymentState }))}</span>
        <span className="state" data-testid="order-fulfilment-state">{t(FULFILMENT_WORDS[data.fulfilmentState])}</span>
      </p>
      {manage || me.permissions.includes('orders.refund') ? null : <p className="note" data-testid="order-read-only"><FormattedMessage id="order.readOnly" /></p>}
      <dl className="facts">
        <div><dt><FormattedMessage id="order.placed" /></dt><dd>{when(data.createdAt)}</dd></div>
        <div><dt><FormattedMessage id="order.buyer" /></dt><dd>{data.customerId ? <Link to={`/customers/${encodeURIComponent(data.customerId)}`}>{data.email}</Link> : t('order.guest', { email: data.email })}
          {data.organization ? <> · <FormattedMessage id="order.forOrganization" values={{ organization: <Link to={`/organizations/${data.organization.id}`}>{data.organization.name}</Link> }} /></> : null}</dd></div>
        {data.cancelledAt ? <div><dt><FormattedMessage id="order.cancelled" /></dt><dd>{when(data.cancelledAt)}</dd></div> : null}
        <div><dt><FormattedMessage id="order.store" /></dt><dd>{data.country} · {data.language}</dd></div>
        <div><dt><FormattedMessage id="order.payment" /></dt><dd>{methodWords(t, data.paymentMethod)}</dd></div>
        <div><dt><FormattedMessage id="order.shippingMethod" /></dt><dd>{data.shippingMethod ? shippingWords(t, data.shippingMethod) : '—'}</dd></div>
        {data.billingAddress.companyName ? <div><dt><FormattedMessage id="order.company" /></dt><dd>{data.billingAddress.companyName}</dd></div> : null}
        <div><dt><FormattedMessage id="order.vatNumber" /></dt><dd>{data.vatNumber ?? '—'}</dd></div>
        <div><dt><FormattedMessage id="order.reverseCharge" /></dt><dd>{t(data.reverseCharge ? 'order.reverseCharge.yes' : 'order.reverseCharge.no')}</dd></div>
        <div><dt><FormattedMessage id="order.total" /></dt><dd>{t('order.totalWithTax', { total: money(data.total, data.currency), tax: money(data.tax, data.currency) })}</dd></div>
        <div><dt><FormattedMessage id="order.documents" /></dt><dd><a href={`/documents/invoice/${data.token}.pdf`}><FormattedMessage id={data.cancelledAt ? 'order.invoiceVoid' : 'order.invoicePdf'} /></a>
          {data.paymentMethod === 'ELECTRONIC_QUOTE' && !data.cancelledAt ? <> · <a href={`/documents/quote/${data.token}.pdf`}><FormattedMessage id="order.quotePdf" /></a></> : null}
          {data.refunds.flatMap((r) => (r.creditNote ? [<span key={r.id}> · <a href={`/documents/credit-note/${data.token}/${r.creditNote}.pdf`}>{t('order.creditNotePdf', { number: r.creditNote })}</a></span>] : []))}</dd></div>
      </dl>
      <div className="addresses">
        <AddressBlock id="ship-to" title={t('order.shippingAddress')} address={data.shippingAddress} empty={t('order.noShippingAddress')} />
        <AddressBlock id="bill-to" title={t('order.billingAddress')} address={data.billingAddress} empty="—" />
        {data.note ? <section aria-labelledby="buyer-note"><h2 id="buyer-note" className="h3"><FormattedMessage id="order.note" /></h2><p className="addresses__note">{data.note}</p></section> : null}
      </div>
      <h2><FormattedMessage id="order.lines" /></h2>
      <table><thead><tr><th scope="col"><FormattedMessage id="order.column.sku" /></th><th scope="col"><FormattedMessage id="order.column.item" /></th>
        <th scope="col" className="num"><FormattedMessage id="order.column.quantity" /></th><th scope="col" className="num"><FormattedMessage id="order.column.total" /></th></tr></thead>
        <tbody>{data.lines.map((l) => <tr key={l.sku}><td>{l.sku}</td><td>{l.name} · {l.variantName}</td><td className="num">{l.quantity}</td><td className="num">{money(l.total, data.currency)}</td></tr>)}</tbody></table>
      <h2><FormattedMessage id="order.payments" /></h2>
      <table data-testid="order-payments"><thead><tr><th scope="col"><FormattedMessage id="order.column.reference" /></th><th scope="col"><FormattedMessage id="order.column.method" /></th>
        <th scope="col"><FormattedMessage id="order.column.status" /></th><th scope="col" className="num"><FormattedMessage id="order.column.amount" /></th><th scope="col"><FormattedMessage id="order.column.when" /></th></tr></thead>
        <tbody>{data.payments.map((p) => <tr key={p.id}><td>{p.id}</td><td>{methodWords(t, p.method)}{p.card ? ` · ${p.card}` : ''}</td><td className="nowrap">{transactionWords(t, p.status)}</td><td className="num">{money(p.amount, data.currency)}</td><td>{when(p.createdAt)}</td></tr>)}</tbody></table>
      <h2><FormattedMessage id="order.shipments" /></h2>
      {data.shipments.length ? (
        <table data-testid="order-shipments"><thead><tr><th scope="col"><FormattedMessage id="order.column.carrier" /></th><th scope="col"><FormattedMessage id="order.column.tracking" /></th>
          <th scope="col"><FormattedMessage id="order.column.items" /></th><th scope="col"><FormattedMessage id="order.column.when" /></th></tr></thead>
          <tbody>{data.shipments.map((s) => <tr key={s.id}><td>{s.carrier === 'OTHER' ? t('order.ship.otherCarrier') : s.carrier}</td>
            <td>{s.trackingUrl ? <a href={s.trackingUrl} rel="noreferrer noopener" target="_blank">{s.trackingNumber}</a> : s.trackingNumber}</td>
            <td>{s.lines.map((x) => `${x.quantity} × ${data.lines.find((l) => l.id === x.lineId)?.sku ?? ''}`).join(', ')}</td><td>{when(s.createdAt)}</td></tr>)}</tbody></table>
      ) : <p><FormattedMessage id="order.noShipment" /></p>}
      {manage && !data.cancelledAt && data.fulfilmentState !== 'NONE' && data.fulfilmentState !== 'SHIPPED' && data.paymentState !== 'REFUNDED'
        && data.lines.some((l) => l.quantity > shippedOf(l.id)) ? (
        <ShipForm number={data.number} onDone={reload}
          lines={data.lines.map((l) => ({ ...l, left: l.quantity - shippedOf(l.id) }))} />
      ) : null}
      <Outcome place="order.ship" />
      <h2><FormattedMessage id="order.returns" /></h2>
      <ReturnsTable number={data.number} token={data.token} returns={data.returns} lines={data.lines} canReceive={manage} canRefund={me.permissions.includes('orders.refund')}
        creditNotes={Object.fromEntries(data.refunds.flatMap((r) => (r.creditNote ? [[r.id, r.creditNote]] : [])))} onDone={reload} />
      {manage && !data.cancelledAt && data.shipments.length && data.lines.some((l) => shippedOf(l.id) > returnedOf(l.id)) ? (
        <ReturnForm number={data.number} onDone={reload}
          lines={data.lines.filter((l) => shippedOf(l.id) > 0).map((l) => ({ ...l, shipped: shippedOf(l.id), left: shippedOf(l.id) - returnedOf(l.id) }))} />
      ) : null}
      <Outcome place="order.returns" />
      <h2><FormattedMessage id="order.refunds" /></h2>
      {data.refunds.length ? (
        <table data-testid="order-refunds"><thead><tr><th scope="col"><FormattedMessage id="order.column.status" /></th><th scope="col" className="num"><FormattedMessage id="order.column.amount" /></th>
          <th scope="col"><FormattedMessage id="order.column.what" /></th><th scope="col"><FormattedMessage id="order.column.payment" /></th><th scope="col"><FormattedMessage id="order.column.reason" /></th>
          <th scope="col"><FormattedMessage id="order.column.creditNote" /></th><th scope="col"><FormattedMessage id="order.column.when" /></th></tr></thead>
          <tbody>{data.refunds.map((r) => <tr key={r.id}><td className="nowrap">{transactionWords(t, r.status)}</td><td className="num">{money(r.amount, data.currency)}</td><td>{refundedWhat(r, data.lines, data.currency, text)}</td>
            <td>{r.paymentId}</td><td>{r.reason ?? '—'}</td>
            <td>{r.creditNote ? <a href={`/documents/credit-note/${data.token}/${r.creditNote}.pdf`}>{r.creditNote}</a> : '—'}</td><td>{when(r.createdAt)}</td></tr>)}</tbody></table>
      ) : <p><FormattedMessage id="order.noRefund" /></p>}
      {paid - given > 0 && me.permissions.includes('orders.refund') ? <RefundForm number={data.number} currency={data.currency} left={paid - given}
        lines={data.lines.map((l) => ({ ...l, left: l.quantity - data.refunds.filter((r) => r.status !== 'FAILED').flatMap((r) => r.lines).filter((x) => x.lineId === l.id).reduce((s, x) => s + x.quantity, 0) }))}
        shippingLeft={data.shipping - data.refunds.filter((r) => r.status !== 'FAILED').reduce((s, r) => s + r.shipping, 0)}
        onDone={reload} /> : null}
      <Outcome place="order.refund" />
      {data.cancelledAt || !manage ? null : <OrderActions number={data.number} invoiceOpen={data.invoiceStatus === 'OPEN'} onDone={reload} />}
      <Outcome place="order.actions" />
      {data.cancelledAt || !manage ? null : <CancelForm number={data.number} blocker={data.cancelBlocker} onDone={reload} />}
      <Outcome place="order.cancel" />
      <h2><FormattedMessage id="order.history" /></h2>
      {data.events.length ? (
        <table><thead><tr><th scope="col"><FormattedMessage id="order.column.what" /></th><th scope="col"><FormattedMessage id="order.column.details" /></th><th scope="col"><FormattedMessage id="order.column.when" /></th></tr></thead>
          <tbody>{data.events.map((e, i) => { const { what, details } = describeEvent(e, data.lines, data.currency, text); return <tr key={i}><td>{what}</td><td>{details}</td><td>{when(e.createdAt)}</td></tr>; })}</tbody></table>
      ) : <p><FormattedMessage id="order.noHistory" /></p>}
      <h2><FormattedMessage id="order.deliveries" /></h2>
      <table><thead><tr><th scope="col"><FormattedMessage id="order.column.what" /></th><th scope="col"><FormattedMessage id="order.column.delivered" /></th>
        <th scope="col" className="num"><FormattedMessage id="order.column.attempts" /></th><th scope="col"><FormattedMessage id="order.column.lastError" /></th></tr></thead>
        <tbody>{data.deliveries.map((d, i) => <tr key={i}><td>{d.topic}</td><td>{d.processedAt ? when(d.processedAt) : t('order.notDeliveredYet')}</td><td className="num">{d.attempts}</td><td>{d.lastError ?? '—'}</td></tr>)}</tbody></table>
    </>
  );
}

/** What a refund gave back: its lines and shipping, or a free amount. */
function refundedWhat(r: Order['refunds'][number], lines: Line[], currency: string, { t, money }: Text): string {
  const parts = r.lines.map((x) => `${x.quantity} × ${lines.find((l) => l.id === x.lineId)?.sku ?? t('order.refund.line')}`);
  if (r.shipping) parts.push(t('order.refund.shipping', { amount: money(r.shipping, currency) }));
  return parts.length ? parts.join(', ') : t('order.refund.anAmount');
}

const CANCEL = 'mutation Cancel($number: String!, $reason: String) { orderCancel(number: $number, reason: $reason) { cancelledAt errors { message } } }';

/** Cancels an unpaid order; when it cannot be, says why instead of offering the button. */
function CancelForm({ number, blocker, onDone }: { number: string; blocker: string | null; onDone: () => void }) {
  const { t } = useText();
  const describe = useDescribe();
  const [reason, setReason] = useState('');
  // Said under where the form was: a cancelled order has no cancel form.
  const outcome = useOutcome('order.cancel');
  const [busy, setBusy] = useState(false);
  if (blocker) return <section className="card" aria-labelledby="cancel-title"><h3 id="cancel-title"><FormattedMessage id="order.cancel.title" /></h3><p><FormattedMessage id="order.cancel.blocked" values={{ reason: blocker }} /></p></section>;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    outcome.clear();
    try {
      const { orderCancel } = await gql<{ orderCancel: { errors: Array<{ message: string }> } }>(CANCEL, { number, reason: reason.trim() || null });
      if (orderCancel.errors.length) outcome.failed(orderCancel.errors.map((e) => e.message).join(' '));
      else {
        outcome.done(t('order.cancel.done', { number }));
        onDone();
      }
    } catch (e) {
      outcome.failed(describe(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="cancel-title">
      <h3 id="cancel-title"><FormattedMessage id="order.cancel.title" /></h3>
      <p>{t('order.cancel.intro')}</p>
      <div className="field"><label htmlFor="cancel-reason"><FormattedMessage id="order.cancel.reason" /></label><input id="cancel-reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} /></div>
      <button type="submit" className="secondary" disabled={busy}>{busy ? t('order.cancel.busy') : t('order.cancel.title')}</button>
    </form>
  );
}

const MARK_PAID = 'mutation MarkPaid($number: String!, $note: String) { orderInvoiceMarkPaid(number: $number, note: $note) { errors { message } } }';
const RESEND = 'mutation Resend($number: String!) { orderConfirmationResend(number: $number) { errors { message } } }';

/** What else staff do with an order: an e-quote paid by bank transfer, the confirmation e-mail sent again. */
function OrderActions({ number, invoiceOpen, onDone }: { number: string; invoiceOpen: boolean; onDone: () => void }) {
  const { t } = useText();
  const describe = useDescribe();
  const [note, setNote] = useState('');
  const outcome = useOutcome('order.actions');
  const run = async (query: string, variables: Record<string, unknown>, done: string) => {
    outcome.clear();
    try {
      const answer = Object.values(await gql<Record<string, { errors: Array<{ message: string }> }>>(query, variables))[0]!;
      if (answer.errors.length) outcome.failed(answer.errors.map((e) => e.message).join(' '));
      else {
        outcome.done(done);
        onDone();
      }
    } catch (e) {
      outcome.failed(describe(e));
    }
  };
  return (
    <section className="card" aria-labelledby="order-actions">
      <h3 id="order-actions"><FormattedMessage id="order.actions.title" /></h3>
      {invoiceOpen ? (
        <>
          <div className="field"><label htmlFor="paid-note"><FormattedMessage id="order.actions.paidNote" /></label><input id="paid-note" value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} /></div>
          <p><button type="button" onClick={() => void run(MARK_PAID, { number, note: note.trim() || null }, t('order.actions.markedPaid'))}><FormattedMessage id="order.actions.markPaid" /></button></p>
        </>
      ) : null}
      <p><button type="button" className="secondary" onClick={() => void run(RESEND, { number }, t('order.actions.resent'))}><FormattedMessage id="order.actions.resend" /></button></p>
    </section>
  );
}
