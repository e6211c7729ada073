import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { gql } from '../api.ts';
import { fieldErrors, TextField, type FieldErrors } from '../fields.tsx';
import { isVatNumberAvailable } from '@probe/domain';
import { Outcome, useOutcome } from '../outcome.tsx';
import { useText } from '../i18n/text.ts';
import { useData, useDescribe } from '../use-data.ts';
import './draft-order-form.css';
import { DraftAddressFields } from './draft-address-fields.tsx';
import { CHOICES, CREATE, EMPTY_ADDRESS, UPDATE, type AddressRules, type Draft, type DraftAddress, type DraftPayload } from './draft-order-api.ts';

type Line = { variantId: string; quantity: string };

/**
 * Writes a draft order or rewrites one: the buyer's e-mail, market and language, lines from the market's catalogue,
 * the shipping address (checked on the server by the country's rules, each refusal under its field), a billing
 * address of its own or the shipping one, a company's EU VAT number (checked as the checkout checks it: reverse
 * charge follows) and a note. Prices and tax are the server's, shown on the draft once saved.
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
  // The billing address is the shipping address unless the operator says otherwise (a draft saved with another one opens with it).
  const [sameBilling, setSameBilling] = useState(!draft?.billingAddress || sameAddress(draft.billingAddress, draft.shippingAddress));
  const [billing, setBilling] = useState<DraftAddress>(draft?.billingAddress ?? EMPTY_ADDRESS);
  const [vatNumber, setVatNumber] = useState(draft?.vatNumber ?? '');
  const outcome = useOutcome('draft.form');
  const [note, setNote] = useState(draft?.note ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const { data: choices } = useData(() => gql<{
    draftOrderCountries: string[]; draftOrderLanguages: string[]; draftOrderVariants: Array<{ variantId: number; sku: string; name: string; price: number; currency: string }>;
    draftOrderAddressRules: AddressRules | null;
  }>(CHOICES, { country, language }), [country, language]);
  const rules: AddressRules | null = choices?.draftOrderAddressRules ?? null;
  const takesVat = isVatNumberAvailable(country);
  const setLine = (i: number, change: Partial<Line>) => setLines(lines.map((l, j) => (j === i ? { ...l, ...change } : l)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    outcome.clear();
    const chosen = lines.filter((l) => l.variantId);
    const { country: _ignored, ...typed } = address;
    const { country: _billed, ...billed } = billing;
    const input = {
      email, country, language, note, shippingAddress: { ...typed, country }, billingAddress: sameBilling ? null : { ...billed, country },
      vatNumber: takesVat && vatNumber.trim() ? vatNumber.trim() : null, lines: chosen.map((l) => ({ variantId: Number(l.variantId), quantity: Number(l.quantity) })),
    };
    try {
      const answer = draft
        ? (await gql<{ draftOrderUpdate: DraftPayload }>(UPDATE, { id: draft.id, input })).draftOrderUpdate
        : (await gql<{ draftOrderCreate: DraftPayload }>(CREATE, { input })).draftOrderCreate;
      if (answer.errors.length || !answer.draft) {
        const refused = fieldErrors(answer.errors);
        setErrors(refused);
        const reason = [refused.form, refused.id, refused.country].filter(Boolean).join(' ');
        outcome.failed(reason ? t('common.nothingSavedBecause', { reason }) : t('common.nothingSaved'));
      } else {
        setErrors({});
        onSaved(answer.draft);
      }
    } catch (e) {
      outcome.failed(describe(e));
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
          <select id="draft-country" value={country} onChange={(e) => { setCountry(e.target.value); setLines([{ variantId: '', quantity: '1' }]); setAddress({ ...address, countryArea: '' }); setBilling({ ...billing, countryArea: '' }); }}>
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
        <DraftAddressFields kind="shipping" address={address} onChange={setAddress} rules={rules} errors={errors} />
      </fieldset>
      <fieldset data-testid="draft-billing">
        <legend><FormattedMessage id="drafts.form.billing" /></legend>
        <label className="check"><input type="checkbox" checked={sameBilling} onChange={(e) => setSameBilling(e.target.checked)} /> {t('drafts.form.billingSame')}</label>
        {sameBilling ? null : <DraftAddressFields kind="billing" address={billing} onChange={setBilling} rules={rules} errors={errors} />}
        {takesVat ? (
          <TextField id="draft-vatNumber" label={t('drafts.form.vatNumber')} hint={t('drafts.form.vatNumberHint')} autoComplete="off" value={vatNumber} onChange={setVatNumber} error={errors.vatNumber} />
        ) : null}
      </fieldset>
      <div className="field"><label htmlFor="draft-note"><FormattedMessage id="drafts.form.note" /></label>
        <textarea id="draft-note" value={note} maxLength={1000} rows={3} onChange={(e) => setNote(e.target.value)} /></div>
      <button type="submit" disabled={busy}>{t(draft ? 'common.saveChanges' : 'drafts.form.create')}</button>
      <Outcome place="draft.form" />
    </form>
  );
}

/** Whether two addresses say the same (a draft saved without a billing address of its own has the shipping one). */
function sameAddress(a: DraftAddress | null, b: DraftAddress | null): boolean {
  return !!a && !!b && (Object.keys(EMPTY_ADDRESS) as Array<keyof DraftAddress>).every((k) => (a[k] ?? '') === (b[k] ?? ''));
}
