import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useOutletContext } from 'react-router';
import { gql } from '../api.ts';
import { Checkboxes, dayOf, fieldErrors, isoOf, listOf, TextField, type FieldErrors } from '../fields.tsx';
import { Outcome, useOutcome } from '../outcome.tsx';
import { useText, type Text } from '../i18n/text.ts';
import type { Me } from '../layout.tsx';
import { useData, useDescribe } from '../use-data.ts';
import { usePromoWords } from '../promo-words.ts';

interface Banner { id: number; content: string; url: string | null; visibility: string[]; countries: string[]; startsAt: string | null; endsAt: string | null; translations: Array<{ language: string; content: string }> }
const LIST = '{ banners { id content url visibility countries startsAt endsAt translations { language content } } promoOptions { bannerPages } }';
/** The store languages besides English a banner's message is written in (en-US reads the English). */
const TRANSLATION_LANGUAGES = ['ar', 'da', 'de', 'es', 'fi', 'fr', 'it', 'nl', 'no', 'pl', 'pt', 'sv', 'tr'] as const;
const SAVE = 'mutation Save($id: Int, $input: StaffBannerInput!) { bannerSave(id: $id, input: $input) { banner { id } errors { field message } } }';
const DELETE = 'mutation Delete($id: Int!) { bannerDelete(id: $id) }';
const EMPTY = { content: '', url: '', visibility: [] as string[], countries: '', startsAt: '', endsAt: '', translations: {} as Record<string, string> };
type Form = typeof EMPTY;

/** When a banner runs: between its days, from now, until further notice, or always. */
const runsOf = (b: Banner, { t, when }: Text) => (b.startsAt || b.endsAt
  ? t('banners.runs', { start: b.startsAt ? when(b.startsAt) : t('banners.now'), end: b.endsAt ? when(b.endsAt) : t('common.noEnd') })
  : t('banners.always'));

