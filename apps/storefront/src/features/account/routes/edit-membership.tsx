import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { MEMBERSHIP_INFO, MEMBERSHIP_UPDATE, ORGANIZATION_ADMINS, ORGANIZATION_MEMBERS, type OrganizationMemberFields } from '../operations.ts';
import { useSignedIn } from '../use-signed-in.ts';
import '../account.css';

/**
 * Edit membership /{cc}/{lang}/account/organization/{membershipId}/: an organization admin sees the
 * members with their role and personal-probe permission and changes them; anyone else is told, read
 * only, who the admins are. The members are never asked for by a non-admin (the server would answer
 * PermissionDenied, which signs out).
 */
export function Component() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const base = useBaseData();
  const { membershipId = '' } = useParams();
  usePageTitle(`${t('account.editMembership')} · ${t('app.brand')}`);
  const signedIn = useSignedIn(base.language);
  const info = useQuery(MEMBERSHIP_INFO, { variables: { id: membershipId }, skip: signedIn !== 'yes' });
  const membership = info.data?.organizationMembership;
  const isAdmin = membership?.isOrganizationAdmin === true;
  const members = useQuery(ORGANIZATION_MEMBERS, { variables: { organizationMembershipId: membershipId }, skip: !isAdmin });
  const admins = useQuery(ORGANIZATION_ADMINS, { variables: { organizationId: membership?.organization.id ?? '' }, skip: !membership || isAdmin });

  const back = <p><Link to={`${base.basePath}/account/`}>{t('account.backToAccount')}</Link></p>;
  if (!membership) {
    const failed = info.error || (info.data && !membership);
    return (
      <div className="container page account-page">
        <h1>{t('account.editMembership')}</h1>
        {failed ? <p role="alert">{t('account.loadFailed')}</p> : <Spinner label={signedIn === 'no' ? t('account.signingIn') : t('app.loading')} />}
        {back}
      </div>
    );
  }
  return (
    <div className="container page account-page">
      <h1>{t('account.editMembership')}</h1>
      <p className="account-lead">{membership.organization.name}</p>
      {isAdmin ? (
        <section aria-labelledby="members-heading">
          <h2 id="members-heading">{t('account.members')}</h2>
          {members.data?.organizationMembership ? (
            <ul className="account-members" data-testid="members">
              {members.data.organizationMembership.organization.members.map((m) => <li key={m.membershipId} className="account-card"><MemberRow member={m} /></li>)}
            </ul>
          ) : members.error ? <p role="alert">{t('account.loadFailed')}</p> : <Spinner label={t('app.loading')} />}
        </section>
      ) : (
        <section className="account-card" aria-labelledby="read-only-heading" data-testid="membership-read-only">
          <h2 id="read-only-heading">{t('account.readOnlyTitle')}</h2>
          <p>{t('account.readOnly')}</p>
          {admins.data?.organizationAdmins.length ? (
            <ul>{admins.data.organizationAdmins.map((a) => <li key={a.email}>{a.name ? `${a.name} · ` : ''}<a href={`mailto:${a.email}`} dir="ltr">{a.email}</a></li>)}</ul>
          ) : null}
        </section>
      )}
      {back}
    </div>
  );
}

function MemberRow({ member }: { member: OrganizationMemberFields }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [saved, setSaved] = useState({ isOrganizationAdmin: member.isOrganizationAdmin, canPurchasePersonalProbe: member.canPurchasePersonalProbe });
  const [values, setValues] = useState(saved);
  const [status, setStatus] = useState<{ kind: 'saved' | 'error'; text: string } | null>(null);
  const [update, { loading }] = useMutation(MEMBERSHIP_UPDATE);
  const changed = values.isOrganizationAdmin !== saved.isOrganizationAdmin || values.canPurchasePersonalProbe !== saved.canPurchasePersonalProbe;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    try {
      const { data } = await update({ variables: { id: member.membershipId, input: values } });
      const errors = data?.organizationMembershipUpdate.errors ?? [];
      if (errors.length) {
        const code = errors[0]!.code;
        setStatus({ kind: 'error', text: t(code === 'NO_PERMISSIONS' || code === 'OPERATION_NOT_ALLOWED' ? `account.error.${code}` : 'account.error.INVALID') });
      } else {
        setSaved(values);
        setStatus({ kind: 'saved', text: t('account.saved') });
      }
    } catch {
      setStatus({ kind: 'error', text: t('account.error.INVALID') });
    }
  };
  const who = member.name || member.email;
  const idBase = `member-${member.membershipId}`;
  return (
    <form className="account-member" onSubmit={save} aria-labelledby={`${idBase}-who`} data-testid="member-row">
      <p className="account-member__who" id={`${idBase}-who`}>{who}{member.name ? <small dir="ltr" className="account-ltr">{member.email}</small> : null}</p>
      <fieldset>
        <legend>{t('account.permissionsOf', { name: who })}</legend>
        <label className="checkbox">
          <input type="checkbox" name="isOrganizationAdmin" checked={values.isOrganizationAdmin} onChange={(e) => setValues({ ...values, isOrganizationAdmin: e.target.checked })} />
          {' '}{t('account.role.admin')}
        </label>
        <label className="checkbox">
          <input type="checkbox" name="canPurchasePersonalProbe" checked={values.canPurchasePersonalProbe} onChange={(e) => setValues({ ...values, canPurchasePersonalProbe: e.target.checked })} />
          {' '}{t('account.personalProbe')}
        </label>
      </fieldset>
      <div>
        <button type="submit" className="button" disabled={loading || !changed} aria-describedby={`${idBase}-status`}>{t('account.save')}</button>
        <p id={`${idBase}-status`} className={status?.kind === 'error' ? 'account-status form-errors' : 'account-status'} role="status">{status?.text ?? ''}</p>
      </div>
    </form>
  );
}
