import { useQuery } from '@apollo/client/react';
import { useIntl } from 'react-intl';
import { FieldError, fieldErrors } from '../../ui/form-errors.tsx';
import { Field } from '../../ui/field.tsx';
import type { LanguageCodeValue } from '@probe/domain';
import type { CountryCode } from '../../graphql/generated.ts';
import { COUNTRY_ADDRESS_VALIDATION } from '../../data/shop-operations.ts';
import type { AddressFields, BusinessErrorFields } from './operations.ts';


export type AddressValues = Record<'firstName' | 'lastName' | 'companyName' | 'streetAddress1' | 'streetAddress2' | 'city' | 'postalCode' | 'countryArea' | 'phone', string>;

export function addressValues(address: AddressFields | null): AddressValues {
  return {
    firstName: address?.firstName ?? '', lastName: address?.lastName ?? '', companyName: address?.companyName ?? '',
    streetAddress1: address?.streetAddress1 ?? '', streetAddress2: address?.streetAddress2 ?? '', city: address?.city ?? '',
    postalCode: address?.postalCode ?? '', countryArea: address?.countryArea ?? '', phone: address?.phone ?? '',
  };
}

const AREA_TYPES = new Set(['state', 'province', 'county', 'region', 'prefecture', 'emirate', 'island', 'department', 'district']);

/**
 * An address in the country's shape (Google's address data from CountryAddressValidation: which fields
 * are required, the area list and its name, ZIP or postal code). Server errors show per field.
 */
export function AddressForm({ prefix, country, countryName, languageCode, values, onChange, errors, operation }: {
  prefix: string; country: CountryCode; countryName: string; languageCode: LanguageCodeValue; values: AddressValues;
  onChange: (values: AddressValues) => void; errors: BusinessErrorFields[]; operation: string;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { data } = useQuery(COUNTRY_ADDRESS_VALIDATION, { variables: { countryCode: country, languageCode } });
  const rules = data?.addressValidator;
  const required = (field: string) => rules?.requiredFields.includes(field) ?? false;
  const set = (field: keyof AddressValues) => (event: { target: { value: string } }) => onChange({ ...values, [field]: event.target.value });
  const fieldProps = (field: keyof AddressValues) => ({
    name: `${prefix}.${field}`, value: values[field], onChange: set(field), errors: fieldErrors(errors, `${prefix}.${field}`), operation,
  });
  const areaErrors = fieldErrors(errors, `${prefix}.countryArea`);
  const areaType = AREA_TYPES.has(rules?.countryAreaType ?? '') ? rules!.countryAreaType : 'region';
  return (
    <fieldset className="address-form">
      <div className="field-row">
        <Field {...fieldProps('firstName')} label={t('address.firstName')} autoComplete={`${prefix === 'shippingAddress' ? 'shipping' : 'billing'} given-name`} required />
        <Field {...fieldProps('lastName')} label={t('address.lastName')} autoComplete={`${prefix === 'shippingAddress' ? 'shipping' : 'billing'} family-name`} required />
      </div>
      <Field {...fieldProps('companyName')} label={t('address.companyName')} autoComplete="organization" required={required('companyName')} />
      <Field {...fieldProps('streetAddress1')} label={t('address.street1')} autoComplete="address-line1" required />
      <Field {...fieldProps('streetAddress2')} label={t('address.street2')} autoComplete="address-line2" />
      <div className="field-row">
        <Field {...fieldProps('postalCode')} label={t(rules?.postalCodeType === 'zip' ? 'address.zip' : 'address.postalCode')} autoComplete="postal-code" required={required('postalCode')} />
        <Field {...fieldProps('city')} label={t('address.city')} autoComplete="address-level2" required />
      </div>
      {rules?.countryAreaChoices.length ? (
        <div className={`field${areaErrors.length ? ' field--invalid' : ''}`}>
          <label htmlFor={`field-${prefix}.countryArea`}>{t(`address.area.${areaType}`)}{required('countryArea') ? <span aria-hidden="true"> *</span> : null}</label>
          <select id={`field-${prefix}.countryArea`} name={`${prefix}.countryArea`} value={values.countryArea} onChange={set('countryArea')} required={required('countryArea')}
            aria-invalid={areaErrors.length ? true : undefined} aria-describedby={areaErrors.length ? `field-${prefix}.countryArea-error` : undefined}>
            <option value="">{t('address.choose')}</option>
            {rules.countryAreaChoices.map((c) => <option key={c.raw} value={c.raw}>{c.verbose}</option>)}
          </select>
          <FieldError id={`field-${prefix}.countryArea-error`} errors={areaErrors} operation={operation} />
        </div>
      ) : null}
      <div className="field">
        <span className="field__label">{t('address.country')}</span>
        <p className="field__static">{countryName}</p>
      </div>
      <Field {...fieldProps('phone')} label={t('address.phone')} type="tel" autoComplete="tel" />
    </fieldset>
  );
}
