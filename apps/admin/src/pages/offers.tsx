import { useRef, useState, type FormEvent } from 'react';
import { useOutletContext } from 'react-router';
import { gql, when } from '../api.ts';
import { dayOf, fieldErrors, isoOf, TextField, type FieldErrors } from '../fields.tsx';
import { FormMessage } from '../form-message.tsx';
import type { Me } from '../layout.tsx';
import { describe, useData } from '../use-data.ts';

interface Offer { id: number; slug: string; startDate: string; endDate: string | null }
const LIST = '{ offers { id slug startDate endDate } }';
const SAVE = 'mutation Save($id: Int, $input: StaffOfferInput!) { offerSave(id: $id, input: $input) { offer { slug } errors { field message } } }';
const DELETE = 'mutation Delete($id: Int!) { offerDelete(id: $id) }';
const EMPTY = { slug: '', startDate: '', endDate: '' };

const stateOf = (o: Offer, now = new Date()) => (new Date(o.startDate) > now ? 'Scheduled' : o.endDate && new Date(o.endDate) < now ? 'Ended' : 'Running');

/** Dated offers (the storefront's /offer/ page and the all-in offer): running between their start and end. */
export function OffersPage() {
  const me = useOutletContext<Me>();
  const canEdit = me.permissions.includes('promotions.write');
  const { data, error, reload } = useData(() => gql<{ offers: Offer[] }>(LIST).then((d) => d.offers), []);
  const [form, setForm] = useState(EMPTY);
  const [editing, setEditing] = useState<Offer | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const startEdit = (o: Offer | null) => {
    setEditing(o);
    setForm(o ? { slug: o.slug, startDate: dayOf(o.startDate), endDate: dayOf(o.endDate) } : EMPTY);
    setErrors({});
    setMessage(null);
    heading.current?.focus();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      const input = { slug: form.slug.trim(), startDate: isoOf(form.startDate, false) ?? '', endDate: isoOf(form.endDate, true) };
      const { offerSave } = await gql<{ offerSave: { offer: { slug: string } | null; errors: Array<{ field: string | null; message: string }> } }>(SAVE, { id: editing?.id ?? null, input });
      const refused = fieldErrors(offerSave.errors);
      setErrors(refused);
      if (!offerSave.offer) return setMessage({ error: true, text: `Nothing was saved: ${refused.form ?? 'see the fields marked below.'}` });
      setEditing(null);
      setForm(EMPTY);
      setMessage({ error: false, text: `Offer ${offerSave.offer.slug} is saved.` });
      reload();
    } catch (e) {
      setMessage({ error: true, text: describe(e) });
    }
  };
  const remove = async (o: Offer) => {
    if (!confirm(`Delete the offer ${o.slug}?`)) return;
    try {
      await gql(DELETE, { id: o.id });
      setMessage({ error: false, text: `Offer ${o.slug} is deleted.` });
      reload();
    } catch (e) {
      setMessage({ error: true, text: describe(e) });
    }
  };

  return (
    <>
      <h1>Offers</h1>
      {canEdit ? (
        <form className="card" onSubmit={submit} aria-labelledby="offer-form" noValidate>
          <h2 id="offer-form" tabIndex={-1} ref={heading}>{editing ? `Edit ${editing.slug}` : 'New offer'}</h2>
          <div className="grid">
            <TextField id="o-slug" label="Slug" hint="Names the offer in the store's links, e.g. summer-2027" value={form.slug} onChange={(slug) => setForm((f) => ({ ...f, slug }))} error={errors.slug} required autoComplete="off" />
            <TextField id="o-start" label="Starts on (UTC)" type="date" value={form.startDate} onChange={(startDate) => setForm((f) => ({ ...f, startDate }))} error={errors.startDate} required />
            <TextField id="o-end" label="Ends after (UTC)" type="date" value={form.endDate} onChange={(endDate) => setForm((f) => ({ ...f, endDate }))} error={errors.endDate} />
          </div>
          <div className="actions">
            <button type="submit">{editing ? 'Save changes' : 'Create offer'}</button>
            {editing ? <button type="button" className="secondary" onClick={() => startEdit(null)}>Cancel edit</button> : null}
          </div>
          <FormMessage message={message} />
        </form>
      ) : <p className="card">Your role reads offers; a catalogue manager or the owner changes them.</p>}
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <div className="table-scroll" role="region" aria-label="Offers" tabIndex={0}>
        <table>
          <caption className="visually-hidden">Offers by start date</caption>
          <thead><tr><th scope="col">Slug</th><th scope="col">Starts</th><th scope="col">Ends</th><th scope="col">State</th>{canEdit ? <th scope="col">Actions</th> : null}</tr></thead>
          <tbody>
            {data.map((o) => (
              <tr key={o.id}>
                <td>{o.slug}</td><td>{when(o.startDate)}</td><td>{o.endDate ? when(o.endDate) : 'no end'}</td><td>{stateOf(o)}</td>
                {canEdit ? (
                  <td><div className="actions">
                    <button type="button" className="link" onClick={() => startEdit(o)}>Edit<span className="visually-hidden"> {o.slug}</span></button>
                    <button type="button" className="link" onClick={() => void remove(o)}>Delete<span className="visually-hidden"> {o.slug}</span></button>
                  </div></td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      ) : !error ? <p role="status">Loading…</p> : null}
    </>
  );
}
