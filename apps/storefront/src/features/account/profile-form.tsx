import { useMutation } from '@apollo/client/react';
import { ACCOUNT_NAME_MAX_LENGTH } from '@probe/domain';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ACCOUNT_UPDATE } from './operations.ts';

/**
 * My account's name form (AccountUpdate). The name is checked by the server only (spec §5: no client-side
 * field messages): its error shows under the field, tied to it, and what was typed stays. A saved name
 * updates the cached user, so the profile and the header show it at once.
 */
export function ProfileForm({ name }: { name: string | null }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const id = useId();
  const [value, setValue] = useState(name ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ kind: 'saved' | 'error'; text: string } | null>(null);
  const [update, { loading }] = useMutation(ACCOUNT_UPDATE);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setStatus(null);
    try {
      const { data } = await update({ variables: { input: { name: value } } });
      const [error] = data?.accountUpdate.errors ?? [];
      if (!error) setStatus({ kind: 'saved', text: t('account.nameSaved') });
      else if (error.field === 'name') setFieldError(t('account.nameInvalid', { max: ACCOUNT_NAME_MAX_LENGTH }));
      else setStatus({ kind: 'error', text: t('account.error.INVALID') });
    } catch {
      setStatus({ kind: 'error', text: t('account.error.INVALID') });
    }
  };

  return (
    <form className="account-name-form" onSubmit={save} noValidate data-testid="name-form">
      <div className={`account-field${fieldError ? ' account-field--invalid' : ''}`}>
        <label htmlFor={`${id}-name`}>{t('account.editName')}</label>
        <input id={`${id}-name`} name="name" type="text" autoComplete="name" value={value} onChange={(e) => setValue(e.target.value)}
          aria-invalid={fieldError ? true : undefined} aria-describedby={fieldError ? `${id}-error` : undefined} />
        {fieldError ? <p className="account-field__error" id={`${id}-error`}>{fieldError}</p> : null}
      </div>
      <div className="account-name-form__actions">
        <button type="submit" className="button" disabled={loading}>{t('account.saveName')}</button>
        <p className={status?.kind === 'error' ? 'account-status form-errors' : 'account-status'} role="status">{status?.text ?? ''}</p>
      </div>
    </form>
  );
}
