import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useMutation, useQuery } from '@apollo/client/react';
import { FORM_MESSAGES, languageCodeEnum, type KnownCountry } from '@probe/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { apolloContext } from '../../../data/apollo-context.ts';
import type { BusinessErrorFields } from '../../../data/error-messages.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { COUNTRY_ADDRESS_VALIDATION, ENABLED_COUNTRIES } from '../../../data/shop-operations.ts';
import { loadFormMessages, routeLanguage } from '../../../i18n/catalogues.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { textVersion } from '../../../lib/text-version.ts';
import { orFail } from '../../../lib/loader-failure.ts';
import { FormErrors } from '../../../ui/form-errors.tsx';
import { listenToParent, postToParent, reportHeightToParent } from '../embedding.ts';
import { LeadField } from '../lead-field.tsx';
import { LEAD_FORM, LEAD_FORM_SUBMIT, type LeadFieldKey } from '../operations.ts';
import '../forms.css';

const OPERATION = 'LeadFormSubmit';
const ADDRESS_KEYS: readonly LeadFieldKey[] = ['COUNTRY_AREA', 'POSTAL_CODE'];

/** Spec §2 `form/*`: the enabled countries and the form at the rest of the path (an unknown one is a 404). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const client = context.get(apolloContext);
  const language = routeLanguage(params);
  await loadFormMessages(language);
  const languageCode = languageCodeEnum(language);
  const path = (params['*'] ?? '').replace(/^\/+|\/+$/g, '');
  const [countries, found] = await Promise.all([
    orFail('Failed to load countries', () => client.query({ query: ENABLED_COUNTRIES, variables: { languageCode } })),
    orFail('Failed to load the form', () => client.query({ query: LEAD_FORM, variables: { path, languageCode }, fetchPolicy: 'network-only' })),
  ]);
  const form = found.data.leadForm;
  if (!form) throw data(null, { status: 404, statusText: 'Not Found' });
  const routeCountry = (params.countryCode ?? '').toUpperCase();
  const defaultCountry = countries.data.shop.countries.some((c) => c.code === routeCountry) ? routeCountry : '';
  // The route country's areas and postal-code kind, so the first paint has the right fields.
  if (defaultCountry && form.fields.some((f) => ADDRESS_KEYS.includes(f.key))) {
    await client.query({ query: COUNTRY_ADDRESS_VALIDATION, variables: { countryCode: defaultCountry as KnownCountry, languageCode } }).catch(() => null);
  }
  return { form, countries: countries.data.shop.countries, defaultCountry };
}

/** A random UUID, also where crypto.randomUUID is missing (a page embedded in a non-secure parent). */
function newSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function tooManyRequests(error: unknown): boolean {
  if ((error as { statusCode?: number } | null)?.statusCode === 429) return true;
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => (e.extensions?.exception as { code?: string } | undefined)?.code === 'TooManyRequests');
}

