import { useApolloClient } from '@apollo/client/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { FieldError, fieldErrors, FormErrors } from '../../ui/form-errors.tsx';
import { Money } from '../../ui/money.tsx';
import { NO_CACHE } from './cart-session.ts';
import { TRADE_IN_PREVIEW, TRADE_IN_UPDATE, type BusinessErrorFields, type CheckoutFields } from './operations.ts';

/** The probes the trade-in program takes back (the server's TRADE_IN_MODELS). */
const MODELS = ['IQ', 'IQ_PLUS', 'OTHER_HANDHELD'] as const;
const OPERATION = 'CheckoutTradeInProgramDataUpdate';

/**
 * The cart's trade-in: the buyer names the probe they send back and its serial, sees the credit before
 * applying it, and the credit then shows in the totals as its own line (the server prices it). What was
 * typed stays in the fields when the server refuses it.
 */
export function TradeInForm({ checkout, onChange, disabled }: { checkout: CheckoutFields; onChange: (c: CheckoutFields | null) => void; disabled: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const client = useApolloClient();
  const [model, setModel] = useState('');
  const [serial, setSerial] = useState('');
  const [credit, setCredit] = useState<number | null>(null);
  const [errors, setErrors] = useState<BusinessErrorFields[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setCredit(null);
    if (!model) return;
    let current = true;
    client.query({ query: TRADE_IN_PREVIEW, variables: { token: checkout.token, deviceModel: model }, fetchPolicy: 'network-only' })
      .then((r) => { if (current) setCredit(r.data?.checkoutTradeInPromoPreview?.fractionalAmount ?? null); })
      .catch(() => undefined);
    return () => { current = false; };
  }, [client, checkout.token, checkout.version, model]);

  const update = async (deviceModel: string, serialNumber: string) => {
    setBusy(true);
    try {
      const payload = (await client.mutate({ mutation: TRADE_IN_UPDATE, variables: { token: checkout.token, deviceModel, serialNumber }, ...NO_CACHE })).data?.checkoutTradeInProgramDataUpdate;
      setErrors(payload?.errors ?? []);
      if (payload?.checkout) onChange(payload.checkout);
      return payload?.errors.length === 0;
    } catch {
      setErrors([{ field: null, code: 'NETWORK', message: '' }]);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await update(model, serial)) {
      setModel('');
      setSerial('');
    }
  };

  const applied = checkout.tradeIn;
  const modelErrors = fieldErrors(errors, 'deviceModel');
  const serialErrors = fieldErrors(errors, 'serialNumber');
  const other = errors.filter((e) => !modelErrors.includes(e) && !serialErrors.includes(e));
  return (
    <section className="trade-in" aria-labelledby="trade-in-heading">
      <h2 id="trade-in-heading" className="trade-in__heading">{t('cart.tradeIn.heading')}</h2>
      {applied ? (
        <p className="trade-in__applied">
          {t('cart.tradeIn.applied', { model: t(`cart.tradeIn.model.${applied.deviceModel}`), serial: applied.serialNumber })}{' '}
          <button type="button" className="link-button" onClick={() => update('', '')} disabled={disabled || busy}>{t('cart.tradeIn.remove')}</button>
        </p>
      ) : (
        <form className="trade-in__form" onSubmit={submit} noValidate>
          <p className="field__hint">{t('cart.tradeIn.lead')}</p>
          <FormErrors errors={other} operation={OPERATION} />
          <div className={`field${modelErrors.length ? ' field--invalid' : ''}`}>
            <label htmlFor="trade-in-model">{t('cart.tradeIn.model')}</label>
            <select id="trade-in-model" value={model} onChange={(e) => setModel(e.target.value)} required
              aria-invalid={modelErrors.length ? true : undefined} aria-describedby={modelErrors.length ? 'trade-in-model-error' : undefined}>
              <option value="">{t('cart.tradeIn.choose')}</option>
              {MODELS.map((m) => <option key={m} value={m}>{t(`cart.tradeIn.model.${m}`)}</option>)}
            </select>
            <FieldError id="trade-in-model-error" errors={modelErrors} operation={OPERATION} />
          </div>
          <p className="trade-in__credit" role="status">
            {credit !== null && credit > 0 ? <>{t('cart.tradeIn.credit')} <strong><Money amount={credit} currency={checkout.currency} /></strong></> : ''}
          </p>
          <div className={`field${serialErrors.length ? ' field--invalid' : ''}`}>
            <label htmlFor="trade-in-serial">{t('cart.tradeIn.serial')}</label>
            <input id="trade-in-serial" value={serial} onChange={(e) => setSerial(e.target.value)} required autoComplete="off" maxLength={32} spellCheck={false}
              aria-invalid={serialErrors.length ? true : undefined} aria-describedby={`trade-in-serial-hint${serialErrors.length ? ' trade-in-serial-error' : ''}`} />
            <p className="field__hint" id="trade-in-serial-hint">{t('cart.tradeIn.serialHint')}</p>
            <FieldError id="trade-in-serial-error" errors={serialErrors} operation={OPERATION} />
          </div>
          <button type="submit" className="button button--ghost" disabled={disabled || busy || !model || !serial.trim()}>{t('cart.tradeIn.apply')}</button>
        </form>
      )}
    </section>
  );
}
