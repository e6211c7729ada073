import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useOutletContext } from 'react-router';
import { gql } from '../api.ts';
import { Checkboxes, dayOf, fieldErrors, isoOf, listOf, TextField, type FieldErrors } from '../fields.tsx';
import { Outcome, useOutcome } from '../outcome.tsx';
import { useText, type MessageId, type Text } from '../i18n/text.ts';
import type { Me } from '../layout.tsx';
import { usePromoWords } from '../promo-words.ts';
import { useData, useDescribe } from '../use-data.ts';

interface Promo {
  id: number; code: string; name: string; codeKind: string; percent: number | null; fixed: string | null; countries: string[]; startsAt: string | null; expiresAt: string | null;
  attributionDays: number | null; applyNTimesPerOrder: number | null; usageLimit: number | null; usedCount: number; isActive: boolean; state: string;
  bannerMessage: string | null; bannerLink: string | null; bannerColor: string | null; bannerVisibilityPages: string[]; freeProductVariants: string[]; voucherApplicableItemsSKUs: string[]; bundles: string[];
  translations: Array<{ language: string; name: string | null; bannerMessage: string | null }>;
}
/** The store languages besides English a promo's name and banner are written in (en-US reads the English). */
const TRANSLATION_LANGUAGES = ['ar', 'da', 'de', 'es', 'fi', 'fr', 'it', 'nl', 'no', 'pl', 'pt', 'sv', 'tr'] as const;
type Texts = Record<string, { name: string; bannerMessage: string }>;
interface Options { bannerPages: string[]; bundles: string[]; codeKinds: string[] }
const FIELDS = 'id code name codeKind percent fixed countries startsAt expiresAt attributionDays applyNTimesPerOrder usageLimit usedCount isActive bannerMessage bannerLink bannerColor bannerVisibilityPages freeProductVariants voucherApplicableItemsSKUs bundles state translations { language name bannerMessage }';
const LOAD = `{ promos { ${FIELDS} } promoOptions { bannerPages bundles codeKinds } }`;
const SAVE = `mutation Save($id: Int!, $input: StaffPromoInput!) { promoUpdate(id: $id, input: $input) { promo { code state startsAt } errors { field code message } } }`;
const CREATE = `mutation Create($input: StaffPromoInput!) { promoCreate(input: $input) { promo { code state startsAt } errors { field code message } } }`;
const ACTIVE = 'mutation Active($id: Int!, $active: Boolean!) { promoActiveSet(id: $id, active: $active) { id code isActive state } }';

const EMPTY = {
  code: '', name: '', codeKind: 'VOUCHER', percent: '', fixed: '', countries: '', startsAt: '', expiresAt: '', attributionDays: '', applyNTimesPerOrder: '', usageLimit: '',
  bannerMessage: '', bannerLink: '', bannerColor: '', bannerVisibilityPages: [] as string[], freeProductVariants: '', voucherApplicableItemsSKUs: '', bundles: [] as string[],
  translations: {} as Texts,
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
  translations: Object.fromEntries(p.translations.map((tr) => [tr.language, { name: tr.name ?? '', bannerMessage: tr.bannerMessage ?? '' }])),
});

const inputOf = (f: Form) => ({
  code: f.code.trim(), name: f.name.trim(), codeKind: f.codeKind, percent: num(f.percent), fixed: fixedJson(f.fixed), countries: listOf(f.countries, true),
  startsAt: isoOf(f.startsAt, false), expiresAt: isoOf(f.expiresAt, true), attributionDays: num(f.attributionDays), applyNTimesPerOrder: num(f.applyNTimesPerOrder), usageLimit: num(f.usageLimit),
  bannerMessage: f.bannerMessage.trim() || null, bannerLink: f.bannerLink.trim() || null, bannerColor: f.bannerColor.trim() || null, bannerVisibilityPages: f.bannerVisibilityPages,
  freeProductVariants: listOf(f.freeProductVariants, true), voucherApplicableItemsSKUs: listOf(f.voucherApplicableItemsSKUs, true), bundles: f.bundles,
  translations: TRANSLATION_LANGUAGES.map((language) => ({ language, name: f.translations[language]?.name.trim() || null, bannerMessage: f.translations[language]?.bannerMessage.trim() || null })),
});

