import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { gql } from '../api.ts';
import { fieldErrors, TextField, type FieldErrors } from '../fields.tsx';
import { FormMessage } from '../form-message.tsx';
import { useText, type MessageId } from '../i18n/text.ts';
import { useData, useDescribe } from '../use-data.ts';
import './draft-order-form.css';
import { CHOICES, CREATE, EMPTY_ADDRESS, UPDATE, type AddressRules, type Draft, type DraftAddress, type DraftPayload } from './draft-order-api.ts';

type Line = { variantId: string; quantity: string };
const ADDRESS_FIELDS = ['firstName', 'lastName', 'companyName', 'streetAddress1', 'streetAddress2', 'postalCode', 'city', 'countryArea', 'phone'] as const;
const ADDRESS_LABELS: Record<(typeof ADDRESS_FIELDS)[number], MessageId> = {
  firstName: 'drafts.address.firstName', lastName: 'drafts.address.lastName', companyName: 'drafts.address.companyName',
  streetAddress1: 'drafts.address.streetAddress1', streetAddress2: 'drafts.address.streetAddress2', postalCode: 'drafts.address.postalCode',
  city: 'drafts.address.city', countryArea: 'drafts.address.countryArea', phone: 'drafts.address.phone',
};
/** Asked in every country (the checkout requires them whatever the country's data says). */
const ALWAYS_REQUIRED = ['firstName', 'lastName', 'streetAddress1', 'city'];
const AUTOCOMPLETE: Record<(typeof ADDRESS_FIELDS)[number], string> = {
  firstName: 'given-name', lastName: 'family-name', companyName: 'organization', streetAddress1: 'address-line1', streetAddress2: 'address-line2',
  postalCode: 'postal-code', city: 'address-level2', countryArea: 'address-level1', phone: 'tel',
};

/**
 * Writes a draft order or rewrites one: the buyer's e-mail, market and language, lines from the market's catalogue,
 * the shipping address (checked on the server by the country's rules, each refusal under its field) and a note.
 * Prices and tax are the server's, shown on the draft once saved.
 */
