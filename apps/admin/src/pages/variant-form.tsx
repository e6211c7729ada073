import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { gql } from '../api.ts';
import { Outcome, useOutcome } from '../outcome.tsx';
import { useText } from '../i18n/text.ts';
import { dirOf } from '../languages.ts';
import { useDescribe } from '../use-data.ts';

export interface Variant { id: number; sku: string; isPublished: boolean; trackInventory: boolean; stock: number; translations: Array<{ language: string; name: string }> }
export const VARIANT_FIELDS = '{ id sku isPublished trackInventory stock translations { language name } }';
const SAVE = `mutation SaveVariant($id: Int!, $input: StaffVariantInput!) { variantUpdate(id: $id, input: $input) { variant ${VARIANT_FIELDS} errors { field code message } } }`;

interface Form { sku: string; isPublished: boolean; trackInventory: boolean; stock: string; names: Record<string, string> }
const formOf = (v: Variant): Form => ({
  sku: v.sku, isPublished: v.isPublished, trackInventory: v.trackInventory, stock: String(v.stock), names: Object.fromEntries(v.translations.map((t) => [t.language, t.name])),
});

/** One variant: SKU, whether the store shows it, its stock (refused when an order took some since it was shown) and its name in every language. */
export function VariantForm({ variant, canEdit, onSaved }: { variant: Variant; canEdit: boolean; onSaved: () => void }) {
  const { t, number, languageName } = useText();
  const describe = useDescribe();
  const [base, setBase] = useState(variant);
  const [form, setForm] = useState(() => formOf(variant));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const outcome = useOutcome(`variant-${variant.id}`);
  const id = (field: string) => `v${variant.id}-${field}`;
  const nameErrors = base.translations.some((x) => errors[`translations.${x.language}.name`] && x.language !== 'en');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    outcome.clear();
    const stockChanged = form.stock.trim() !== String(base.stock);
    if (stockChanged && !/^\d{1,7}$/.test(form.stock.trim())) {
      setErrors({ stock: t('variant.stockInvalid', { max: 1_000_000 }) });
      outcome.failed(t('common.nothingSaved'));
      return;
    }
    const input = {
      sku: form.sku, isPublished: form.isPublished, trackInventory: form.trackInventory,
      ...(stockChanged ? { stock: Number(form.stock.trim()), stockSeen: base.stock } : {}),
      translations: base.translations.filter((x) => form.names[x.language] !== x.name).map((x) => ({ language: x.language, name: form.names[x.language] ?? '' })),
    };
    try {
      const { variantUpdate } = await gql<{ variantUpdate: { variant: Variant | null; errors: Array<{ field: string; code: string; message: string }> } }>(SAVE, { id: variant.id, input });
      setErrors(Object.fromEntries(variantUpdate.errors.map((e) => [e.field, e.message])));
      if (variantUpdate.errors.length) {
        const stale = variantUpdate.errors.find((e) => e.code === 'STALE');
        outcome.failed(t('common.nothingSaved'));
        // The stock an order left is shown as the new starting point; the operator's number stays in the box.
        if (stale && variantUpdate.variant) setBase({ ...base, stock: variantUpdate.variant.stock });
      } else if (variantUpdate.variant) {
        setBase(variantUpdate.variant);
        setForm(formOf(variantUpdate.variant));
        outcome.done(t('variant.saved', { sku: variantUpdate.variant.sku }));
        onSaved();
      }
    } catch (e) {
      outcome.failed(describe(e));
    }
  };
  const fieldError = (key: string) => (errors[key] ? <p className="error" id={`${id(key)}-error`}>{errors[key]}</p> : null);
  const described = (key: string) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id(key)}-error` } : {});
  const nameInput = (language: string) => (
    <div key={language} className={`field${errors[`translations.${language}.name`] ? ' invalid' : ''}`}>
      <label htmlFor={id(`name-${language}`)}><FormattedMessage id="variant.nameIn" values={{ language: languageName(language) }} /></label>
      <input id={id(`name-${language}`)} lang={language} dir={dirOf(language)} value={form.names[language] ?? ''} readOnly={!canEdit}
        onChange={(e) => setForm({ ...form, names: { ...form.names, [language]: e.target.value } })} {...described(`translations.${language}.name`)} />
      {fieldError(`translations.${language}.name`)}
    </div>
  );

  return (
    <form id={`variant-${variant.id}`} className="card wide" onSubmit={submit} aria-labelledby={id('title')} noValidate>
      <h3 id={id('title')}>{base.sku}</h3>
      <div className="grid">
        <div className={`field${errors.sku ? ' invalid' : ''}`}>
          <label htmlFor={id('sku')}><FormattedMessage id="variant.sku" /></label>
          <input id={id('sku')} value={form.sku} readOnly={!canEdit} autoComplete="off" spellCheck={false} onChange={(e) => setForm({ ...form, sku: e.target.value })} {...described('sku')} />
          {fieldError('sku')}
        </div>
        <div className={`field${errors.stock ? ' invalid' : ''}`}>
          <label htmlFor={id('stock')}><FormattedMessage id="variant.stock" /></label>
          <input id={id('stock')} inputMode="numeric" value={form.stock} readOnly={!canEdit} onChange={(e) => setForm({ ...form, stock: e.target.value })} {...described('stock')} />
          {errors.stock ? null : <p className="hint">{t(form.trackInventory ? 'variant.stockNow' : 'variant.stockNowNotCounted', { stock: number(base.stock) })}</p>}
          {fieldError('stock')}
        </div>
        {nameInput('en')}
      </div>
      <label className="check"><input type="checkbox" checked={form.isPublished} disabled={!canEdit} onChange={(e) => setForm({ ...form, isPublished: e.target.checked })} /> {t('variant.published')}</label>
      <label className="check"><input type="checkbox" checked={form.trackInventory} disabled={!canEdit} onChange={(e) => setForm({ ...form, trackInventory: e.target.checked })} /> {t('variant.trackInventory')}</label>
      <details open={nameErrors || undefined}>
        <summary><FormattedMessage id="variant.otherLanguages" values={{ count: base.translations.length - 1 }} /></summary>
        <div className="grid">{base.translations.filter((x) => x.language !== 'en').map((x) => nameInput(x.language))}</div>
      </details>
      {canEdit ? <button type="submit"><FormattedMessage id="variant.save" values={{ sku: base.sku }} /></button> : null}
      <Outcome place={`variant-${variant.id}`} />
    </form>
  );
}