/** The discount in the table: percent, fixed amounts as money, free items, and how often an order may take it. */
const discountOf = (p: Promo, { t, money }: Text) => {
  const discount = [
    p.percent ? t('common.percent', { percent: p.percent }) : null,
    p.fixed ? Object.entries(JSON.parse(p.fixed) as Record<string, number>).map(([c, a]) => money(a, c)).join(', ') : null,
    p.freeProductVariants.length ? t('promos.free', { skus: p.freeProductVariants.join(', ') }) : null,
  ].filter(Boolean).join(' + ') || '—';
  return p.applyNTimesPerOrder ? `${discount} (${t('promos.perOrder', { count: p.applyNTimesPerOrder })})` : discount;
};

/** How a promo stands now, as the server works it out (the checkout's rules): in words. */
const STATES: Record<string, MessageId> = {
  ACTIVE: 'promos.state.ACTIVE', SCHEDULED: 'promos.state.SCHEDULED', EXPIRED: 'promos.state.EXPIRED', USED_UP: 'promos.state.USED_UP', OFF: 'promos.state.OFF',
};
const stateOf = (state: string, { t }: Text) => (Object.hasOwn(STATES, state) ? t(STATES[state]!) : state);

/** What saving made: live now, live from its start, or already past its end. */
const savedMessage = (code: string, promo: { state: string; startsAt: string | null }, { t, when }: Text) =>
  promo.state === 'SCHEDULED' ? t('promos.createdScheduled', { code, start: when(promo.startsAt) })
    : promo.state === 'EXPIRED' ? t('promos.createdExpired', { code }) : null;

/** When a promo runs: from its start (if any) until its end, or with no end. */
const runsOf = (p: Promo, { t, when }: Text) => {
  if (p.startsAt) return p.expiresAt ? t('promos.runs.fromUntil', { start: when(p.startsAt), end: when(p.expiresAt) }) : t('promos.runs.fromNoEnd', { start: when(p.startsAt) });
  return p.expiresAt ? t('promos.runs.until', { end: when(p.expiresAt) }) : t('common.noEnd');
};

/**
 * The one promotions page (the old Vouchers page redirects here): codes of every kind with their discount, limits,
 * countries, dates, banner and how they stand now; made, edited and switched off or on here, each change audited.
 */
