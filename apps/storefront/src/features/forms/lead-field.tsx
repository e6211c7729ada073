import { useIntl } from 'react-intl';
import type { BusinessErrorFields } from '../../data/error-messages.ts';
import type { CountryFields } from '../../data/shop-operations.ts';
import { FieldError, fieldErrors } from '../../ui/form-errors.tsx';
import type { LeadFieldKey, LeadFormFields } from './operations.ts';

const AUTOCOMPLETE: Partial<Record<LeadFieldKey, string>> = {
  FIRST_NAME: 'given-name', LAST_NAME: 'family-name', EMAIL: 'email', PHONE: 'tel', ORGANIZATION_NAME: 'organization',
  COUNTRY: 'country', COUNTRY_AREA: 'address-level1', POSTAL_CODE: 'postal-code',
};
const INPUT_TYPE: Partial<Record<LeadFieldKey, string>> = { EMAIL: 'email', PHONE: 'tel' };

/**
 * Formats a phone number the way its country writes it (libphonenumber's small metadata, loaded only
 * once someone typed a number); the server checks it again and stores it in E.164.
 */
async function formatPhone(value: string, country: string): Promise<string | null> {
  const { parsePhoneNumberFromString } = await import('libphonenumber-js/min');
  const parsed = parsePhoneNumberFromString(value, country as never);
  return parsed?.isValid() ? parsed.formatInternational() : null;
}

export interface LeadFieldProps {
  field: LeadFormFields['fields'][number];
  value: string;
  onChange: (value: string) => void;
  errors: BusinessErrorFields[];
  operation: string;
  countries: CountryFields[];
  areaChoices: Array<{ raw: string; verbose: string }>;
  postalCodeType: string | null;
  phoneCountry: string;
}

/** One field of a lead form: label, control and its server errors (aria-invalid, aria-describedby); what was typed stays. */
export function LeadField({ field, value, onChange, errors, operation, countries, areaChoices, postalCodeType, phoneCountry }: LeadFieldProps) {
  const intl = useIntl();
  const { key, required } = field;
  const id = `lead-${key}`;
  const mine = fieldErrors(errors, key);
  const invalid = mine.length > 0;
  const labelId = key === 'POSTAL_CODE' && postalCodeType === 'zip' ? 'forms.field.POSTAL_CODE.zip' : `forms.field.${key}`;
  const label = intl.formatMessage({ id: labelId });
  const common = {
    id, name: key, 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? `${id}-error` : undefined, 'aria-required': required || undefined,
  } as const;
  const error = <FieldError id={`${id}-error`} errors={mine} operation={operation} />;

  if (key === 'EMAIL_OPT_IN') {
    return (
      <div className="lead-field lead-field--wide lead-field--check">
        <input type="checkbox" {...common} checked={value === 'true'} onChange={(e) => onChange(e.target.checked ? 'true' : 'false')} />
        <label htmlFor={id}>{label}</label>
        {error}
      </div>
    );
  }

  const options: Array<{ value: string; label: string }> | null =
    key === 'COUNTRY' ? countries.map((c) => ({ value: c.code, label: c.country }))
      : key === 'COUNTRY_AREA' ? areaChoices.map((a) => ({ value: a.raw, label: a.verbose }))
        : field.choices ? field.choices.map((c) => ({ value: c, label: intl.formatMessage({ id: `forms.choice.${key}.${c}` }) }))
          : null;

  let control;
  if (options) {
    control = (
      <select {...common} value={value} autoComplete={AUTOCOMPLETE[key] ?? 'off'} onChange={(e) => onChange(e.target.value)}>
        <option value="">{intl.formatMessage({ id: 'forms.choose' })}</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    );
  } else if (key === 'COMMENT') {
    control = <textarea {...common} rows={5} maxLength={2000} value={value} onChange={(e) => onChange(e.target.value)} />;
  } else {
    control = (
      <input
        {...common}
        type={INPUT_TYPE[key] ?? 'text'}
        autoComplete={AUTOCOMPLETE[key] ?? 'off'}
        maxLength={key === 'EMAIL' ? 254 : 200}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={key === 'PHONE' && value.trim() ? () => void formatPhone(value, phoneCountry).then((formatted) => formatted && formatted !== value && onChange(formatted)) : undefined}
      />
    );
  }
  return (
    <div className={`lead-field${key === 'COMMENT' || key === 'HEARD_ABOUT_US_OTHER' ? ' lead-field--wide' : ''}${invalid ? ' lead-field--invalid' : ''}`}>
      <label htmlFor={id}>{label}{required ? <span aria-hidden="true"> *</span> : null}</label>
      {control}
      {error}
    </div>
  );
}
