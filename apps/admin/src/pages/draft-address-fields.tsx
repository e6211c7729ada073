import { TextField, type FieldErrors } from '../fields.tsx';
import { useText, type MessageId } from '../i18n/text.ts';
import type { AddressRules, DraftAddress } from './draft-order-api.ts';

const ADDRESS_FIELDS = ['firstName', 'lastName', 'companyName', 'streetAddress1', 'streetAddress2', 'postalCode', 'city', 'countryArea', 'phone'] as const;
const ADDRESS_LABELS: Record<(typeof ADDRESS_FIELDS)[number], MessageId> = {
  firstName: 'drafts.address.firstName', lastName: 'drafts.address.lastName', companyName: 'drafts.address.companyName',
  streetAddress1: 'drafts.address.streetAddress1', streetAddress2: 'drafts.address.streetAddress2', postalCode: 'drafts.address.postalCode',
  city: 'drafts.address.city', countryArea: 'drafts.address.countryArea', phone: 'drafts.address.phone',
};
/** Asked in every country (the checkout requires them whatever the country's data says). */
const ALWAYS_REQUIRED = ['firstName', 'lastName', 'streetAddress1', 'city'];
const AUTOCOMPLETE: Record<(typeof ADDRESS_FIELDS)[number], string> = {
  firstName: 'given-name', lastName: 'family-name', companyName: 'organization', streetAddress1: 'address-line1', streetAddress2: 'address-line2',
  postalCode: 'postal-code', city: 'address-level2', countryArea: 'address-level1', phone: 'tel',
};

/**
 * A draft's address in its country's shape, as the storefront's address form shows it (no postal code where it
 * has none, its areas as a list), each refusal of the server's under its field (`shippingAddress.city`, …).
 */
export function DraftAddressFields({ kind, address, onChange, rules, errors }: {
  kind: 'shipping' | 'billing'; address: DraftAddress; onChange: (address: DraftAddress) => void; rules: AddressRules | null; errors: FieldErrors;
}) {
  const { t } = useText();
  const prefix = `${kind}Address`;
  const idOf = (f: string) => (kind === 'shipping' ? `draft-${f}` : `draft-billing-${f}`);
  const shown = ADDRESS_FIELDS.filter((f) => (f === 'postalCode' ? (rules?.hasPostalCode ?? true) : f === 'countryArea' ? !rules || rules.countryAreaChoices.length > 0 || rules.requiredFields.includes('countryArea') : true));
  const required = (f: string) => ALWAYS_REQUIRED.includes(f) || (rules?.requiredFields.includes(f) ?? false);
  const labelOf = (f: (typeof ADDRESS_FIELDS)[number]) => t(f === 'postalCode' && rules?.postalCodeType === 'zip' ? 'drafts.address.zip' : ADDRESS_LABELS[f]);
  const area = errors[`${prefix}.countryArea`];
  return (
    <div className="grid">
      {shown.map((f) => (f === 'countryArea' && rules?.countryAreaChoices.length ? (
        <div key={f} className={`field${area ? ' invalid' : ''}`}>
          <label htmlFor={idOf(f)}>{labelOf(f)}</label>
          <select id={idOf(f)} required={required(f)} value={address.countryArea} autoComplete={`${kind} address-level1`} onChange={(e) => onChange({ ...address, countryArea: e.target.value })}
            aria-invalid={area ? true : undefined} aria-describedby={area ? `${idOf(f)}-error` : undefined}>
            <option value="">—</option>
            {rules.countryAreaChoices.map((c) => <option key={c.raw} value={c.raw}>{c.verbose}</option>)}
          </select>
          {area ? <p className="error" id={`${idOf(f)}-error`}>{area}</p> : null}
        </div>
      ) : (
        <TextField key={f} id={idOf(f)} label={labelOf(f)} required={required(f)} autoComplete={`${kind} ${AUTOCOMPLETE[f]}`} value={address[f]}
          onChange={(v) => onChange({ ...address, [f]: v })} error={errors[`${prefix}.${f}`]} />
      )))}
    </div>
  );
}
