import { useMutation } from '@apollo/client/react';
import { languageCodeEnum } from '@probe/domain';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useBaseData } from '../../data/route-data.ts';
import { errorMessage, type BusinessErrorFields } from '../../data/error-messages.ts';
import { Field } from '../../ui/field.tsx';
import { FormErrors } from '../../ui/form-errors.tsx';
import { INVITATION_CREATE, INVITATION_RESEND, INVITATION_REVOKE, type OrganizationInvitationFields } from './operations.ts';
// The fields' and forms' look, shared with the checkout.
import '../checkout/routes/checkout.css';

type Status = { kind: 'done' | 'error'; text: string } | null;

/**
 * An admin's invitations: the form that invites an address to a free seat (the e-mail goes out in the
 * page's language), and every invitation with its state; a pending or expired one can be sent again, a
 * pending one revoked. `onChanged` reads the organization again (seats, lists).
 */
export function TeamInvitations({ organizationId, availableSeats, invitations, onChanged }: {
  organizationId: string; availableSeats: number; invitations: readonly OrganizationInvitationFields[]; onChanged: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const base = useBaseData();
  const languageCode = languageCodeEnum(base.languageCode);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<BusinessErrorFields[]>([]);
  const [status, setStatus] = useState<Status>(null);
  const [create, creating] = useMutation(INVITATION_CREATE);
  const [resend] = useMutation(INVITATION_RESEND);
  const [revoke] = useMutation(INVITATION_REVOKE);
  const pendingSeats = invitations.filter((i) => i.status === 'PENDING').length;
  const seatsLeft = Math.max(0, availableSeats - pendingSeats);

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    try {
      const result = (await create({ variables: { organizationId, email, languageCode } })).data?.organizationInvitationCreate;
      setErrors(result?.errors ?? []);
      if (result?.invitation && !result.errors.length) {
        setStatus({ kind: 'done', text: t('organization.invite.sent', { email: result.invitation.email }) });
        setEmail('');
        onChanged();
      }
    } catch {
      setErrors([{ field: null, code: 'NETWORK', message: '' }]);
    }
  };
  const act = async (operation: 'OrganizationInvitationResend' | 'OrganizationInvitationRevoke', invitation: OrganizationInvitationFields) => {
    setStatus(null);
    try {
      const result = operation === 'OrganizationInvitationResend'
        ? (await resend({ variables: { id: invitation.id, languageCode } })).data?.organizationInvitationResend
        : (await revoke({ variables: { id: invitation.id } })).data?.organizationInvitationRevoke;
      const error = result?.errors[0];
      if (error) setStatus({ kind: 'error', text: errorMessage(intl, operation, error) });
      else {
        setStatus({ kind: 'done', text: t(operation === 'OrganizationInvitationResend' ? 'organization.invitations.resent' : 'organization.invitations.revoked', { email: invitation.email }) });
        onChanged();
      }
    } catch {
      setStatus({ kind: 'error', text: errorMessage(intl, operation, { field: null, code: 'NETWORK' }) });
    }
  };

  return (
    <>
      <section aria-labelledby="invite-heading" className="account-card team-invite">
        <h2 id="invite-heading">{t('organization.invite.title')}</h2>
        <p>{t('organization.invite.seats', { count: seatsLeft })}</p>
        <form onSubmit={invite} noValidate className="team-invite__form">
          <FormErrors errors={errors.filter((e) => e.field !== 'email')} operation="OrganizationInvitationCreate" />
          <Field name="email" type="email" label={t('organization.invite.email')} value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" dir="ltr" maxLength={254} required errors={errors} operation="OrganizationInvitationCreate" />
          <button type="submit" className="button" disabled={creating.loading}>{t('organization.invite.submit')}</button>
        </form>
        <p className={status?.kind === 'error' ? 'account-status form-errors' : 'account-status'} role="status">{status?.text ?? ''}</p>
      </section>
      <section aria-labelledby="invitations-heading">
        <h2 id="invitations-heading">{t('organization.invitations.title')}</h2>
        {invitations.length === 0 ? <p>{t('organization.invitations.none')}</p> : (
          <ul className="account-members" data-testid="invitations">
            {invitations.map((i) => (
              <li key={i.id} className="account-card team-invitation" data-testid="invitation-row">
                <p className="account-member__who"><span dir="ltr" className="account-ltr">{i.email}</span>
                  <small>{t(`organization.invitations.status.${i.status}`)}{i.status === 'PENDING' ? ` · ${t('organization.invitations.expires', { date: intl.formatDate(i.expiresAt, { dateStyle: 'medium' }) })}` : ''}</small>
                </p>
                {i.status === 'PENDING' || i.status === 'EXPIRED' ? (
                  <p className="account-actions">
                    <button type="button" className="button button--ghost" onClick={() => void act('OrganizationInvitationResend', i)}>
                      {t('organization.invitations.resend')}<span className="visually-hidden">: {i.email}</span>
                    </button>
                    {i.status === 'PENDING' ? (
                      <button type="button" className="button button--ghost" onClick={() => void act('OrganizationInvitationRevoke', i)}>
                        {t('organization.invitations.revoke')}<span className="visually-hidden">: {i.email}</span>
                      </button>
                    ) : null}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
