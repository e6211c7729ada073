import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate, useOutletContext, useParams } from 'react-router';
import { gql } from '../api.ts';
import { Outcome, useOutcome } from '../outcome.tsx';
import { useText, type MessageId } from '../i18n/text.ts';
import type { Me } from '../layout.tsx';
import { useData, useDescribe } from '../use-data.ts';
import { action, DRAFT, DRAFT_STATE_WORDS, type Draft, type DraftPayload } from './draft-order-api.ts';
import { DraftOrderForm } from './draft-order-form.tsx';
import { AddressBlock } from './order-address.tsx';

/** /draft-orders/new and /draft-orders/{id}: a draft order, its pay link's state and what can be done with it. */
export function DraftOrderPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const me = useOutletContext<Me>();
  const { t } = useText();
  // Said on the page the new draft opens on.
  const outcome = useOutcome('draft');
  if (id === 'new') {
    if (!me.permissions.includes('orders.manage')) return <p role="alert" className="error"><FormattedMessage id="errors.permissionDenied" /></p>;
    return <><h1><FormattedMessage id="drafts.new" /></h1><DraftOrderForm draft={null} onSaved={(d) => {
      outcome.done(t('drafts.created', { number: d.number }), { path: `/draft-orders/${d.id}` });
      void navigate(`/draft-orders/${d.id}`);
    }} /></>;
  }
  return <DraftView id={Number(id)} canManage={me.permissions.includes('orders.manage')} />;
}

