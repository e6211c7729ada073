import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useOutletContext, useSearchParams } from 'react-router';
import { gql } from '../api.ts';
import { TextField } from '../fields.tsx';
import { Outcome, useOutcome } from '../outcome.tsx';
import { useText, type MessageId } from '../i18n/text.ts';
import type { Me } from '../layout.tsx';
import { useData, useDescribe } from '../use-data.ts';

interface Lead {
  id: string; formPath: string; formName: string; email: string | null; name: string | null; company: string | null; country: string; language: string;
  createdAt: string; deliveredAt: string | null; delivery: string; attempts: number; lastError: string | null;
}
const LIST = `query Leads($formPath: String, $from: String, $to: String, $delivery: String) {
  leads(formPath: $formPath, from: $from, to: $to, delivery: $delivery) { id formPath formName email name company country language createdAt deliveredAt delivery attempts lastError }
  leadForms { path name } }`;
const REDELIVER = 'mutation Redeliver($id: String!) { leadRedeliver(id: $id) { errors { field code message } } }';
const DELIVERY: Record<string, MessageId> = {
  DELIVERED: 'leads.delivery.delivered', PENDING: 'leads.delivery.pending', RETRYING: 'leads.delivery.retrying', FAILED: 'leads.delivery.failed', SPAM: 'leads.delivery.spam',
};
const PILL: Record<string, string> = { DELIVERED: 'paid', PENDING: 'processing', RETRYING: 'processing', FAILED: 'cancelled', SPAM: 'cancelled' };

/**
 * Leads from the marketing forms, newest first: by form, submission day and delivery state, with where
 * each is on its way to the CRM; one whose delivery was given up is sent again (roles that may).
 */
export function LeadsPage() {
  const me = useOutletContext<Me>();
  const { t, when } = useText();
  const describe = useDescribe();
  const [params, setParams] = useSearchParams();
  const filter = { formPath: params.get('form') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '', delivery: params.get('delivery') ?? '' };
  const [form, setForm] = useState(filter);
  const outcome = useOutcome('leads');
  const { data, error, reload } = useData(() => gql<{ leads: Lead[]; leadForms: Array<{ path: string; name: string }> }>(LIST, {
    formPath: filter.formPath || null, from: filter.from || null, to: filter.to || null, delivery: filter.delivery || null,
  }), [params.toString()]);
  const canRedeliver = me.permissions.includes('leads.redeliver');
  const search = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (form.formPath) next.form = form.formPath;
    if (form.from) next.from = form.from;
    if (form.to) next.to = form.to;
    if (form.delivery) next.delivery = form.delivery;
    setParams(next);
  };
  const redeliver = async (lead: Lead) => {
    outcome.clear();
    const who = lead.email ?? lead.id;
    if (!window.confirm(t('leads.redeliver.confirm', { who }))) return;
    try {
      const { leadRedeliver } = await gql<{ leadRedeliver: { errors: Array<{ code: string }> } }>(REDELIVER, { id: lead.id });
      if (leadRedeliver.errors.length) outcome.failed(t('leads.redeliver.refused'));
      else outcome.done(t('leads.redeliver.done', { who }));
      reload();
    } catch (e) {
      outcome.failed(describe(e));
    }
  };
  return (
    <>
      <h1><FormattedMessage id="leads.title" /></h1>
      <p className="note"><FormattedMessage id="leads.intro" /></p>
      <form className="filters" onSubmit={search} role="search" aria-label={t('leads.filters')}>
        <div className="field">
          <label htmlFor="lead-form"><FormattedMessage id="leads.column.form" /></label>
          <select id="lead-form" value={form.formPath} onChange={(e) => setForm({ ...form, formPath: e.target.value })}>
            <option value="">{t('leads.filter.anyForm')}</option>
            {data?.leadForms.map((f) => <option key={f.path} value={f.path}>{f.name}</option>)}
          </select>
        </div>
        <TextField id="lead-from" type="date" label={t('leads.filter.from')} value={form.from} onChange={(from) => setForm({ ...form, from })} />
        <TextField id="lead-to" type="date" label={t('leads.filter.to')} value={form.to} onChange={(to) => setForm({ ...form, to })} />
        <div className="field">
          <label htmlFor="lead-delivery"><FormattedMessage id="leads.column.delivery" /></label>
          <select id="lead-delivery" value={form.delivery} onChange={(e) => setForm({ ...form, delivery: e.target.value })}>
            <option value="">{t('leads.filter.anyDelivery')}</option>
            {Object.entries(DELIVERY).map(([code, id]) => <option key={code} value={code}>{t(id)}</option>)}
          </select>
        </div>
        <div className="field"><button type="submit"><FormattedMessage id="common.search" /></button></div>
      </form>
      <Outcome place="leads" />
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data && !data.leads.length ? <p><FormattedMessage id="leads.empty" /></p> : null}
      {data?.leads.length ? (
        <div className="table-scroll">
          <table data-testid="leads">
            <caption className="visually-hidden">{t('leads.title')}</caption>
            <thead><tr>
              <th scope="col"><FormattedMessage id="leads.column.when" /></th><th scope="col"><FormattedMessage id="leads.column.form" /></th>
              <th scope="col"><FormattedMessage id="leads.column.person" /></th><th scope="col"><FormattedMessage id="leads.column.delivery" /></th>
            </tr></thead>
            <tbody>{data.leads.map((l) => (
              <tr key={l.id}>
                <td>{when(l.createdAt)}</td>
                <td>{l.formName}<br /><span className="hint">{l.country} · {l.language}</span></td>
                <td>{l.name ?? '—'}{l.company ? <><br />{l.company}</> : null}{l.email ? <><br /><span className="hint">{l.email}</span></> : null}</td>
                <td>
                  <span className={`state state--${PILL[l.delivery] ?? 'processing'}`}>{DELIVERY[l.delivery] ? t(DELIVERY[l.delivery]!) : l.delivery}</span>
                  {l.deliveredAt ? <><br /><span className="hint">{when(l.deliveredAt)}</span></> : null}
                  {l.delivery === 'FAILED' || l.delivery === 'RETRYING' ? <><br /><span className="hint">{t('leads.attempts', { count: l.attempts })}</span></> : null}
                  {l.delivery === 'FAILED' && canRedeliver ? <><br /><button type="button" className="secondary" onClick={() => void redeliver(l)}><FormattedMessage id="leads.redeliver.button" /><span className="visually-hidden"> {l.email ?? l.id}</span></button></> : null}
                </td>
              </tr>
            ))}</tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
