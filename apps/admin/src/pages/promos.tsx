import { useRef, useState, type FormEvent } from 'react';
import { useOutletContext } from 'react-router';
import { gql, when } from '../api.ts';
import { Checkboxes, dayOf, fieldErrors, isoOf, listOf, TextField, type FieldErrors } from '../fields.tsx';
import { FormMessage } from '../form-message.tsx';
import type { Me } from '../layout.tsx';
import { describe, useData } from '../use-data.ts';

interface Promo {
  id: number; code: string; name: string; codeKind: string; percent: number | null; fixed: string | null; countries: string[]; startsAt: string | null; expiresAt: string | null;
  attributionDays: number | null; applyNTimesPerOrder: number | null; usageLimit: number | null; usedCount: number; isActive: boolean;
  bannerMessage: string | null; bannerLink: string | null; bannerColor: string | null; bannerVisibilityPages: string[]; freeProductVariants: string[]; voucherApplicableItemsSKUs: string[]; bundles: string[];
}
interface Options { bannerPages: string[]; bundles: string[]; codeKinds: string[] }
const FIELDS = 'id code name codeKind percent fixed countries startsAt expiresAt attributionDays applyNTimesPerOrder usageLimit usedCount isActive bannerMessage bannerLink bannerColor bannerVisibilityPages freeProductVariants voucherApplicableItemsSKUs bundles';
const LOAD = `{ promos { ${FIELDS} } promoOptions { bannerPages bundles codeKinds } }`;
const SAVE = `mutation Save($id: Int!, $input: StaffPromoInput!) { promoUpdate(id: $id, input: $input) { promo { code } errors { field code message } } }`;
const CREATE = `mutation Create($input: StaffPromoInput!) { promoCreate(input: $input) { promo { code } errors { field code message } } }`;
const ACTIVE = 'mutation Active($id: Int!, $active: Boolean!) { promoActiveSet(id: $id, active: $active) { id isActive } }';

const EMPTY = {
  code: '', name: '', codeKind: 'VOUCHER', percent: '', fixed: '', countries: '', startsAt: '', expiresAt: '', attributionDays: '', applyNTimesPerOrder: '', usageLimit: '',
  bannerMessage: '', bannerLink: '', bannerColor: '', bannerVisibilityPages: [] as string[], freeProductVariants: '', voucherApplicableItemsSKUs: '', bundles: [] as string[],
};
type Form = typeof EMPTY;
/** The server's names for refused fields, as this form names them. */
const RENAME = { discount: 'percent', skus: 'voucherApplicableItemsSKUs', freeSkus: 'freeProductVariants' };

/** "eur 50.00, usd 55" ⇄ {"eur": 5000, "usd": 5500}; text that is not amounts goes to the server as it is, which refuses it. */
const fixedText = (json: string | null) => Object.entries(JSON.parse(json ?? '{}') as Record<string, number>).map(([c, a]) => `${c} ${(a / 100).toFixed(2)}`).join(', ');
function fixedJson(text: string): string | null {
  if (!text.trim()) return null;
  const entries = text.split(',').map((part) => /^\s*([a-z]{3})\s*[:=]?\s*(\d+(?:[.,]\d{1,2})?)\s*$/i.exec(part));
  if (entries.some((m) => !m)) return text;
  return JSON.stringify(Object.fromEntries(entries.map((m) => [m![1]!.toLowerCase(), Math.round(Number(m![2]!.replace(',', '.')) * 100)])));
}
const num = (text: string) => (text.trim() ? Number(text.replace(',', '.')) : null);

const formOf = (p: Promo): Form => ({
  code: p.code, name: p.name, codeKind: p.codeKind, percent: p.percent ? String(p.percent) : '', fixed: fixedText(p.fixed), countries: p.countries.join(', '),
  startsAt: dayOf(p.startsAt), expiresAt: dayOf(p.expiresAt), attributionDays: String(p.attributionDays ?? ''), applyNTimesPerOrder: String(p.applyNTimesPerOrder ?? ''),
  usageLimit: String(p.usageLimit ?? ''), bannerMessage: p.bannerMessage ?? '', bannerLink: p.bannerLink ?? '', bannerColor: p.bannerColor ?? '',
  bannerVisibilityPages: p.bannerVisibilityPages, freeProductVariants: p.freeProductVariants.join(', '), voucherApplicableItemsSKUs: p.voucherApplicableItemsSKUs.join(', '), bundles: p.bundles,
});

