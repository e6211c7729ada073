import { useMutation } from '@apollo/client/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { BusinessErrorFields } from '../../data/error-messages.ts';
import { FieldError, FormErrors } from '../../ui/form-errors.tsx';
import { CardBrandMark } from '../../ui/card-brand-mark.tsx';
import { brandName, methodDetail, methodName } from './method-label.ts';
import { METHOD_DELETE, METHOD_SET_PRIMARY, METHOD_UPDATE, SAVED_PAYMENT_METHODS, type SavedMethod } from './operations.ts';

const REFRESH = { refetchQueries: [SAVED_PAYMENT_METHODS], awaitRefetchQueries: true };
const NETWORK: BusinessErrorFields = { field: null, code: 'NETWORK', message: '' };

/**
 * One saved method: what it is, a "Primary" badge, and its actions — make it primary, rename it (cards
 * carry a holder name), remove it after a confirmation. Each change is read back from the server.
 */
export function SavedMethodItem({ organizationId, method, others, onDone }: {
  organizationId: string; method: SavedMethod; others: number; onDone: (message: string, removed?: boolean) => void;
}) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: key }, values);
  const id = useId();
  const [mode, setMode] = useState<'view' | 'remove' | 'rename'>('view');
  const [errors, setErrors] = useState<{ operation: string; list: BusinessErrorFields[] }>({ operation: '', list: [] });
  const [setPrimary, primary] = useMutation(METHOD_SET_PRIMARY, REFRESH);
  const [remove, removal] = useMutation(METHOD_DELETE, REFRESH);
  const busy = primary.loading || removal.loading;
  const keep = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const name = methodName(intl, method);
  const detail = methodDetail(intl, method, intl.locale);
  const holder = method.__typename === 'CreditCard' ? method.name : null;

  useEffect(() => {
    if (mode === 'remove') keep.current?.focus();
  }, [mode]);

  /** Runs one change; its errors show on this method, its outcome in the organization's status line. */
  const run = async (operation: string, send: () => Promise<{ errors: BusinessErrorFields[] } | undefined>, done: string, removed = false) => {
    setErrors({ operation, list: [] });
    try {
      const answer = await send();
      if (answer?.errors.length) return setErrors({ operation, list: answer.errors });
      onDone(done, removed);
    } catch {
      setErrors({ operation, list: [NETWORK] });
    }
  };
  const makePrimary = () => run('PaymentMethodSetAsPrimary', async () => (await setPrimary({ variables: { organizationId, id: method.id } })).data?.paymentMethodSetAsPrimary, t('savedMethods.madePrimary', { method: name }));
  const confirmRemove = () => run('PaymentMethodDelete', async () => (await remove({ variables: { organizationId, id: method.id } })).data?.paymentMethodDelete, t('savedMethods.removed', { method: name }), true);

  return (
    <li className="saved-method" data-testid="saved-method" data-primary={method.isPrimary ? 'true' : undefined}>
      <div className="saved-method__what">
        <p className="saved-method__name" id={`${id}-name`}>
          <CardBrandMark brand={method.__typename === 'CreditCard' ? method.brand : 'bank'} label={markLabel(intl, method)} />
          <span dir="auto">{name}</span>
          {method.isPrimary ? <span className="badge" data-testid="primary-badge">{t('savedMethods.primary')}</span> : null}
        </p>
        {detail || holder ? <p className="saved-method__detail">{[detail, holder].filter(Boolean).join(' · ')}</p> : null}
      </div>
      {mode === 'view' ? (
        <div className="saved-method__actions">
          {!method.isPrimary ? <button type="button" className="link-button" onClick={makePrimary} disabled={busy} aria-describedby={`${id}-name`}>{t('savedMethods.makePrimary')}</button> : null}
          {method.__typename === 'CreditCard' ? <button type="button" className="link-button" onClick={() => setMode('rename')} disabled={busy} aria-describedby={`${id}-name`}>{t('savedMethods.rename')}</button> : null}
          <button type="button" className="link-button" ref={removeButton} onClick={() => setMode('remove')} disabled={busy} aria-describedby={`${id}-name`}>{t('savedMethods.remove')}</button>
        </div>
      ) : null}
      {mode === 'remove' ? (
        <div className="saved-method__confirm" role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>
            {t('savedMethods.removeQuestion', { method: name })}{' '}
            {method.isPrimary ? t(others > 0 ? 'savedMethods.removePrimaryNext' : 'savedMethods.removeLast') : ''}
          </p>
          <div className="saved-method__actions">
            <button type="button" className="button button--danger" onClick={confirmRemove} disabled={busy} data-testid="confirm-remove">{t('savedMethods.removeConfirm')}</button>
            <button type="button" className="button button--ghost" ref={keep} disabled={busy} onClick={() => { setMode('view'); setTimeout(() => removeButton.current?.focus()); }}>{t('savedMethods.keep')}</button>
          </div>
        </div>
      ) : null}
      {mode === 'rename' && method.__typename === 'CreditCard' ? (
        <RenameForm organizationId={organizationId} method={method} label={name} onClose={(message) => { setMode('view'); if (message) onDone(message); }} />
      ) : null}
      <FormErrors errors={errors.list} operation={errors.operation} />
    </li>
  );
}

function RenameForm({ organizationId, method, label, onClose }: {
  organizationId: string; method: Extract<SavedMethod, { __typename: 'CreditCard' }>; label: string; onClose: (message?: string) => void;
}) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: key }, values);
  const id = useId();
  const [value, setValue] = useState(method.name ?? '');
  const [errors, setErrors] = useState<BusinessErrorFields[]>([]);
  const [update, { loading }] = useMutation(METHOD_UPDATE);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    try {
      const { data } = await update({ variables: { organizationId, id: method.id, name: value.trim() || null } });
      const answer = data!.paymentMethodUpdate;
      if (answer.errors.length) return setErrors(answer.errors);
      onClose(t('savedMethods.renamed', { method: label }));
    } catch {
      setErrors([NETWORK]);
    }
  };
  const fieldErrors = errors.filter((e) => e.field === 'name');
  return (
    <form className="saved-method__rename" onSubmit={save} noValidate>
      <div className={`field${fieldErrors.length ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-name`}>{t('savedMethods.field.cardHolder')}</label>
        <input id={`${id}-name`} ref={input} name="name" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="cc-name"
          aria-invalid={fieldErrors.length ? true : undefined} aria-describedby={fieldErrors.length ? `${id}-error` : undefined} />
        <FieldError id={`${id}-error`} errors={fieldErrors} operation="PaymentMethodUpdate" />
      </div>
      <FormErrors errors={errors.filter((e) => e.field !== 'name')} operation="PaymentMethodUpdate" />
      <div className="saved-method__actions">
        <button type="submit" className="button" disabled={loading}>{t('account.saveName')}</button>
        <button type="button" className="button button--ghost" onClick={() => onClose()} disabled={loading}>{t('savedMethods.cancel')}</button>
      </div>
    </form>
  );
}

/** The accessible name of a method's mark: the card's brand, or the kind of method. */
function markLabel(intl: ReturnType<typeof useIntl>, method: SavedMethod): string {
  if (method.__typename === 'CreditCard') return brandName(method.brand) ?? intl.formatMessage({ id: 'savedMethods.cardUnknown' });
  return intl.formatMessage({ id: method.__typename === 'SEPADirectDebit' ? 'account.mark.sepa' : 'savedMethods.bankUnknown' });
}
