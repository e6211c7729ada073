import { useMutation } from '@apollo/client/react';
import { isVatNumberAvailable, languageCodeEnum, STORE_COUNTRIES, type StoreCountry } from '@probe/domain';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useBaseData } from '../../data/route-data.ts';
import type { BusinessErrorFields } from '../../data/error-messages.ts';
import type { CountryCode, OrganizationCreateMutation, OrganizationMarket } from '../../graphql/generated.ts';
import { Field } from '../../ui/field.tsx';
import { FormErrors } from '../../ui/form-errors.tsx';
import { AddressForm, addressValues, type AddressValues } from '../checkout/address-form.tsx';
import { ORGANIZATION_CREATE } from './operations.ts';
import '../checkout/routes/checkout.css';
import './organization-form.css';

export type CreatedMembership = NonNullable<OrganizationCreateMutation['organizationCreate']['membership']>;

const OPERATION = 'OrganizationCreate';
const SHOWN_FIELDS = /^(name|market|country|vatNumber|billingAddress\..+)$/;

/**
 * A new organization (my account, and the checkout's organization step): its name, human or veterinary
 * practice, country, billing address in that country's shape and, where the country has one, its VAT
 * number. The server checks everything; its errors show under their fields and nothing typed is lost.
 */
export function OrganizationForm({ onCreated, submitLabel }: { onCreated: (membership: CreatedMembership) => void; submitLabel?: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const base = useBaseData();
  const ids = useId();
  const initialCountry: StoreCountry = (STORE_COUNTRIES as readonly string[]).includes(base.country) ? (base.country as StoreCountry) : 'US';
  const [name, setName] = useState('');
  const [market, setMarket] = useState<OrganizationMarket>('HUMAN');
  const [country, setCountry] = useState<StoreCountry>(initialCountry);
  const [address, setAddress] = useState<AddressValues>(() => addressValues(null));
  const [vatNumber, setVatNumber] = useState('');
  const [errors, setErrors] = useState<BusinessErrorFields[]>([]);
  const [create, { loading }] = useMutation(ORGANIZATION_CREATE);
  const names = useMemo(() => new Intl.DisplayNames([base.locale], { type: 'region' }), [base.locale]);
  const countries = useMemo(() => [...STORE_COUNTRIES].map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, base.locale)), [names, base.locale]);
  const vatApplies = isVatNumberAvailable(country);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { data } = await create({
        variables: { input: {
          name, market, country: country as CountryCode, vatNumber: vatApplies && vatNumber.trim() ? vatNumber : null,
          billingAddress: { ...address, companyName: address.companyName || name, country: country as CountryCode },
        } },
      });
      const result = data?.organizationCreate;
      setErrors(result?.errors ?? []);
      if (result?.membership && !result.errors.length) onCreated(result.membership);
    } catch {
      setErrors([{ field: null, code: 'NETWORK', message: '' }]);
    }
  };
  return (
    <form className="organization-form" onSubmit={submit} noValidate>
      <FormErrors errors={errors.filter((e) => !SHOWN_FIELDS.test(e.field ?? ''))} operation={OPERATION} />
      <Field name="name" label={t('organization.name')} value={name} onChange={(e) => setName(e.target.value)} autoComplete="organization" maxLength={120} required errors={errors} operation={OPERATION} />
      <fieldset className="choice-list">
        <legend>{t('organization.market')}</legend>
        {(['HUMAN', 'VETERINARY'] as const).map((m) => (
          <label key={m} className="choice">
            <input type="radio" name="market" value={m} checked={market === m} onChange={() => setMarket(m)} />
            <span className="choice__name">{t(`organization.market.${m}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${ids}-country`}>{t('organization.country')}<span aria-hidden="true"> *</span></label>
        <select id={`${ids}-country`} name="country" value={country} onChange={(e) => { setCountry(e.target.value as StoreCountry); setAddress((a) => ({ ...a, countryArea: '' })); }} required>
          {countries.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
        </select>
      </div>
      <h3 className="organization-form__heading">{t('organization.billingAddress')}</h3>
      <AddressForm prefix="billingAddress" country={country as CountryCode} countryName={names.of(country) ?? country} languageCode={languageCodeEnum(base.languageCode)}
        values={address} onChange={setAddress} errors={errors} operation={OPERATION} />
      {vatApplies ? (
        <Field name="vatNumber" label={t('organization.vatNumber')} value={vatNumber} onChange={(e) => setVatNumber(e.target.value)} maxLength={40} dir="ltr" errors={errors} operation={OPERATION} />
      ) : null}
      <button type="submit" className="button" disabled={loading}>{submitLabel ?? t('organization.create')}</button>
    </form>
  );
}