export function Component() {
  const { form, countries, defaultCountry } = useLoaderData<typeof loader>();
  const base = useBaseData();
  const intl = useIntl();
  usePageTitle(form.title);
  const languageCode = languageCodeEnum(base.languageCode);
  const keys = new Set(form.fields.map((f) => f.key));
  const [values, setValues] = useState<Partial<Record<LeadFieldKey, string>>>(() => (defaultCountry ? { COUNTRY: defaultCountry } : {}));
  const [errors, setErrors] = useState<BusinessErrorFields[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [refused, setRefused] = useState(0);
  // A webinar that has begun takes no registrations: closed when the page came, or when a submission is refused so.
  const [closed, setClosed] = useState(form.registrationClosed);
  const submissionId = useRef<string | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const [send, { loading }] = useMutation(LEAD_FORM_SUBMIT);

  const country = values.COUNTRY ?? '';
  const wantsAddress = form.fields.some((f) => ADDRESS_KEYS.includes(f.key));
  // cache-first: the route country's rules came with the page (the loader), so hydration renders the same fields.
  const rules = useQuery(COUNTRY_ADDRESS_VALIDATION, { variables: { countryCode: country as KnownCountry, languageCode }, skip: !country || !wantsAddress, fetchPolicy: 'cache-first' }).data?.addressValidator ?? null;
  const areaChoices = rules?.countryAreaChoices ?? [];

  // Spec §2: tell an allowed parent the provider is loaded; take prefills from that parent only.
  useEffect(() => {
    postToParent(form.parentOrigins, { type: FORM_MESSAGES.providerLoaded });
    const stopHeight = reportHeightToParent(form.parentOrigins);
    const stopListening = listenToParent(form.parentOrigins, (prefill) =>
      setValues((current) => ({ ...current, ...Object.fromEntries(Object.entries(prefill).filter(([k]) => keys.has(k as LeadFieldKey))) })),
    );
    return () => {
      stopHeight();
      stopListening();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form.name]);

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  // After a refused submission, the first field with an error takes the focus (what was typed stays).
  useEffect(() => {
    if (refused) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  const visible = form.fields.filter((f) => f.key !== 'COUNTRY_AREA' || areaChoices.length > 0);
  const requiredNow = (key: LeadFieldKey, required: boolean) =>
    required || (key === 'COUNTRY_AREA' && Boolean(rules?.requiredFields.includes('countryArea'))) || (key === 'POSTAL_CODE' && Boolean(rules?.requiredFields.includes('postalCode')));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    submissionId.current ??= newSubmissionId();
    const fields = visible.map((f) => ({ key: f.key, value: f.key === 'EMAIL_OPT_IN' ? String(values.EMAIL_OPT_IN === 'true') : (values[f.key] ?? '') }));
    try {
      const { data: answer } = await send({
        variables: {
          input: {
            path: form.path, submissionId: submissionId.current, ticket: form.ticket, fields, website: honeypot.current?.value || null, languageCode, countryCode: base.country,
            // The marketing tick's wording as shown, kept with the consent (issue 38).
            ...(visible.some((f) => f.key === 'EMAIL_OPT_IN') ? { consentTextVersion: textVersion('forms.field.EMAIL_OPT_IN', intl.formatMessage({ id: 'forms.field.EMAIL_OPT_IN' })) } : {}),
          },
        },
      });
      const result = answer!.leadFormSubmit;
      if (result.errors.some((e) => e.code === 'CLOSED')) {
        setClosed(true);
        return;
      }
      setErrors(result.errors);
      if (result.errors.length) {
        setRefused((n) => n + 1);
        return;
      }
      setDone(true);
      postToParent(form.parentOrigins, { type: FORM_MESSAGES.formSubmitted, formName: result.formName ?? form.name });
    } catch (error) {
      setProblem(tooManyRequests(error) ? 'forms.error.tooMany' : 'forms.error.failed');
    }
  };

  const again = () => {
    submissionId.current = null;
    setValues(defaultCountry ? { COUNTRY: defaultCountry } : {});
    setErrors([]);
    setDone(false);
  };

  const eventDate = form.eventStartsAt
    ? new Intl.DateTimeFormat(base.locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(new Date(form.eventStartsAt))
    : null;
  const fieldErrorCount = errors.filter((e) => e.field && keys.has(e.field as LeadFieldKey)).length;
  const register = form.kind === 'WEBINAR' || form.kind === 'VET_WEBINAR';

  return (
    <div className="container forms-page" data-testid="forms-page" data-form={form.name}>
      <header className="forms-page__intro">
        <h1>{form.title}</h1>
        {eventDate ? <p className="forms-page__event">{intl.formatMessage({ id: 'forms.eventDate' }, { date: eventDate })}</p> : null}
        <p className="forms-page__lead">{form.intro}</p>
      </header>
      {closed ? (
        <section className="forms-done forms-closed" aria-labelledby="forms-closed-heading" data-testid="forms-closed" role="status">
          <h2 id="forms-closed-heading">{intl.formatMessage({ id: 'forms.closed.title' })}</h2>
          <p>{intl.formatMessage({ id: 'forms.closed.text' }, { date: eventDate })}</p>
        </section>
      ) : done ? (
        <section className="forms-done" aria-labelledby="forms-done-heading" data-testid="forms-done">
          <h2 id="forms-done-heading" tabIndex={-1} ref={doneRef}>{intl.formatMessage({ id: 'forms.done.title' })}</h2>
          <p>{intl.formatMessage({ id: 'forms.done.text' })}</p>
          <button type="button" className="button button--ghost" onClick={again}>{intl.formatMessage({ id: 'forms.done.another' })}</button>
        </section>
      ) : (
        <form ref={formRef} className="lead-form" noValidate onSubmit={onSubmit} aria-describedby="forms-required-note">
          <p id="forms-required-note" className="lead-form__note">{intl.formatMessage({ id: 'forms.requiredNote' })}</p>
          {fieldErrorCount ? <div className="form-errors" role="alert"><p>{intl.formatMessage({ id: 'forms.error.summary' })}</p></div> : null}
          <FormErrors errors={errors.filter((e) => !e.field || !keys.has(e.field as LeadFieldKey))} operation={OPERATION} />
          {problem ? <div className="form-errors" role="alert"><p>{intl.formatMessage({ id: problem })}</p></div> : null}
          <div className="lead-form__grid">
            {visible.map((f) => (
              <LeadField
                key={f.key}
                field={{ ...f, required: requiredNow(f.key, f.required) }}
                value={values[f.key] ?? ''}
                onChange={(value) => setValues((current) => ({ ...current, [f.key]: value, ...(f.key === 'COUNTRY' ? { COUNTRY_AREA: '' } : {}) }))}
                errors={errors}
                operation={OPERATION}
                countries={countries}
                areaChoices={areaChoices}
                postalCodeType={rules?.postalCodeType ?? null}
                phoneCountry={country || base.country}
              />
            ))}
          </div>
          {/* The honeypot: hidden from people and assistive technology; a script fills it. */}
          <div className="lead-form__trap" aria-hidden="true">
            <label htmlFor="lead-website">{intl.formatMessage({ id: 'forms.honeypot' })}</label>
            <input id="lead-website" name="website" type="text" tabIndex={-1} autoComplete="off" ref={honeypot} defaultValue="" />
          </div>
          <button type="submit" className="button lead-form__submit" disabled={loading} aria-disabled={loading}>
            {intl.formatMessage({ id: loading ? 'forms.sending' : register ? 'forms.submit.register' : 'forms.submit' })}
          </button>
        </form>
      )}
    </div>
  );
}
