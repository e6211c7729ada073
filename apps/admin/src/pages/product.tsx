import { useState, type FormEvent } from 'react';
import { Link, useOutletContext, useParams } from 'react-router';
import { gql } from '../api.ts';
import { FormMessage } from '../form-message.tsx';
import { dirOf, languageName } from '../languages.ts';
import type { Me } from '../layout.tsx';
import { describe, useData } from '../use-data.ts';
import { VariantForm, VARIANT_FIELDS, type Variant } from './variant-form.tsx';

interface ProductText { language: string; name: string; shortDescription: string }
interface Product { id: number; slug: string; category: string; translations: ProductText[]; variants: Variant[] }
const QUERY = `query Product($id: Int!) { product(id: $id) { id slug category translations { language name shortDescription } variants ${VARIANT_FIELDS} } }`;
const SAVE = 'mutation Save($id: Int!, $t: [StaffProductTextInput!]!) { productUpdate(id: $id, translations: $t) { product { translations { language name shortDescription } } errors { field code message } } }';

/** One product: its name and short description in every catalogue language, then each variant's SKU, publication, stock and names. */
export function ProductPage() {
  const { id = '' } = useParams();
  const me = useOutletContext<Me>();
  const canEdit = me.permissions.includes('catalogue.write');
  const { data, error, reload } = useData(() => gql<{ product: Product | null }>(QUERY, { id: Number(id) }).then((d) => d.product), [id]);
  if (error) return <><h1>Product</h1><p role="alert" className="error">{error}</p></>;
  if (!data) return data === null ? <><h1>Product</h1><p>No product has this id.</p></> : <p role="status">Loading…</p>;
  return (
    <>
      <p><Link to="/products">← Products</Link></p>
      <h1>{data.translations[0]!.name}</h1>
      <p>{data.category} · <a href={`/us/en/product/${data.slug}/`}>/product/{data.slug}/</a> in the store</p>
      {canEdit ? null : <p className="note">Your role may read the catalogue, not change it.</p>}
      <ProductTexts productId={data.id} texts={data.translations} canEdit={canEdit} />
      <h2 id="variants">Variants</h2>
      <table aria-labelledby="variants">
        <thead><tr><th scope="col">SKU</th><th scope="col">Name</th><th scope="col">In the store</th><th scope="col" className="num">Stock</th></tr></thead>
        <tbody>{data.variants.map((v) => (
          <tr key={v.id}><td><a href={`#variant-${v.id}`}>{v.sku}</a></td><td>{v.translations[0]!.name}</td><td>{v.isPublished ? 'Published' : 'Unpublished'}</td>
            <td className="num">{v.trackInventory ? v.stock : 'not counted'}</td></tr>
        ))}</tbody>
      </table>
      {data.variants.map((v) => <VariantForm key={v.id} variant={v} canEdit={canEdit} onSaved={reload} />)}
    </>
  );
}

function ProductTexts({ productId, texts, canEdit }: { productId: number; texts: ProductText[]; canEdit: boolean }) {
  const [form, setForm] = useState(texts);
  const [saved, setSaved] = useState(texts);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const changed = form.filter((t, i) => t.name !== saved[i]!.name || t.shortDescription !== saved[i]!.shortDescription);
  const set = (language: string, field: 'name' | 'shortDescription', value: string) =>
    setForm((all) => all.map((t) => (t.language === language ? { ...t, [field]: value } : t)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      const { productUpdate } = await gql<{ productUpdate: { product: { translations: ProductText[] } | null; errors: Array<{ field: string; message: string }> } }>(SAVE, { id: productId, t: changed });
      setErrors(Object.fromEntries(productUpdate.errors.map((e) => [e.field, e.message])));
      if (productUpdate.errors.length) setMessage({ error: true, text: 'Nothing was saved: see the fields marked below.' });
      else if (productUpdate.product) {
        setSaved(productUpdate.product.translations);
        setForm(productUpdate.product.translations);
        setMessage({ error: false, text: `Saved ${changed.length} language${changed.length === 1 ? '' : 's'}. The store shows the new texts within a second.` });
      }
    } catch (e) {
      setMessage({ error: true, text: describe(e) });
    }
  };
  const error = (key: string) => errors[key] ? <p className="error" id={`${key}-error`}>{errors[key]}</p> : null;
  const described = (key: string) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${key}-error` } : {});

  return (
    <form onSubmit={submit} aria-labelledby="texts" noValidate>
      <h2 id="texts">Name and short description</h2>
      <p>English is the source text. A language left empty shows the English text in that store.</p>
      <div className="languages">
        {form.map((t) => (
          <fieldset key={t.language} className={errors[`translations.${t.language}.name`] || errors[`translations.${t.language}.shortDescription`] ? 'invalid' : undefined}>
            <legend>{languageName(t.language)}</legend>
            <div className="field">
              <label htmlFor={`translations.${t.language}.name`}>Name</label>
              <input id={`translations.${t.language}.name`} lang={t.language} dir={dirOf(t.language)} value={t.name} readOnly={!canEdit}
                onChange={(e) => set(t.language, 'name', e.target.value)} {...described(`translations.${t.language}.name`)} />
              {error(`translations.${t.language}.name`)}
            </div>
            <div className="field">
              <label htmlFor={`translations.${t.language}.shortDescription`}>Short description</label>
              <textarea id={`translations.${t.language}.shortDescription`} lang={t.language} dir={dirOf(t.language)} rows={3} value={t.shortDescription} readOnly={!canEdit}
                onChange={(e) => set(t.language, 'shortDescription', e.target.value)} {...described(`translations.${t.language}.shortDescription`)} />
              {error(`translations.${t.language}.shortDescription`)}
            </div>
          </fieldset>
        ))}
      </div>
      {canEdit ? <p className="actions"><button type="submit" disabled={!changed.length}>Save texts{changed.length ? ` (${changed.length} language${changed.length === 1 ? '' : 's'})` : ''}</button></p> : null}
      <FormMessage message={message} />
    </form>
  );
}
