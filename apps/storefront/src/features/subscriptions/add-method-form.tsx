import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { BusinessErrorFields } from '../../data/error-messages.ts';
import type { PaymentMethodCreateInput, SavedPaymentMethodKind } from '../../graphql/generated.ts';
import { reportError } from '../../monitoring/current.ts';
import { FormErrors } from '../../ui/form-errors.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { parseExpiry } from '../payments/payment-fields.tsx';
import { StripeElement } from '../payments/stripe-element.tsx';
import { EMPTY_METHOD, MethodFields, type MethodValues } from './method-fields.tsx';
import { METHOD_CREATE, SAVED_PAYMENT_METHODS, SETUP_START, type SavedMethod } from './operations.ts';
import { methodErrorField } from './rules.ts';
import '../checkout/routes/checkout.css';


/** The kinds a method can be saved as, named as the checkout names the payment methods. */
const KINDS: Array<[SavedPaymentMethodKind, string]> = [['CREDIT_CARD', 'payment.methods.CREDIT_CARD'], ['SEPA_DIRECT_DEBIT', 'payment.methods.SEPA'], ['BANK_ACCOUNT', 'payment.methods.ACH']];
type Setup = { setupId: string; clientSecret: string | null; publishableKey: string | null };
const NETWORK: BusinessErrorFields = { field: null, code: 'NETWORK', message: '' };

/**
 * "Add a payment method" for one organization: the kind first, then its details. The setup of the
 * chosen kind starts at once (PaymentMethodSetupStart), so the form knows who takes the details before
 * anything is typed: Stripe's Payment Element (a client secret), or the test gateway's own fields sent
 * in PaymentMethodCreate. A refused method shows why under its field, with what was typed kept.
 */
export function AddMethodForm({ organizationId, onSaved, onCancel }: {
  organizationId: string; onSaved: (method: SavedMethod) => void; onCancel: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const client = useApolloClient();
  const id = useId();
  const [kind, setKind] = useState<SavedPaymentMethodKind>('CREDIT_CARD');
  const setups = useRef<Partial<Record<SavedPaymentMethodKind, Setup>>>({});
  const [setup, setSetup] = useState<Setup | null>(null);
  const [values, setValues] = useState<MethodValues>(EMPTY_METHOD);
  const [makePrimary, setMakePrimary] = useState(false);
  const [errors, setErrors] = useState<BusinessErrorFields[]>([]);
  const [busy, setBusy] = useState(false);
  const firstField = useRef<HTMLFieldSetElement>(null);

  const start = useCallback(async (of: SavedPaymentMethodKind): Promise<Setup> => {
    const { data } = await client.mutate({ mutation: SETUP_START, variables: { organizationId, kind: of }, fetchPolicy: 'no-cache' });
    const started = data!.paymentMethodSetupStart;
    setups.current[of] = started;
    return started;
  }, [client, organizationId]);

  useEffect(() => {
    let current = true;
    setSetup(setups.current[kind] ?? null);
    if (setups.current[kind]) return;
    start(kind).then((s) => current && setSetup(s)).catch(() => current && setErrors([NETWORK]));
    return () => {
      current = false;
    };
  }, [kind, start]);
  useEffect(() => firstField.current?.querySelector('input')?.focus(), []);

  const create = async (input: PaymentMethodCreateInput) => {
    const { data } = await client.mutate({ mutation: METHOD_CREATE, variables: { organizationId, input }, refetchQueries: [SAVED_PAYMENT_METHODS], awaitRefetchQueries: true });
    return data!.paymentMethodCreate;
  };
  const finish = (answer: Awaited<ReturnType<typeof create>>) => {
    if (answer.paymentMethod) return onSaved(answer.paymentMethod);
    setErrors(answer.errors.map((e) => ({ ...e, field: methodErrorField(kind, e.code, e.field) })));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const expiry = parseExpiry(values.card.expiry);
    if (kind === 'CREDIT_CARD' && !expiry) return setErrors([{ field: 'card.expiry', code: 'INVALID', message: '' }]);
    setErrors([]);
    setBusy(true);
    try {
      const details = (s: Setup): PaymentMethodCreateInput => ({
        setupId: s.setupId, kind, makePrimary, name: values.name.trim() || null,
        ...(kind === 'CREDIT_CARD' ? { card: { number: values.card.number, cvc: values.card.cvc, ...expiry! } } : {}),
        ...(kind === 'SEPA_DIRECT_DEBIT' ? { iban: values.iban } : {}),
        ...(kind === 'BANK_ACCOUNT' ? { accountNumber: values.accountNumber.trim(), routingNumber: values.routingNumber.trim() } : {}),
      });
      let answer = await create(details(setups.current[kind] ?? (await start(kind))));
      // The gateway forgot the setup (a restart, or it was used): once more with a new one.
      if (answer.errors.some((e) => e.code === 'PAYMENT_NOT_FOUND')) answer = await create(details(await start(kind)));
      finish(answer);
    } catch {
      setErrors([NETWORK]);
    } finally {
      setBusy(false);
    }
  };

  const stripeMode = setup?.clientSecret != null;
  useEffect(() => {
    if (stripeMode && !setup?.publishableKey) reportError(new Error('Stripe setup without a publishable key'), { source: 'saved-methods' });
  }, [stripeMode, setup]);

  return (
    <form className="add-method" onSubmit={save} noValidate aria-labelledby={`${id}-title`} data-testid="add-method-form">
      <h4 id={`${id}-title`}>{t('savedMethods.addTitle')}</h4>
      <fieldset className="choice-list" ref={firstField}>
        <legend>{t('savedMethods.kind')}</legend>
        {KINDS.map(([k, label]) => (
          <label key={k} className="choice">
            <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => { setKind(k); setErrors([]); }} disabled={busy} />
            <span className="choice__name">{t(label)}</span>
          </label>
        ))}
      </fieldset>
      <FormErrors errors={errors.filter((e) => !e.field)} operation="PaymentMethodCreate" />
      {!setup ? (errors.length ? null : <Spinner label={t('app.loading')} />) : stripeMode ? (
        setup.publishableKey ? (
          <StripeElement publishableKey={setup.publishableKey} clientSecret={setup.clientSecret!} loadingLabel={t('app.loading')} returnPath="/account/payment-methods/"
            setup={{ submitLabel: t('savedMethods.save'), onConfirmed: async () => finish(await create({ setupId: setup.setupId, kind, makePrimary })) }} />
        ) : <p className="form-errors" role="alert">{t('savedMethods.unavailable')}</p>
      ) : (
        <MethodFields kind={kind} values={values} onChange={setValues} errors={errors} />
      )}
      <label className="checkbox">
        <input type="checkbox" name="makePrimary" checked={makePrimary} onChange={(e) => setMakePrimary(e.target.checked)} />
        <span>{t('savedMethods.makePrimaryOnSave')}</span>
      </label>
      <div className="add-method__actions">
        {setup && !stripeMode ? <button type="submit" className="button" disabled={busy}>{t('savedMethods.save')}</button> : null}
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>{t('savedMethods.cancel')}</button>
      </div>
    </form>
  );
}
