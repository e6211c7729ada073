import { useRef, useState, type FormEvent } from 'react';
import { useOutletContext } from 'react-router';
import { gql, when } from '../api.ts';
import { Checkboxes, dayOf, fieldErrors, isoOf, listOf, TextField, type FieldErrors } from '../fields.tsx';
import { FormMessage } from '../form-message.tsx';
import type { Me } from '../layout.tsx';
import { describe, useData } from '../use-data.ts';

interface Banner { id: number; content: string; url: string | null; visibility: string[]; countries: string[]; startsAt: string | null; endsAt: string | null }
const LIST = '{ banners { id content url visibility countries startsAt endsAt } promoOptions { bannerPages } }';
const SAVE = 'mutation Save($id: Int, $input: StaffBannerInput!) { bannerSave(id: $id, input: $input) { banner { id } errors { field message } } }';
const DELETE = 'mutation Delete($id: Int!) { bannerDelete(id: $id) }';
const EMPTY = { content: '', url: '', visibility: [] as string[], countries: '', startsAt: '', endsAt: '' };
type Form = typeof EMPTY;

/** The storefront's banners: a message and link on the chosen pages, in the chosen countries, between two dates. */
export function BannersPage() {
  const me = useOutletContext<Me>();
  const canEdit = me.permissions.includes('promotions.write');
  const { data, error, reload } = useData(() => gql<{ banners: Banner[]; promoOptions: { bannerPages: string[] } }>(LIST), []);
  const [form, setForm] = useState<Form>(EMPTY);
  const [editing, setEditing] = useState<Banner | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const set = <K extends keyof Form>(key: K) => (value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const startEdit = (b: Banner | null) => {
    setEditing(b);
    setForm(b ? { content: b.content, url: b.url ?? '', visibility: b.visibility, countries: b.countries.join(', '), startsAt: dayOf(b.startsAt), endsAt: dayOf(b.endsAt) } : EMPTY);
    setErrors({});
    setMessage(null);
    heading.current?.focus();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      const input = { content: form.content, url: form.url.trim() || null, visibility: form.visibility, countries: listOf(form.countries, true), startsAt: isoOf(form.startsAt, false), endsAt: isoOf(form.endsAt, true) };
      const { bannerSave } = await gql<{ bannerSave: { banner: { id: number } | null; errors: Array<{ field: string | null; message: string }> } }>(SAVE, { id: editing?.id ?? null, input });
      const refused = fieldErrors(bannerSave.errors);
      setErrors(refused);
      if (!bannerSave.banner) return setMessage({ error: true, text: `Nothing was saved: ${refused.form ?? 'see the fields marked below.'}` });
      setEditing(null);
      setForm(EMPTY);
      setMessage({ error: false, text: 'The banner is saved: buyers see it now on the pages chosen.' });
      reload();
    } catch (e) {
      setMessage({ error: true, text: describe(e) });
    }
  };
  const remove = async (b: Banner) => {
    if (!confirm(`Delete the banner "${b.content}"?`)) return;
    try {
      await gql(DELETE, { id: b.id });
      setMessage({ error: false, text: 'The banner is deleted.' });
      reload();
    } catch (e) {
      setMessage({ error: true, text: describe(e) });
    }
  };

  return (
    <>
      <h1>Banners</h1>
      <p>A promo's own banner (with its colour) is set on the promo. A page shows the first banner that fits it.</p>
      {canEdit ? (
        <form className="card" onSubmit={submit} aria-labelledby="banner-form" noValidate>
          <h2 id="banner-form" tabIndex={-1} ref={heading}>{editing ? 'Edit banner' : 'New banner'}</h2>
          <TextField id="b-content" label="Message" value={form.content} onChange={set('content')} error={errors.content} required maxLength={200} />
          <div className="grid">
            <TextField id="b-url" label="Link" placeholder="/shipping/" value={form.url} onChange={set('url')} error={errors.url} />
            <TextField id="b-countries" label="Countries (empty: all)" placeholder="US, CA" value={form.countries} onChange={set('countries')} error={errors.countries} />
            <TextField id="b-start" label="Starts on (UTC)" type="date" value={form.startsAt} onChange={set('startsAt')} error={errors.startsAt} />
            <TextField id="b-end" label="Ends after (UTC)" type="date" value={form.endsAt} onChange={set('endsAt')} error={errors.endsAt} />
          </div>
          <Checkboxes id="b-pages" legend="Shown on (none: every page)" options={data?.promoOptions.bannerPages ?? []} value={form.visibility} onChange={set('visibility')} error={errors.visibility} />
          <div className="actions">
            <button type="submit">{editing ? 'Save changes' : 'Create banner'}</button>
            {editing ? <button type="button" className="secondary" onClick={() => startEdit(null)}>Cancel edit</button> : null}
          </div>
          <FormMessage message={message} />
        </form>
      ) : <p className="card">Your role reads banners; a catalogue manager or the owner changes them.</p>}
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <div className="table-scroll" role="region" aria-label="Banners" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Banners</caption>
            <thead><tr><th scope="col">Message</th><th scope="col">Link</th><th scope="col">Pages</th><th scope="col">Countries</th><th scope="col">Runs</th>{canEdit ? <th scope="col">Actions</th> : null}</tr></thead>
            <tbody>
              {data.banners.map((b) => (
                <tr key={b.id}>
                  <td>{b.content}</td><td>{b.url ?? '—'}</td><td>{b.visibility.join(', ') || 'every page'}</td><td>{b.countries.join(', ') || 'all'}</td>
                  <td>{b.startsAt || b.endsAt ? `${b.startsAt ? when(b.startsAt) : 'now'} – ${b.endsAt ? when(b.endsAt) : 'no end'}` : 'always'}</td>
                  {canEdit ? (
                    <td><div className="actions">
                      <button type="button" className="link" onClick={() => startEdit(b)}>Edit<span className="visually-hidden"> banner {b.content}</span></button>
                      <button type="button" className="link" onClick={() => void remove(b)}>Delete<span className="visually-hidden"> banner {b.content}</span></button>
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