function DraftView({ id, canManage }: { id: number; canManage: boolean }) {
  const { t, money, when } = useText();
  const describe = useDescribe();
  const navigate = useNavigate();
  const { data: loaded, error, reload } = useData(() => gql<{ draftOrder: Draft | null }>(DRAFT, { id }), [id]);
  const [editing, setEditing] = useState(false);
  const outcome = useOutcome('draft');
  const [busy, setBusy] = useState(false);
  if (error) return <p role="alert" className="error">{error}</p>;
  if (loaded === null) return <p role="status"><FormattedMessage id="common.loading" /></p>;
  const data = loaded.draftOrder;
  if (!data) return <><h1><FormattedMessage id="drafts.title" /></h1><p><FormattedMessage id="drafts.notFound" /></p></>;
  const draft = data;
  const open = draft.state === 'DRAFT' || draft.state === 'SENT';

  const run = async (name: 'draftOrderSendPayLink' | 'draftOrderCancel' | 'draftOrderDelete', confirmText: MessageId | null, done: MessageId) => {
    if (confirmText && !window.confirm(t(confirmText, { number: draft.number }))) return;
    setBusy(true);
    outcome.clear();
    try {
      const answer = (await gql<Record<string, DraftPayload>>(action(name), { id: draft.id }))[name]!;
      if (answer.errors.length) outcome.failed(answer.errors.map((e) => e.message).join(' '));
      else if (name === 'draftOrderDelete') {
        outcome.done(t(done, { email: draft.email, number: draft.number }), { path: '/draft-orders' });
        await navigate('/draft-orders');
      } else {
        outcome.done(t(done, { email: draft.email, number: draft.number }));
        reload();
      }
    } catch (e) {
      outcome.failed(describe(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p><Link to="/draft-orders"><FormattedMessage id="drafts.back" /></Link></p>
      <h1><FormattedMessage id="drafts.pageTitle" values={{ number: draft.number }} /></h1>
      <dl className="facts">
        <dt><FormattedMessage id="drafts.column.state" /></dt>
        <dd data-testid="draft-state">{t(DRAFT_STATE_WORDS[draft.state])}{draft.orderNumber ? <> · <Link to={`/orders/${draft.orderNumber}`}>{t('drafts.orderLink', { number: draft.orderNumber })}</Link></> : null}</dd>
        <dt><FormattedMessage id="drafts.column.buyer" /></dt><dd>{draft.email}</dd>
        <dt><FormattedMessage id="drafts.market" /></dt><dd>{`${draft.country} · ${draft.language}`}</dd>
        {draft.linkSentAt ? <><dt><FormattedMessage id="drafts.linkSent" /></dt><dd>{t('drafts.linkSentAt', { sent: when(draft.linkSentAt), expires: when(draft.linkExpiresAt) })}</dd></> : null}
        {draft.vatNumber ? <><dt><FormattedMessage id="order.vatNumber" /></dt><dd data-testid="draft-vat-number">{draft.vatNumber}</dd></> : null}
        <dt><FormattedMessage id="order.reverseCharge" /></dt><dd data-testid="draft-reverse-charge">{t(draft.reverseCharge ? 'order.reverseCharge.yes' : 'order.reverseCharge.no')}</dd>
        {draft.note ? <><dt><FormattedMessage id="drafts.form.note" /></dt><dd>{draft.note}</dd></> : null}
      </dl>
      <div className="addresses">
        <AddressBlock id="draft-ship-to" title={t('order.shippingAddress')} address={draft.shippingAddress} empty="—" />
        <AddressBlock id="draft-bill-to" title={t('order.billingAddress')} address={draft.billingAddress} empty="—" />
      </div>
      <div className="table-scroll">
        <table data-testid="draft-lines">
          <caption className="visually-hidden">{t('drafts.form.lines')}</caption>
          <thead><tr><th scope="col"><FormattedMessage id="order.column.sku" /></th><th scope="col"><FormattedMessage id="order.column.item" /></th>
            <th scope="col" className="num"><FormattedMessage id="drafts.column.quantity" /></th><th scope="col" className="num"><FormattedMessage id="drafts.column.total" /></th></tr></thead>
          <tbody>{draft.lines.map((l) => <tr key={l.sku}><td>{l.sku}</td><td>{l.name}</td><td className="num">{l.quantity}</td><td className="num">{money(l.total, draft.currency)}</td></tr>)}</tbody>
          <tfoot>
            <tr><th scope="row" colSpan={3}><FormattedMessage id="drafts.subtotal" /></th><td className="num">{money(draft.subtotal, draft.currency)}</td></tr>
            <tr><th scope="row" colSpan={3}><FormattedMessage id="drafts.shipping" /></th><td className="num">{money(draft.shipping, draft.currency)}</td></tr>
            <tr><th scope="row" colSpan={3}><FormattedMessage id="drafts.tax" /></th><td className="num">{money(draft.tax, draft.currency)}</td></tr>
            <tr><th scope="row" colSpan={3}><FormattedMessage id="drafts.column.total" /></th><td className="num" data-testid="draft-total">{money(draft.total, draft.currency)}</td></tr>
          </tfoot>
        </table>
      </div>
      {canManage && open ? (
        <section className="card" aria-labelledby="draft-actions">
          <h2 id="draft-actions"><FormattedMessage id="common.actions" /></h2>
          <p className="actions">
            <button type="button" disabled={busy} onClick={() => void run('draftOrderSendPayLink', null, 'drafts.sent')}>{t(draft.state === 'SENT' ? 'drafts.sendAgain' : 'drafts.send')}</button>{' '}
            <button type="button" disabled={busy} onClick={() => setEditing(!editing)}>{t(editing ? 'common.cancelEdit' : 'common.edit')}</button>{' '}
            {draft.state === 'DRAFT'
              ? <button type="button" disabled={busy} onClick={() => void run('draftOrderDelete', 'drafts.confirmDelete', 'drafts.deleted')}>{t('common.delete')}</button>
              : <button type="button" disabled={busy} onClick={() => void run('draftOrderCancel', 'drafts.confirmCancel', 'drafts.cancelled')}>{t('drafts.cancel')}</button>}
          </p>
        </section>
      ) : null}
      <Outcome place="draft" />
      {editing ? <DraftOrderForm draft={draft} onSaved={() => { setEditing(false); outcome.done(t('drafts.saved')); reload(); }} /> : null}
    </>
  );
}
