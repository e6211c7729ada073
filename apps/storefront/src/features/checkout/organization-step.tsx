import { useApolloClient, useQuery } from '@apollo/client/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { FormErrors } from '../../ui/form-errors.tsx';
import { isSignedIn } from '../account/buyer.ts';
import { USER_QUERY } from '../account/operations.ts';
import { OrganizationForm } from '../account/organization-form.tsx';
import { NO_CACHE } from './cart-session.ts';
import { CHECKOUT_ORGANIZATION_UPDATE, type BusinessErrorFields, type CheckoutFields } from './operations.ts';

/** Team and clinic plans: their seats belong to an organization (spec §3 newOrganization). */
const SEATED = new Set(['TEAM_CHECKOUT', 'TEAM_CHECKOUT_VET', 'CLINIC_CHECKOUT', 'CLINIC_CHECKOUT_VET']);

type Memberships = ReadonlyArray<{ id: string; isOrganizationAdmin: boolean; organization: { name: string } }>;

/** The membership the checkout is for, when it is still one of the user's. */
function membershipOf(checkout: Pick<CheckoutFields, 'organizationMembershipId'>, memberships: Memberships | undefined) {
  return memberships?.find((m) => m.id === checkout.organizationMembershipId) ?? null;
}

/**
 * Whether this browser's buyer is signed in and their team or clinic plan is not for one of their
 * organizations (yet, or any more); false on the server, and while the memberships load.
 */
export function useNeedsOrganization(checkout: Pick<CheckoutFields, 'bundleType' | 'organizationMembershipId'> | null): boolean {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => setSignedIn(isSignedIn()), []);
  const seated = signedIn && checkout !== null && SEATED.has(checkout.bundleType);
  const me = useQuery(USER_QUERY, { skip: !seated });
  if (!seated || !me.data?.me) return false;
  return membershipOf(checkout, me.data.me.organizationMemberships) === null;
}

/**
 * The checkout's organization step (the spec's organization modal, shown in the page): a signed-in buyer
 * of a team or clinic plan chooses which of the organizations they administer it is for, or creates one;
 * the checkout is then for it, and the plan's seats will be its members'. Nothing shows for anyone else.
 */
export function OrganizationStep({ checkout, onChange }: { checkout: CheckoutFields; onChange: (c: CheckoutFields) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const client = useApolloClient();
  const open = useNeedsOrganization(checkout);
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => setSignedIn(isSignedIn()), []);
  const me = useQuery(USER_QUERY, { skip: !signedIn || !SEATED.has(checkout.bundleType) });
  const memberships = me.data?.me?.organizationMemberships;
  const admin = (memberships ?? []).filter((m) => m.isOrganizationAdmin);
  const [choice, setChoice] = useState<string>('new');
  useEffect(() => { if (admin[0] && choice === 'new' && !me.loading) setChoice(admin[0].id); }, [admin.length, me.loading]); // eslint-disable-line react-hooks/exhaustive-deps
  const [errors, setErrors] = useState<BusinessErrorFields[]>([]);
  const [busy, setBusy] = useState(false);

  if (!open) {
    const current = SEATED.has(checkout.bundleType) ? membershipOf(checkout, memberships) : null;
    return current ? <p className="checkout-organization__for" data-testid="checkout-organization">{t('checkout.organization.for', { name: current.organization.name })}</p> : null;
  }
  const useMembership = async (membershipId: string) => {
    setBusy(true);
    try {
      const result = (await client.mutate({ mutation: CHECKOUT_ORGANIZATION_UPDATE, variables: { token: checkout.token, organizationMembershipId: membershipId }, ...NO_CACHE })).data?.checkoutOrganizationUpdate;
      setErrors(result?.errors ?? []);
      if (result?.checkout && !result.errors.length) onChange(result.checkout);
    } catch {
      setErrors([{ field: null, code: 'NETWORK', message: '' }]);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice !== 'new') void useMembership(choice);
  };
  return (
    <section className="checkout-organization account-card" aria-labelledby="organization-step-heading" data-testid="organization-step">
      <h2 id="organization-step-heading" tabIndex={-1}>{t('checkout.organization.title')}</h2>
      <p>{t('checkout.organization.lead')}</p>
      <FormErrors errors={errors} operation="CheckoutOrganizationUpdate" />
      {admin.length ? (
        <form onSubmit={submit}>
          <fieldset className="choice-list">
            <legend>{t('checkout.organization.choose')}</legend>
            {admin.map((m) => (
              <label key={m.id} className="choice">
                <input type="radio" name="organization" value={m.id} checked={choice === m.id} onChange={() => setChoice(m.id)} />
                <span className="choice__name">{m.organization.name}</span>
              </label>
            ))}
            <label className="choice">
              <input type="radio" name="organization" value="new" checked={choice === 'new'} onChange={() => setChoice('new')} />
              <span className="choice__name">{t('checkout.organization.new')}</span>
            </label>
          </fieldset>
          {choice !== 'new' ? <button type="submit" className="button" disabled={busy}>{t('checkout.continue')}</button> : null}
        </form>
      ) : null}
      {choice === 'new' ? (
        <OrganizationForm submitLabel={t('checkout.organization.create')} onCreated={(membership) => {
          // The new membership must be among the user's before the checkout is pointed at it.
          void me.refetch().then(() => useMembership(membership.id));
        }} />
      ) : null}
    </section>
  );
}