export function PromosPage() {
  const me = useOutletContext<Me>();
  const text = useText();
  const { t, number, languageName } = text;
  const words = usePromoWords();
  const describe = useDescribe();
  const canEdit = me.permissions.includes('promotions.write');
  const { data, error, reload } = useData(() => gql<{ promos: Promo[]; promoOptions: Options }>(LOAD), []);
  const [form, setForm] = useState<Form>(EMPTY);
  const [editing, setEditing] = useState<Promo | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const outcome = useOutcome('promos');
  const heading = useRef<HTMLHeadingElement>(null);
  const set = <K extends keyof Form>(key: K) => (value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const startEdit = (p: Promo | null) => {
    setEditing(p);
    setForm(p ? formOf(p) : EMPTY);
    setErrors({});
    outcome.clear();
    heading.current?.focus();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    outcome.clear();
    try {
      const answer = editing
        ? (await gql<{ promoUpdate: Payload }>(SAVE, { id: editing.id, input: inputOf(form) })).promoUpdate
        : (await gql<{ promoCreate: Payload }>(CREATE, { input: inputOf(form) })).promoCreate;
      const refused = fieldErrors(answer.errors, RENAME);
      if (refused.fixed) refused.fixed = `${refused.fixed} ${t('promos.fixedHint')}`;
      setErrors(refused);
      if (!answer.promo) return outcome.failed(refused.form ? t('common.nothingSavedBecause', { reason: refused.form }) : t('common.nothingSaved'));
      outcome.done(savedMessage(answer.promo.code, answer.promo, text) ?? t(editing ? 'promos.changed' : 'promos.created', { code: answer.promo.code }));
      setEditing(null);
      setForm(EMPTY);
      reload();
    } catch (e) {
      outcome.failed(describe(e));
    }
  };
  const toggle = async (p: Promo) => {
    try {
      outcome.clear();
      const { promoActiveSet: now } = await gql<{ promoActiveSet: { state: string } | null }>(ACTIVE, { id: p.id, active: !p.isActive });
      outcome.done(p.isActive ? t('promos.switchedOff', { code: p.code }) : t('promos.switchedOn', { code: p.code, state: stateOf(now?.state ?? '', text) }));
      reload();
    } catch (e) {
      outcome.failed(describe(e));
    }
  };
  const setText = (language: string, key: 'name' | 'bannerMessage') => (value: string) =>
    setForm((f) => ({ ...f, translations: { ...f.translations, [language]: { name: '', bannerMessage: '', ...f.translations[language], [key]: value } } }));
  const field = (key: Exclude<keyof Form, 'bannerVisibilityPages' | 'bundles' | 'codeKind' | 'translations'>, label: string, props: Record<string, unknown> = {}) => (
    <TextField id={`p-${key}`} label={label} value={form[key]} onChange={set(key)} error={errors[key]} {...props} />
  );

  return (
    <>
      <h1><FormattedMessage id="promos.title" /></h1>
      {canEdit ? (
        <form className="card wide" onSubmit={submit} aria-labelledby="promo-form" noValidate>
          <h2 id="promo-form" tabIndex={-1} ref={heading}>{editing ? t('promos.edit', { code: editing.code }) : t('promos.new')}</h2>
          <div className="grid">
            {field('code', t('promos.field.code'), { required: true, autoComplete: 'off', readOnly: Boolean(editing), hint: editing ? t('promos.field.codeFixed') : undefined })}
            {field('name', t('promos.field.name'), { required: true })}
            <div className={`field${errors.codeKind ? ' invalid' : ''}`}>
              <label htmlFor="p-codeKind"><FormattedMessage id="promos.field.codeKind" /></label>
              <select id="p-codeKind" value={form.codeKind} onChange={(e) => set('codeKind')(e.target.value)}
                aria-invalid={errors.codeKind ? true : undefined} aria-describedby={errors.codeKind ? 'p-codeKind-error' : undefined}>
                {(data?.promoOptions.codeKinds ?? ['VOUCHER']).map((k) => <option key={k} value={k}>{words.codeKind(k)}</option>)}
              </select>
              {errors.codeKind ? <p className="error" id="p-codeKind-error">{errors.codeKind}</p> : null}
            </div>
          </div>
          <h3><FormattedMessage id="promos.section.discount" /></h3>
          <div className="grid">
            {field('percent', t('promos.field.percent'), { inputMode: 'decimal', hint: t('promos.field.percentHint') })}
            {field('fixed', t('promos.field.fixed'), { placeholder: 'eur 50.00, usd 55.00' })}
            {field('freeProductVariants', t('promos.field.freeItems'), { placeholder: 'ACC-USBC-3M' })}
            {field('voucherApplicableItemsSKUs', t('promos.field.discountedItems'))}
            {field('applyNTimesPerOrder', t('promos.field.perOrder'), { inputMode: 'numeric' })}
          </div>
          <h3><FormattedMessage id="promos.section.whereWhen" /></h3>
          <div className="grid">
            {field('countries', t('promos.field.countries'), { placeholder: 'DE, AT' })}
            {field('startsAt', t('common.startsOn'), { type: 'date' })}
            {field('expiresAt', t('promos.field.expiresAt'), { type: 'date' })}
            {field('usageLimit', t('promos.field.usageLimit'), { inputMode: 'numeric' })}
            {field('attributionDays', t('promos.field.attributionDays'), { inputMode: 'numeric' })}
          </div>
          <Checkboxes id="p-bundles" legend={t('promos.field.bundles')} options={data?.promoOptions.bundles ?? []} value={form.bundles} onChange={set('bundles')} error={errors.bundles} label={words.purchase} />
          <h3><FormattedMessage id="promos.section.banner" /></h3>
          <div className="grid">
            {field('bannerMessage', t('promos.field.bannerMessage'))}
            {field('bannerLink', t('promos.field.bannerLink'), { placeholder: '/pricing/' })}
            {field('bannerColor', t('promos.field.bannerColor'), { placeholder: '#0b2545' })}
          </div>
          <Checkboxes id="p-pages" legend={t('promos.field.bannerPages')} options={data?.promoOptions.bannerPages ?? []} value={form.bannerVisibilityPages} onChange={set('bannerVisibilityPages')} error={errors.bannerVisibilityPages} label={words.page} />
          <details className="translations" data-testid="promo-translations" open={Boolean(errors.translations) || undefined}>
            <summary><FormattedMessage id="promos.translations" /></summary>
            <p className="hint"><FormattedMessage id="promos.translationsHint" /></p>
            {errors.translations ? <p className="error">{errors.translations}</p> : null}
            {TRANSLATION_LANGUAGES.map((language) => (
              <fieldset key={language} className="plain grid">
                <legend>{languageName(language)}</legend>
                <TextField id={`p-tr-${language}-name`} label={t('promos.translationName', { language: languageName(language) })} value={form.translations[language]?.name ?? ''} onChange={setText(language, 'name')} lang={language} dir={language === 'ar' ? 'rtl' : undefined} />
                <TextField id={`p-tr-${language}-banner`} label={t('promos.translationBanner', { language: languageName(language) })} value={form.translations[language]?.bannerMessage ?? ''} onChange={setText(language, 'bannerMessage')} lang={language} dir={language === 'ar' ? 'rtl' : undefined} />
              </fieldset>
            ))}
          </details>
          <div className="actions">
            <button type="submit">{editing ? t('common.saveChanges') : t('promos.create')}</button>
            {editing ? <button type="button" className="secondary" onClick={() => startEdit(null)}><FormattedMessage id="common.cancelEdit" /></button> : null}
          </div>
          <Outcome place="promos" />
        </form>
      ) : <p className="note" data-testid="read-only"><FormattedMessage id="promos.readOnly" /></p>}
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <div className="table-scroll" role="region" aria-label={t('promos.title')} tabIndex={0}>
          <table className="wide">
            <caption className="visually-hidden"><FormattedMessage id="promos.caption" /></caption>
            <thead><tr><th scope="col"><FormattedMessage id="promos.column.code" /></th><th scope="col"><FormattedMessage id="promos.column.name" /></th>
              <th scope="col"><FormattedMessage id="promos.column.discount" /></th><th scope="col"><FormattedMessage id="promos.column.countries" /></th>
              <th scope="col"><FormattedMessage id="promos.column.runs" /></th><th scope="col"><FormattedMessage id="promos.column.banner" /></th>
              <th scope="col" className="num nowrap"><FormattedMessage id="promos.column.used" /></th><th scope="col"><FormattedMessage id="promos.column.state" /></th></tr></thead>
            <tbody>
              {data.promos.map((p) => (
                <tr key={p.id}>
                  <td className="nowrap">{p.code}{p.codeKind !== 'VOUCHER' ? <> <small>({words.codeKind(p.codeKind)})</small></> : null}</td>
                  <td>{p.name}</td><td>{discountOf(p, text)}</td><td>{p.countries.join(', ') || t('common.allCountries')}</td>
                  <td>{runsOf(p, text)}</td>
                  <td>{p.bannerMessage ? <>{p.bannerColor ? <span className="swatch" style={{ background: p.bannerColor }} aria-hidden="true" /> : null}{p.bannerMessage} <small>({p.bannerVisibilityPages.map(words.page).join(', ') || t('promos.noPage')})</small></> : '—'}</td>
                  <td className="num">{number(p.usedCount)}{p.usageLimit ? ` / ${number(p.usageLimit)}` : ''}</td>
                  <td data-state={p.state}>
                    {stateOf(p.state, text)}
                    {canEdit ? (
                      <div className="actions">
                        <button type="button" className="link" onClick={() => startEdit(p)}><FormattedMessage id="common.edit" /><span className="visually-hidden"> {p.code}</span></button>
                        <button type="button" className="link" onClick={() => void toggle(p)}>{t(p.isActive ? 'promos.switchOff' : 'promos.switchOn')}<span className="visually-hidden"> {p.code}</span></button>
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : !error ? <p role="status"><FormattedMessage id="common.loading" /></p> : null}
    </>
  );
}

interface Payload { promo: { code: string; state: string; startsAt: string | null } | null; errors: Array<{ field: string | null; message: string }> }