export function DraftOrderForm({ draft, onSaved }: { draft: Draft | null; onSaved: (draft: Draft) => void }) {
  const { t, money, languageName } = useText();
  const intl = useIntl();
  const countryName = (code: string) => `${new Intl.DisplayNames([intl.locale], { type: 'region' }).of(code) ?? code} (${code})`;
  const describe = useDescribe();
  const [email, setEmail] = useState(draft?.email ?? '');
  const [country, setCountry] = useState(draft?.country ?? 'US');
  const [language, setLanguage] = useState(draft?.language ?? 'en');
  const [lines, setLines] = useState<Line[]>(draft ? draft.lines.map((l) => ({ variantId: String(l.variantId), quantity: String(l.quantity) })) : [{ variantId: '', quantity: '1' }]);
  const [address, setAddress] = useState<DraftAddress>(draft?.shippingAddress ?? EMPTY_ADDRESS);
  const [note, setNote] = useState(draft?.note ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const { data: choices } = useData(() => gql<{
    draftOrderCountries: string[]; draftOrderLanguages: string[]; draftOrderVariants: Array<{ variantId: number; sku: string; name: string; price: number; currency: string }>;
    draftOrderAddressRules: AddressRules | null;
  }>(CHOICES, { country, language }), [country, language]);
  const rules = choices?.draftOrderAddressRules ?? null;
  // The country's own fields, as the storefront's address form shows them: no postal code where it has none, its areas as a list.
  const shown = ADDRESS_FIELDS.filter((f) => (f === 'postalCode' ? (rules?.hasPostalCode ?? true) : f === 'countryArea' ? !rules || rules.countryAreaChoices.length > 0 || rules.requiredFields.includes('countryArea') : true));
  const required = (f: string) => ALWAYS_REQUIRED.includes(f) || (rules?.requiredFields.includes(f) ?? false);
  const labelOf = (f: (typeof ADDRESS_FIELDS)[number]) => t(f === 'postalCode' && rules?.postalCodeType === 'zip' ? 'drafts.address.zip' : ADDRESS_LABELS[f]);
  const setLine = (i: number, change: Partial<Line>) => setLines(lines.map((l, j) => (j === i ? { ...l, ...change } : l)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const chosen = lines.filter((l) => l.variantId);
    const { country: _ignored, ...typed } = address;
    const input = { email, country, language, note, shippingAddress: { ...typed, country }, lines: chosen.map((l) => ({ variantId: Number(l.variantId), quantity: Number(l.quantity) })) };
    try {
      const answer = draft
        ? (await gql<{ draftOrderUpdate: DraftPayload }>(UPDATE, { id: draft.id, input })).draftOrderUpdate
        : (await gql<{ draftOrderCreate: DraftPayload }>(CREATE, { input })).draftOrderCreate;
      if (answer.errors.length || !answer.draft) setErrors({ ...fieldErrors(answer.errors), form: t('common.nothingSaved') });
      else {
        setErrors({});
        onSaved(answer.draft);
      }
    } catch (e) {
      setErrors({ form: describe(e) });
    } finally {
      setBusy(false);
    }
  };
  const lineError = (i: number) => errors[`lines.${i}.variantId`] ?? errors[`lines.${i}.quantity`];
  return (
    <form className="card draft-form" onSubmit={submit} aria-labelledby="draft-form-title" data-testid="draft-form" noValidate>
      <h2 id="draft-form-title"><FormattedMessage id={draft ? 'drafts.form.editTitle' : 'drafts.form.newTitle'} /></h2>
      <div className="grid">
        <TextField id="draft-email" label={t('drafts.form.email')} type="email" autoComplete="off" value={email} onChange={setEmail} error={errors.email} />
        <div className="field"><label htmlFor="draft-country"><FormattedMessage id="drafts.form.country" /></label>
          <select id="draft-country" value={country} onChange={(e) => { setCountry(e.target.value); setLines([{ variantId: '', quantity: '1' }]); setAddress({ ...address, countryArea: '' }); }}>
            {(choices?.draftOrderCountries ?? [country]).map((c) => <option key={c} value={c}>{countryName(c)}</option>)}
          </select></div>
        <div className="field"><label htmlFor="draft-language"><FormattedMessage id="drafts.form.language" /></label>
          <select id="draft-language" value={language} onChange={(e) => setLanguage(e.target.value)}>
            {(choices?.draftOrderLanguages ?? [language]).map((l) => <option key={l} value={l}>{languageName(l)}</option>)}
          </select></div>
      </div>
      <fieldset className="draft-lines">
        <legend><FormattedMessage id="drafts.form.lines" /></legend>
        {lines.map((line, i) => (
          <div className="grid draft-line" key={i}>
            <div className={`field${lineError(i) ? ' invalid' : ''}`}><label htmlFor={`draft-item-${i}`}>{t('drafts.form.item', { n: i + 1 })}</label>
              <select id={`draft-item-${i}`} value={line.variantId} onChange={(e) => setLine(i, { variantId: e.target.value })} aria-describedby={lineError(i) ? `draft-item-${i}-error` : undefined}>
                <option value="">—</option>
                {(choices?.draftOrderVariants ?? []).map((v) => <option key={v.variantId} value={v.variantId}>{`${v.name} (${v.sku}) · ${money(v.price, v.currency)}`}</option>)}
              </select>
              {lineError(i) ? <p className="error" id={`draft-item-${i}-error`}>{lineError(i)}</p> : null}</div>
            <TextField id={`draft-quantity-${i}`} label={t('drafts.form.quantity', { n: i + 1 })} inputMode="numeric" value={line.quantity} onChange={(v) => setLine(i, { quantity: v })} />
            {lines.length > 1 ? <p><button type="button" className="link" onClick={() => setLines(lines.filter((_, j) => j !== i))}>{t('drafts.form.removeLine', { n: i + 1 })}</button></p> : null}
          </div>
        ))}
        <p><button type="button" className="link" onClick={() => setLines([...lines, { variantId: '', quantity: '1' }])}><FormattedMessage id="drafts.form.addLine" /></button></p>
        {errors.lines ? <p className="error">{errors.lines}</p> : null}
      </fieldset>
      <fieldset>
        <legend><FormattedMessage id="drafts.form.address" /></legend>
        <div className="grid">
          {shown.map((f) => (f === 'countryArea' && rules?.countryAreaChoices.length ? (
            <div key={f} className={`field${errors['shippingAddress.countryArea'] ? ' invalid' : ''}`}>
              <label htmlFor="draft-countryArea">{labelOf(f)}</label>
              <select id="draft-countryArea" required={required(f)} value={address.countryArea} autoComplete="shipping address-level1" onChange={(e) => setAddress({ ...address, countryArea: e.target.value })}
                aria-invalid={errors['shippingAddress.countryArea'] ? true : undefined} aria-describedby={errors['shippingAddress.countryArea'] ? 'draft-countryArea-error' : undefined}>
                <option value="">—</option>
                {rules.countryAreaChoices.map((c) => <option key={c.raw} value={c.raw}>{c.verbose}</option>)}
              </select>
              {errors['shippingAddress.countryArea'] ? <p className="error" id="draft-countryArea-error">{errors['shippingAddress.countryArea']}</p> : null}
            </div>
          ) : (
            <TextField key={f} id={`draft-${f}`} label={labelOf(f)} required={required(f)} autoComplete={`shipping ${AUTOCOMPLETE[f]}`} value={address[f]}
              onChange={(v) => setAddress({ ...address, [f]: v })} error={errors[`shippingAddress.${f}`]} />
          )))}
        </div>
      </fieldset>
      <div className="field"><label htmlFor="draft-note"><FormattedMessage id="drafts.form.note" /></label>
        <textarea id="draft-note" value={note} maxLength={1000} rows={3} onChange={(e) => setNote(e.target.value)} /></div>
      <button type="submit" disabled={busy}>{t(draft ? 'common.saveChanges' : 'drafts.form.create')}</button>
      <FormMessage message={errors.form || errors.id || errors.country ? { error: true, text: [errors.form, errors.id, errors.country].filter(Boolean).join(' ') } : null} />
    </form>
  );
}