const inputOf = (f: Form) => ({
  code: f.code.trim(), name: f.name.trim(), codeKind: f.codeKind, percent: num(f.percent), fixed: fixedJson(f.fixed), countries: listOf(f.countries, true),
  startsAt: isoOf(f.startsAt, false), expiresAt: isoOf(f.expiresAt, true), attributionDays: num(f.attributionDays), applyNTimesPerOrder: num(f.applyNTimesPerOrder), usageLimit: num(f.usageLimit),
  bannerMessage: f.bannerMessage.trim() || null, bannerLink: f.bannerLink.trim() || null, bannerColor: f.bannerColor.trim() || null, bannerVisibilityPages: f.bannerVisibilityPages,
  freeProductVariants: listOf(f.freeProductVariants, true), voucherApplicableItemsSKUs: listOf(f.voucherApplicableItemsSKUs, true), bundles: f.bundles,
});

const discountOf = (p: Promo) => [p.percent ? `${p.percent} %` : null, p.fixed ? fixedText(p.fixed) : null, p.freeProductVariants.length ? `free ${p.freeProductVariants.join(', ')}` : null].filter(Boolean).join(' + ') || '—';

/** Promos with codes: their terms, their banner on the storefront, how often used; made, edited and switched off here. */
export function PromosPage() {
  const me = useOutletContext<Me>();
  const canEdit = me.permissions.includes('promotions.write');
  const { data, error, reload } = useData(() => gql<{ promos: Promo[]; promoOptions: Options }>(LOAD), []);
  const [form, setForm] = useState<Form>(EMPTY);
  const [editing, setEditing] = useState<Promo | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const set = <K extends keyof Form>(key: K) => (value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const startEdit = (p: Promo | null) => {
    setEditing(p);
    setForm(p ? formOf(p) : EMPTY);
    setErrors({});
    setMessage(null);
    heading.current?.focus();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      const answer = editing
        ? (await gql<{ promoUpdate: Payload }>(SAVE, { id: editing.id, input: inputOf(form) })).promoUpdate
        : (await gql<{ promoCreate: Payload }>(CREATE, { input: inputOf(form) })).promoCreate;
      const refused = fieldErrors(answer.errors, RENAME);
      if (refused.fixed) refused.fixed = `${refused.fixed} Type amounts as currency and amount, e.g. eur 50.00, usd 55.00.`;
      setErrors(refused);
      if (!answer.promo) return setMessage({ error: true, text: `Nothing was saved: ${refused.form ?? 'see the fields marked below.'}` });
      setMessage({ error: false, text: editing ? `${answer.promo.code} is changed: buyers see the change now.` : `${answer.promo.code} is live: buyers can use it now.` });
      setEditing(null);
      setForm(EMPTY);
      reload();
    } catch (e) {
      setMessage({ error: true, text: describe(e) });
    }
  };
  const toggle = async (p: Promo) => {
    try {
      await gql(ACTIVE, { id: p.id, active: !p.isActive });
      setMessage({ error: false, text: `${p.code} is switched ${p.isActive ? 'off: buyers can no longer use it and its banner is gone' : 'on'}.` });
      reload();
    } catch (e) {
      setMessage({ error: true, text: describe(e) });
    }
  };
  const field = (key: Exclude<keyof Form, 'bannerVisibilityPages' | 'bundles' | 'codeKind'>, label: string, props: Record<string, unknown> = {}) => (
    <TextField id={`p-${key}`} label={label} value={form[key]} onChange={set(key)} error={errors[key]} {...props} />
  );

  return (
    <>
      <h1>Promos</h1>
      {canEdit ? (
        <form className="card wide" onSubmit={submit} aria-labelledby="promo-form" noValidate>
          <h2 id="promo-form" tabIndex={-1} ref={heading}>{editing ? `Edit ${editing.code}` : 'New promo'}</h2>
          <div className="grid">
            {field('code', 'Code', { required: true, autoComplete: 'off', readOnly: Boolean(editing), hint: editing ? 'A code cannot change once buyers may hold it.' : undefined })}
            {field('name', 'Name buyers see', { required: true })}
            <div className={`field${errors.codeKind ? ' invalid' : ''}`}>
              <label htmlFor="p-codeKind">Kind of code</label>
              <select id="p-codeKind" value={form.codeKind} onChange={(e) => set('codeKind')(e.target.value)}
                aria-invalid={errors.codeKind ? true : undefined} aria-describedby={errors.codeKind ? 'p-codeKind-error' : undefined}>
                {(data?.promoOptions.codeKinds ?? ['VOUCHER']).map((k) => <option key={k} value={k}>{k.toLowerCase()}</option>)}
              </select>
              {errors.codeKind ? <p className="error" id="p-codeKind-error">{errors.codeKind}</p> : null}
            </div>
          </div>
          <h3>Discount</h3>
          <div className="grid">
            {field('percent', 'Percent off', { inputMode: 'decimal', hint: 'Or fixed amounts, or free items only' })}
            {field('fixed', 'Fixed amounts off', { placeholder: 'eur 50.00, usd 55.00' })}
            {field('freeProductVariants', 'Free items (SKUs)', { placeholder: 'ACC-USBC-3M' })}
            {field('voucherApplicableItemsSKUs', 'Discounted items (SKUs; empty: all)')}
            {field('applyNTimesPerOrder', 'Applies at most, per order', { inputMode: 'numeric' })}
          </div>
          <h3>Where and when</h3>
          <div className="grid">
            {field('countries', 'Countries (empty: all)', { placeholder: 'DE, AT' })}
            {field('startsAt', 'Starts on (UTC)', { type: 'date' })}
            {field('expiresAt', 'Expires after (UTC)', { type: 'date' })}
            {field('usageLimit', 'Orders at most', { inputMode: 'numeric' })}
            {field('attributionDays', 'Attribution days', { inputMode: 'numeric' })}
          </div>
          <Checkboxes id="p-bundles" legend="Kinds of purchase (none: all)" options={data?.promoOptions.bundles ?? []} value={form.bundles} onChange={set('bundles')} error={errors.bundles} />
          <h3>Banner</h3>
          <div className="grid">
            {field('bannerMessage', 'Banner message')}
            {field('bannerLink', 'Banner link', { placeholder: '/pricing/' })}
            {field('bannerColor', 'Banner colour', { placeholder: '#0b2545' })}
          </div>
          <Checkboxes id="p-pages" legend="Banner shown on" options={data?.promoOptions.bannerPages ?? []} value={form.bannerVisibilityPages} onChange={set('bannerVisibilityPages')} error={errors.bannerVisibilityPages} />
          <div className="actions">
            <button type="submit">{editing ? 'Save changes' : 'Create promo'}</button>
            {editing ? <button type="button" className="secondary" onClick={() => startEdit(null)}>Cancel edit</button> : null}
          </div>
          <FormMessage message={message} />
        </form>
      ) : <p className="card">Your role reads promos; a catalogue manager or the owner changes them.</p>}
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <div className="table-scroll" role="region" aria-label="Promos" tabIndex={0}>
          <table className="wide">
            <caption className="visually-hidden">Promos, newest first</caption>
            <thead><tr><th scope="col">Code</th><th scope="col">Name</th><th scope="col">Discount</th><th scope="col">Countries</th><th scope="col">Runs</th><th scope="col">Banner</th><th scope="col" className="num nowrap">Used</th><th scope="col">State</th></tr></thead>
            <tbody>
              {data.promos.map((p) => (
                <tr key={p.id}>
                  <td className="nowrap">{p.code}{p.codeKind !== 'VOUCHER' ? <> <small>({p.codeKind.toLowerCase()})</small></> : null}</td>
                  <td>{p.name}</td><td>{discountOf(p)}</td><td>{p.countries.join(', ') || 'all'}</td>
                  <td>{p.startsAt ? `from ${when(p.startsAt)}, ` : ''}{p.expiresAt ? `until ${when(p.expiresAt)}` : 'no end'}</td>
                  <td>{p.bannerMessage ? <>{p.bannerColor ? <span className="swatch" style={{ background: p.bannerColor }} aria-hidden="true" /> : null}{p.bannerMessage} <small>({p.bannerVisibilityPages.join(', ') || 'no page'})</small></> : '—'}</td>
                  <td className="num">{p.usedCount}{p.usageLimit ? ` / ${p.usageLimit}` : ''}</td>
                  <td>
                    {p.isActive ? 'On' : 'Off'}
                    {canEdit ? (
                      <div className="actions">
                        <button type="button" className="link" onClick={() => startEdit(p)}>Edit<span className="visually-hidden"> {p.code}</span></button>
                        <button type="button" className="link" onClick={() => void toggle(p)}>{p.isActive ? 'Switch off' : 'Switch on'}<span className="visually-hidden"> {p.code}</span></button>
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : !error ? <p role="status">Loading…</p> : null}
    </>
  );
}

interface Payload { promo: { code: string } | null; errors: Array<{ field: string | null; message: string }> }