/** The storefront's banners: a message and link on the chosen pages, in the chosen countries, between two dates. */
export function BannersPage() {
  const me = useOutletContext<Me>();
  const text = useText();
  const { t, languageName } = text;
  const words = usePromoWords();
  const describe = useDescribe();
  const canEdit = me.permissions.includes('promotions.write');
  const { data, error, reload } = useData(() => gql<{ banners: Banner[]; promoOptions: { bannerPages: string[] } }>(LIST), []);
  const [form, setForm] = useState<Form>(EMPTY);
  const [editing, setEditing] = useState<Banner | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const outcome = useOutcome('banners');
  const heading = useRef<HTMLHeadingElement>(null);
  const set = <K extends keyof Form>(key: K) => (value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const startEdit = (b: Banner | null) => {
    setEditing(b);
    setForm(b ? { content: b.content, url: b.url ?? '', visibility: b.visibility, countries: b.countries.join(', '), startsAt: dayOf(b.startsAt), endsAt: dayOf(b.endsAt), translations: Object.fromEntries(b.translations.map((tr) => [tr.language, tr.content])) } : EMPTY);
    setErrors({});
    outcome.clear();
    heading.current?.focus();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    outcome.clear();
    try {
      const input = { content: form.content, url: form.url.trim() || null, visibility: form.visibility, countries: listOf(form.countries, true), startsAt: isoOf(form.startsAt, false), endsAt: isoOf(form.endsAt, true),
        translations: TRANSLATION_LANGUAGES.map((language) => ({ language, content: form.translations[language]?.trim() || null })) };
      const { bannerSave } = await gql<{ bannerSave: { banner: { id: number } | null; errors: Array<{ field: string | null; message: string }> } }>(SAVE, { id: editing?.id ?? null, input });
      const refused = fieldErrors(bannerSave.errors);
      setErrors(refused);
      if (!bannerSave.banner) return outcome.failed(refused.form ? t('common.nothingSavedBecause', { reason: refused.form }) : t('common.nothingSaved'));
      setEditing(null);
      setForm(EMPTY);
      outcome.done(t('banners.saved'));
      reload();
    } catch (e) {
      outcome.failed(describe(e));
    }
  };
  const remove = async (b: Banner) => {
    if (!confirm(t('banners.confirmDelete', { content: b.content }))) return;
    try {
      await gql(DELETE, { id: b.id });
      outcome.done(t('banners.deleted'));
      reload();
    } catch (e) {
      outcome.failed(describe(e));
    }
  };

  return (
    <>
      <h1><FormattedMessage id="banners.title" /></h1>
      <p><FormattedMessage id="banners.intro" /></p>
      {canEdit ? (
        <form className="card" onSubmit={submit} aria-labelledby="banner-form" noValidate>
          <h2 id="banner-form" tabIndex={-1} ref={heading}>{editing ? t('banners.edit') : t('banners.new')}</h2>
          <TextField id="b-content" label={t('banners.field.content')} value={form.content} onChange={set('content')} error={errors.content} required maxLength={200} />
          <div className="grid">
            <TextField id="b-url" label={t('banners.field.url')} placeholder="/shipping/" value={form.url} onChange={set('url')} error={errors.url} />
            <TextField id="b-countries" label={t('banners.field.countries')} placeholder="US, CA" value={form.countries} onChange={set('countries')} error={errors.countries} />
            <TextField id="b-start" label={t('common.startsOn')} type="date" value={form.startsAt} onChange={set('startsAt')} error={errors.startsAt} />
            <TextField id="b-end" label={t('common.endsAfter')} type="date" value={form.endsAt} onChange={set('endsAt')} error={errors.endsAt} />
          </div>
          <Checkboxes id="b-pages" legend={t('banners.field.pages')} options={data?.promoOptions.bannerPages ?? []} value={form.visibility} onChange={set('visibility')} error={errors.visibility} label={words.page} />
          <details className="translations" data-testid="banner-translations" open={Boolean(errors.translations) || undefined}>
            <summary><FormattedMessage id="banners.translations" /></summary>
            <p className="hint"><FormattedMessage id="banners.translationsHint" /></p>
            {errors.translations ? <p className="error">{errors.translations}</p> : null}
            <div className="grid">
              {TRANSLATION_LANGUAGES.map((language) => (
                <TextField key={language} id={`b-tr-${language}`} label={t('banners.translationContent', { language: languageName(language) })} maxLength={200} lang={language} dir={language === 'ar' ? 'rtl' : undefined}
                  value={form.translations[language] ?? ''} onChange={(value) => setForm((f) => ({ ...f, translations: { ...f.translations, [language]: value } }))} />
              ))}
            </div>
          </details>
          <div className="actions">
            <button type="submit">{editing ? t('common.saveChanges') : t('banners.create')}</button>
            {editing ? <button type="button" className="secondary" onClick={() => startEdit(null)}><FormattedMessage id="common.cancelEdit" /></button> : null}
          </div>
          <Outcome place="banners" />
        </form>
      ) : <p className="card"><FormattedMessage id="banners.readOnly" /></p>}
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <div className="table-scroll" role="region" aria-label={t('banners.title')} tabIndex={0}>
          <table>
            <caption className="visually-hidden"><FormattedMessage id="banners.title" /></caption>
            <thead><tr><th scope="col"><FormattedMessage id="banners.column.content" /></th><th scope="col"><FormattedMessage id="banners.column.url" /></th>
              <th scope="col"><FormattedMessage id="banners.column.pages" /></th><th scope="col"><FormattedMessage id="banners.column.countries" /></th>
              <th scope="col"><FormattedMessage id="banners.column.runs" /></th>{canEdit ? <th scope="col"><FormattedMessage id="common.actions" /></th> : null}</tr></thead>
            <tbody>
              {data.banners.map((b) => (
                <tr key={b.id}>
                  <td>{b.content}</td><td>{b.url ?? '—'}</td><td>{b.visibility.map(words.page).join(', ') || t('banners.everyPage')}</td><td>{b.countries.join(', ') || t('common.allCountries')}</td>
                  <td>{runsOf(b, text)}</td>
                  {canEdit ? (
                    <td><div className="actions">
                      <button type="button" className="link" onClick={() => startEdit(b)}><FormattedMessage id="common.edit" /><span className="visually-hidden"> {t('banners.which', { content: b.content })}</span></button>
                      <button type="button" className="link" onClick={() => void remove(b)}><FormattedMessage id="common.delete" /><span className="visually-hidden"> {t('banners.which', { content: b.content })}</span></button>
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
