import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useOutletContext } from 'react-router';
import { gql } from '../api.ts';
import { dayOf, fieldErrors, isoOf, TextField, type FieldErrors } from '../fields.tsx';
import { Outcome, useOutcome } from '../outcome.tsx';
import { useText, type MessageId } from '../i18n/text.ts';
import type { Me } from '../layout.tsx';
import { useData, useDescribe } from '../use-data.ts';

interface Offer { id: number; slug: string; startDate: string; endDate: string | null }
const LIST = '{ offers { id slug startDate endDate } }';
const SAVE = 'mutation Save($id: Int, $input: StaffOfferInput!) { offerSave(id: $id, input: $input) { offer { slug } errors { field message } } }';
const DELETE = 'mutation Delete($id: Int!) { offerDelete(id: $id) }';
const EMPTY = { slug: '', startDate: '', endDate: '' };

const stateOf = (o: Offer, now = new Date()): MessageId => (new Date(o.startDate) > now ? 'offers.state.scheduled' : o.endDate && new Date(o.endDate) < now ? 'offers.state.ended' : 'offers.state.running');

/** Dated offers (the storefront's /offer/ page and the all-in offer): running between their start and end. */
export function OffersPage() {
  const me = useOutletContext<Me>();
  const { t, when } = useText();
  const describe = useDescribe();
  const canEdit = me.permissions.includes('promotions.write');
  const { data, error, reload } = useData(() => gql<{ offers: Offer[] }>(LIST).then((d) => d.offers), []);
  const [form, setForm] = useState(EMPTY);
  const [editing, setEditing] = useState<Offer | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const outcome = useOutcome('offers');
  const heading = useRef<HTMLHeadingElement>(null);

  const startEdit = (o: Offer | null) => {
    setEditing(o);
    setForm(o ? { slug: o.slug, startDate: dayOf(o.startDate), endDate: dayOf(o.endDate) } : EMPTY);
    setErrors({});
    outcome.clear();
    heading.current?.focus();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    outcome.clear();
    try {
      const input = { slug: form.slug.trim(), startDate: isoOf(form.startDate, false) ?? '', endDate: isoOf(form.endDate, true) };
      const { offerSave } = await gql<{ offerSave: { offer: { slug: string } | null; errors: Array<{ field: string | null; message: string }> } }>(SAVE, { id: editing?.id ?? null, input });
      const refused = fieldErrors(offerSave.errors);
      setErrors(refused);
      if (!offerSave.offer) return outcome.failed(refused.form ? t('common.nothingSavedBecause', { reason: refused.form }) : t('common.nothingSaved'));
      setEditing(null);
      setForm(EMPTY);
      outcome.done(t('offers.saved', { slug: offerSave.offer.slug }));
      reload();
    } catch (e) {
      outcome.failed(describe(e));
    }
  };
  const remove = async (o: Offer) => {
    if (!confirm(t('offers.confirmDelete', { slug: o.slug }))) return;
    try {
      await gql(DELETE, { id: o.id });
      outcome.done(t('offers.deleted', { slug: o.slug }));
      reload();
    } catch (e) {
      outcome.failed(describe(e));
    }
  };

  return (
    <>
      <h1><FormattedMessage id="offers.title" /></h1>
      {canEdit ? (
        <form className="card" onSubmit={submit} aria-labelledby="offer-form" noValidate>
          <h2 id="offer-form" tabIndex={-1} ref={heading}>{editing ? t('offers.edit', { slug: editing.slug }) : t('offers.new')}</h2>
          <div className="grid">
            <TextField id="o-slug" label={t('offers.field.slug')} hint={t('offers.field.slugHint')} value={form.slug} onChange={(slug) => setForm((f) => ({ ...f, slug }))} error={errors.slug} required autoComplete="off" />
            <TextField id="o-start" label={t('common.startsOn')} type="date" value={form.startDate} onChange={(startDate) => setForm((f) => ({ ...f, startDate }))} error={errors.startDate} required />
            <TextField id="o-end" label={t('common.endsAfter')} type="date" value={form.endDate} onChange={(endDate) => setForm((f) => ({ ...f, endDate }))} error={errors.endDate} />
          </div>
          <div className="actions">
            <button type="submit">{editing ? t('common.saveChanges') : t('offers.create')}</button>
            {editing ? <button type="button" className="secondary" onClick={() => startEdit(null)}><FormattedMessage id="common.cancelEdit" /></button> : null}
          </div>
          <Outcome place="offers" />
        </form>
      ) : <p className="card"><FormattedMessage id="offers.readOnly" /></p>}
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <div className="table-scroll" role="region" aria-label={t('offers.title')} tabIndex={0}>
        <table>
          <caption className="visually-hidden"><FormattedMessage id="offers.caption" /></caption>
          <thead><tr><th scope="col"><FormattedMessage id="offers.column.slug" /></th><th scope="col"><FormattedMessage id="offers.column.starts" /></th>
            <th scope="col"><FormattedMessage id="offers.column.ends" /></th><th scope="col"><FormattedMessage id="offers.column.state" /></th>{canEdit ? <th scope="col"><FormattedMessage id="common.actions" /></th> : null}</tr></thead>
          <tbody>
            {data.map((o) => (
              <tr key={o.id}>
                <td>{o.slug}</td><td>{when(o.startDate)}</td><td>{o.endDate ? when(o.endDate) : t('common.noEnd')}</td><td>{t(stateOf(o))}</td>
                {canEdit ? (
                  <td><div className="actions">
                    <button type="button" className="link" onClick={() => startEdit(o)}><FormattedMessage id="common.edit" /><span className="visually-hidden"> {o.slug}</span></button>
                    <button type="button" className="link" onClick={() => void remove(o)}><FormattedMessage id="common.delete" /><span className="visually-hidden"> {o.slug}</span></button>
                  </div></td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      ) : !error ? <p role="status"><FormattedMessage id="common.loading" /></p> : null}
    </>
  );
}
