import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useOutletContext, useParams } from 'react-router';
import { gql } from '../api.ts';
import { Outcome, useOutcome } from '../outcome.tsx';
import { useText } from '../i18n/text.ts';
import { dirOf } from '../languages.ts';
import type { Me } from '../layout.tsx';
import { useData, useDescribe } from '../use-data.ts';
import { VariantForm, VARIANT_FIELDS, type Variant } from './variant-form.tsx';

interface ProductText { language: string; name: string; shortDescription: string }
interface Product { id: number; slug: string; category: string; translations: ProductText[]; variants: Variant[] }
const QUERY = `query Product($id: Int!) { product(id: $id) { id slug category translations { language name shortDescription } variants ${VARIANT_FIELDS} } }`;
const SAVE = 'mutation Save($id: Int!, $t: [StaffProductTextInput!]!) { productUpdate(id: $id, translations: $t) { product { translations { language name shortDescription } } errors { field code message } } }';

/** One product: its name and short description in every catalogue language, then each variant's SKU, publication, stock and names. */
export function ProductPage() {
  const { id = '' } = useParams();
  const me = useOutletContext<Me>();
  const { t, number } = useText();
  const canEdit = me.permissions.includes('catalogue.write');
  const { data, error, reload } = useData(() => gql<{ product: Product | null }>(QUERY, { id: Number(id) }).then((d) => d.product), [id]);
  if (error) return <><h1><FormattedMessage id="product.title" /></h1><p role="alert" className="error">{error}</p></>;
  if (!data) return data === null ? <><h1><FormattedMessage id="product.title" /></h1><p><FormattedMessage id="product.notFound" /></p></> : <p role="status"><FormattedMessage id="common.loading" /></p>;
  return (
    <>
      <p><Link to="/products"><FormattedMessage id="product.back" /></Link></p>
      <h1>{data.translations[0]!.name}</h1>
      <p>{data.category} · <FormattedMessage id="product.inStore" values={{ link: <a href={`/us/en/product/${data.slug}/`}>/product/{data.slug}/</a> }} /></p>
      {canEdit ? null : <p className="note"><FormattedMessage id="product.readOnly" /></p>}
      <ProductTexts productId={data.id} texts={data.translations} canEdit={canEdit} />
      <h2 id="variants"><FormattedMessage id="product.variants" /></h2>
      <table aria-labelledby="variants">
        <thead><tr><th scope="col"><FormattedMessage id="product.column.sku" /></th><th scope="col"><FormattedMessage id="product.column.name" /></th>
          <th scope="col"><FormattedMessage id="product.column.inStore" /></th><th scope="col" className="num"><FormattedMessage id="product.column.stock" /></th></tr></thead>
        <tbody>{data.variants.map((v) => (
          <tr key={v.id}><td><a href={`#variant-${v.id}`}>{v.sku}</a></td><td>{v.translations[0]!.name}</td><td>{t(v.isPublished ? 'product.published' : 'product.unpublished')}</td>
            <td className="num">{v.trackInventory ? number(v.stock) : t('product.notCounted')}</td></tr>
        ))}</tbody>
      </table>
      {data.variants.map((v) => <VariantForm key={v.id} variant={v} canEdit={canEdit} onSaved={reload} />)}
    </>
  );
}

function ProductTexts({ productId, texts, canEdit }: { productId: number; texts: ProductText[]; canEdit: boolean }) {
  const { t, languageName } = useText();
  const describe = useDescribe();
  const [form, setForm] = useState(texts);
  const [saved, setSaved] = useState(texts);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const outcome = useOutcome('product');
  const changed = form.filter((x, i) => x.name !== saved[i]!.name || x.shortDescription !== saved[i]!.shortDescription);
  const set = (language: string, field: 'name' | 'shortDescription', value: string) =>
    setForm((all) => all.map((x) => (x.language === language ? { ...x, [field]: value } : x)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    outcome.clear();
    try {
      const { productUpdate } = await gql<{ productUpdate: { product: { translations: ProductText[] } | null; errors: Array<{ field: string; message: string }> } }>(SAVE, { id: productId, t: changed });
      setErrors(Object.fromEntries(productUpdate.errors.map((e) => [e.field, e.message])));
      if (productUpdate.errors.length) outcome.failed(t('common.nothingSaved'));
      else if (productUpdate.product) {
        setSaved(productUpdate.product.translations);
        setForm(productUpdate.product.translations);
        outcome.done(t('product.texts.saved', { count: changed.length }));
      }
    } catch (e) {
      outcome.failed(describe(e));
    }
  };
  const error = (key: string) => errors[key] ? <p className="error" id={`${key}-error`}>{errors[key]}</p> : null;
  const described = (key: string) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${key}-error` } : {});

  return (
    <form onSubmit={submit} aria-labelledby="texts" noValidate>
      <h2 id="texts"><FormattedMessage id="product.texts.title" /></h2>
      <p><FormattedMessage id="product.texts.intro" /></p>
      <div className="languages">
        {form.map((text) => (
          <fieldset key={text.language} className={errors[`translations.${text.language}.name`] || errors[`translations.${text.language}.shortDescription`] ? 'invalid' : undefined}>
            <legend>{languageName(text.language)}</legend>
            <div className="field">
              <label htmlFor={`translations.${text.language}.name`}><FormattedMessage id="product.texts.name" /></label>
              <input id={`translations.${text.language}.name`} lang={text.language} dir={dirOf(text.language)} value={text.name} readOnly={!canEdit}
                onChange={(e) => set(text.language, 'name', e.target.value)} {...described(`translations.${text.language}.name`)} />
              {error(`translations.${text.language}.name`)}
            </div>
            <div className="field">
              <label htmlFor={`translations.${text.language}.shortDescription`}><FormattedMessage id="product.texts.shortDescription" /></label>
              <textarea id={`translations.${text.language}.shortDescription`} lang={text.language} dir={dirOf(text.language)} rows={3} value={text.shortDescription} readOnly={!canEdit}
                onChange={(e) => set(text.language, 'shortDescription', e.target.value)} {...described(`translations.${text.language}.shortDescription`)} />
              {error(`translations.${text.language}.shortDescription`)}
            </div>
          </fieldset>
        ))}
      </div>
      {canEdit ? <p className="actions"><button type="submit" disabled={!changed.length}>{changed.length ? t('product.texts.saveCount', { count: changed.length }) : t('product.texts.save')}</button></p> : null}
      <Outcome place="product" />
    </form>
  );
}
