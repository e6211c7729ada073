import { languageCodeEnum } from '@probe/domain';
import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import type { CountryCode } from '../../../graphql/generated.ts';
import { useBaseData, type BaseData } from '../../../data/route-data.ts';
import { PAGE_VIEWS, pushBeginCheckout } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { AddressForm, addressValues, type AddressValues } from '../address-form.tsx';
import { NO_CACHE, storeCheckoutToken } from '../cart-session.ts';
import { Attestations } from '../attestations.tsx';
import { placeOrder } from '../place-order.ts';
import { offeredSavedMethods, paysAs, SavedMethodChoices } from '../saved-method-choice.tsx';
import { useSubmit } from '../use-submit.ts';
import { FormErrors } from '../../../ui/form-errors.tsx';
import { Field } from '../../../ui/field.tsx';
import {
  BEFORE_PLACE_ORDER, CHECKOUT_CONTACT_UPDATE, QUOTE_DATA_UPDATE, UPDATE_BILLING_ADDRESS, UPDATE_SHIPPING_ADDRESS,
  UPDATE_SHIPPING_METHOD, VAT_NUMBER_UPDATE, type CheckoutFields,
} from '../operations.ts';
import { parseExpiry, TestCardFields, type CardValues } from '../../payments/payment-fields.tsx';
import { StripeElement } from '../../payments/stripe-element.tsx';
import { nextStep, resolveStep, stepDone, stepsFor, type CheckoutStep } from '../steps.ts';
import { OrganizationStep, useNeedsOrganization } from '../organization-step.tsx';
import { LineList, Totals } from '../summary.tsx';
import { EstimatedDelivery } from '../estimated-delivery.tsx';
import { useCheckout } from '../use-checkout.ts';
import { Money } from '../../../ui/money.tsx';
import { usePageTitle } from '../../../lib/head.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { textVersion } from '../../../lib/text-version.ts';
import './checkout.css';

/** Stripe's Payment Element, loaded only when the store runs on Stripe. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The checkout /checkout/{step?}/: contact, shipping (when something ships), billing (with the VAT
 * number in the EU), payment (method, quote data, attestations, place order). The step shown is a pure
 * function of the checkout and the URL (checkout/steps.ts). /checkout/{checkoutToken}/ restores a
 * checkout in this browser.
 */
export function Component() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const base = useBaseData();
  const params = useParams();
  const navigate = useNavigate();
  const restoring = UUID.test(params.step ?? '');
  if (restoring && typeof window !== 'undefined') storeCheckoutToken(params.step!);
  const { state, update } = useCheckout(base.country);
  usePageTitle(`${t('checkout.title')} · ${t('app.brand')}`);
  usePageView(PAGE_VIEWS.checkout);

  const checkout = state.kind === 'ready' ? state.checkout : null;
  const organizationNeeded = useNeedsOrganization(checkout);
  const step = checkout ? resolveStep(checkout, restoring ? undefined : params.step) : null;
  useEffect(() => {
    if (step && params.step !== step) navigate(`${base.basePath}/checkout/${step}/`, { replace: true });
  }, [step, params.step, base.basePath, navigate]);
  const began = useRef(false);
  useEffect(() => {
    if (!checkout || began.current) return;
    began.current = true;
    pushBeginCheckout(checkout.currency, checkout.lines.map((l) => ({
      sku: l.variant?.sku ?? '', name: l.variant?.product.name ?? '', quantity: l.quantity,
      price: l.unitPricing ? l.unitPricing.price.gross.fractionalAmount / 100 : null,
    })));
  }, [checkout]);

  if (state.kind === 'loading' || (checkout && !step)) {
    // The server cannot see the browser's checkout: it renders the heading, the browser the rest.
    return <div className="container page"><h1>{t('checkout.title')}</h1><Spinner label={t('cart.loading')} /></div>;
  }
  if (!checkout || checkout.lines.length === 0) {
    return (
      <div className="container page">
        <h1>{t('checkout.title')}</h1>
        <p>{state.kind === 'failed' ? t('cart.loadFailed') : t('cart.empty')}</p>
        <Link className="button" to={`${base.basePath}/`}>{t('cart.continueShopping')}</Link>
      </div>
    );
  }
  const steps = stepsFor(checkout);
  const go = (next: CheckoutStep) => navigate(`${base.basePath}/checkout/${next}/`);
  return (
    <div className="container page checkout-page">
      <h1>{t('checkout.title')}</h1>
      <ol className="checkout-steps">
        {steps.map((s, i) => (
          <li key={s} aria-current={s === step ? 'step' : undefined} className={stepDone(checkout, s) ? 'checkout-steps__done' : ''}>
            {s !== step && (stepDone(checkout, s) || steps.indexOf(s) < steps.indexOf(step!))
              ? <Link to={`${base.basePath}/checkout/${s}/`}>{i + 1}. {t(`checkout.step.${s}`)}</Link>
              : <span>{i + 1}. {t(`checkout.step.${s}`)}</span>}
          </li>
        ))}
      </ol>
      <div className="checkout-layout">
        <section className="checkout-main" aria-labelledby={organizationNeeded ? 'organization-step-heading' : 'step-heading'}>
          {/* A signed-in buyer's team or clinic plan: its organization first, then the steps. */}
          <OrganizationStep checkout={checkout} onChange={update} />
          {organizationNeeded ? null : (
            <>
              <h2 id="step-heading" tabIndex={-1}>{t(`checkout.step.${step}`)}</h2>
              {step === 'contact' ? <ContactStep checkout={checkout} onSaved={(c) => { update(c); go(nextStep(c, 'contact')); }} /> : null}
              {step === 'shipping' ? <ShippingStep checkout={checkout} base={base} onSaved={(c) => { update(c); go(nextStep(c, 'shipping')); }} onChange={update} /> : null}
              {step === 'billing' ? <BillingStep checkout={checkout} base={base} onSaved={(c) => { update(c); go(nextStep(c, 'billing')); }} /> : null}
              {step === 'payment' ? <PaymentStep checkout={checkout} base={base} onChange={update} /> : null}
            </>
          )}
        </section>
        <aside className="checkout-aside" aria-label={t('cart.summary')}>
          <h2>{t('cart.summary')}</h2>
          <LineList checkout={checkout} />
          <Totals checkout={checkout} />
          <EstimatedDelivery checkout={checkout} />
          <Link to={`${base.basePath}/cart/`}>{t('checkout.editCart')}</Link>
        </aside>
      </div>
    </div>
  );
}

function ContactStep({ checkout, onSaved }: { checkout: CheckoutFields; onSaved: (c: CheckoutFields) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useApolloClient();
  const { errors, busy, submit } = useSubmit();
  const [values, setValues] = useState({ email: checkout.email ?? '', firstName: checkout.firstName ?? '', lastName: checkout.lastName ?? '', marketingOptIn: checkout.marketingOptIn });
  // A signed-in buyer's e-mail and name fill what the checkout does not have yet.
  useEffect(() => {
    let live = true;
    void import('../../account/buyer.ts').then((m) => m.signedInBuyer(client)).then((buyer) => {
      if (!live || !buyer) return;
      setValues((v) => ({ ...v, email: v.email || buyer.email, firstName: v.firstName || buyer.firstName, lastName: v.lastName || buyer.lastName }));
    }, () => {});
    return () => { live = false; };
  }, [client]);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await submit(async () => ({ payload: (await client.mutate({ mutation: CHECKOUT_CONTACT_UPDATE, variables: { token: checkout.token, ...values, marketingTextVersion: textVersion('checkout.marketingOptIn', t('checkout.marketingOptIn')) }, ...NO_CACHE })).data?.checkoutContactUpdate }));
    if (saved) onSaved(saved);
  };
  return (
    <form onSubmit={save} noValidate>
      <FormErrors errors={errors.filter((e) => e.field !== 'email')} operation="CheckoutContactUpdate" />
      <Field name="email" type="email" label={t('checkout.email')} value={values.email} onChange={(e) => setValues({ ...values, email: e.target.value })} autoComplete="email" required errors={errors} operation="CheckoutContactUpdate" />
      <div className="field-row">
        <Field name="firstName" label={t('address.firstName')} value={values.firstName} onChange={(e) => setValues({ ...values, firstName: e.target.value })} autoComplete="given-name" errors={errors} operation="CheckoutContactUpdate" />
        <Field name="lastName" label={t('address.lastName')} value={values.lastName} onChange={(e) => setValues({ ...values, lastName: e.target.value })} autoComplete="family-name" errors={errors} operation="CheckoutContactUpdate" />
      </div>
      <label className="checkbox"><input type="checkbox" checked={values.marketingOptIn} onChange={(e) => setValues({ ...values, marketingOptIn: e.target.checked })} /> {t('checkout.marketingOptIn')}</label>
      <button type="submit" className="button" disabled={busy}>{t('checkout.continue')}</button>
    </form>
  );
}

function ShippingStep({ checkout, base, onSaved, onChange }: { checkout: CheckoutFields; base: BaseData; onSaved: (c: CheckoutFields) => void; onChange: (c: CheckoutFields) => void }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const client = useApolloClient();
  const { errors, busy, submit } = useSubmit();
  const [address, setAddress] = useState<AddressValues>(() => addressValues(checkout.shippingAddress ?? (checkout.firstName ? { firstName: checkout.firstName, lastName: checkout.lastName ?? '' } as never : null)));
  // A signed-in buyer whose checkout skipped the contact step (its e-mail came from the account): their name.
  useEffect(() => {
    if (checkout.shippingAddress || checkout.firstName) return;
    let live = true;
    void import('../../account/buyer.ts').then((m) => m.signedInBuyer(client)).then((buyer) => {
      if (live && buyer) setAddress((a) => ({ ...a, firstName: a.firstName || buyer.firstName, lastName: a.lastName || buyer.lastName }));
    }, () => {});
    return () => { live = false; };
  }, [client, checkout.shippingAddress, checkout.firstName]);
  const [method, setMethod] = useState(checkout.shippingMethod?.id ?? 'STANDARD');
  const save = async (event: FormEvent) => {
    event.preventDefault();
    let saved = await submit(async () => ({ payload: (await client.mutate({ mutation: UPDATE_SHIPPING_ADDRESS, variables: { token: checkout.token, address: { ...address, country: checkout.country.code as CountryCode } }, ...NO_CACHE })).data?.checkoutShippingAddressUpdate }));
    if (saved && saved.shippingMethod?.id !== method) {
      onChange(saved);
      saved = await submit(async () => ({ payload: (await client.mutate({ mutation: UPDATE_SHIPPING_METHOD, variables: { token: checkout.token, shippingMethodId: method }, ...NO_CACHE })).data?.checkoutShippingMethodUpdate }));
    }
    if (saved) onSaved(saved);
  };
  return (
    <form onSubmit={save} noValidate>
      <FormErrors errors={errors.filter((e) => !e.field?.startsWith('shippingAddress.'))} operation="UpdateCheckoutShippingAddress" />
      <AddressForm prefix="shippingAddress" country={checkout.country.code as CountryCode} countryName={checkout.country.country} languageCode={languageCodeEnum(base.languageCode)}
        values={address} onChange={setAddress} errors={errors} operation="UpdateCheckoutShippingAddress" />
      <fieldset className="choice-list">
        <legend>{t('checkout.shippingMethod')}</legend>
        {checkout.availableShippingMethods.map((m) => (
          <label key={m.id} className="choice">
            <input type="radio" name="shippingMethod" value={m.id} checked={method === m.id} onChange={() => setMethod(m.id)} />
            <span className="choice__name">{t(`checkout.shipping.${m.id}`)} <small>{t('checkout.deliveryDays', { min: m.minimumDeliveryDays, max: m.maximumDeliveryDays })}</small></span>
            <span>{m.price.fractionalAmount === 0 ? t('cart.shippingFree') : <Money amount={m.price.fractionalAmount} currency={checkout.currency} />}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button" disabled={busy}>{t('checkout.continue')}</button>
    </form>
  );
}

function BillingStep({ checkout, base, onSaved }: { checkout: CheckoutFields; base: BaseData; onSaved: (c: CheckoutFields) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useApolloClient();
  const { errors, busy, submit } = useSubmit();
  const [same, setSame] = useState(Boolean(checkout.shippingAddress) && !checkout.billingAddress);
  const [address, setAddress] = useState<AddressValues>(() => addressValues(checkout.billingAddress));
  const [vat, setVat] = useState(checkout.vatRegistrationNumber ?? '');
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const values = same && checkout.shippingAddress ? addressValues(checkout.shippingAddress) : address;
    let saved = await submit(async () => ({ payload: (await client.mutate({ mutation: UPDATE_BILLING_ADDRESS, variables: { token: checkout.token, address: { ...values, country: checkout.country.code as CountryCode } }, ...NO_CACHE })).data?.checkoutBillingAddressUpdate }));
    if (saved && checkout.isTaxRegistrationNumberAvailable && (vat.trim() || null) !== saved.vatRegistrationNumber) {
      saved = await submit(async () => ({ payload: (await client.mutate({ mutation: VAT_NUMBER_UPDATE, variables: { token: checkout.token, vatNumber: vat.trim() || null }, ...NO_CACHE })).data?.checkoutVatNumberUpdate }));
    }
    if (saved) onSaved(saved);
  };
  return (
    <form onSubmit={save} noValidate>
      <FormErrors errors={errors.filter((e) => !e.field?.startsWith('billingAddress.') && e.field !== 'vatNumber')} operation="UpdateCheckoutBillingAddress" />
      {checkout.shippingAddress ? (
        <label className="checkbox"><input type="checkbox" checked={same} onChange={(e) => setSame(e.target.checked)} /> {t('checkout.billingSameAsShipping')}</label>
      ) : null}
      {!same || !checkout.shippingAddress ? (
        <AddressForm prefix="billingAddress" country={checkout.country.code as CountryCode} countryName={checkout.country.country} languageCode={languageCodeEnum(base.languageCode)}
          values={address} onChange={setAddress} errors={errors} operation="UpdateCheckoutBillingAddress" />
      ) : null}
      {checkout.isTaxRegistrationNumberAvailable ? (
        <>
          <Field name="vatNumber" label={t('checkout.vatNumber')} value={vat} onChange={(e) => setVat(e.target.value)} autoComplete="off" errors={errors} operation="CheckoutVatNumberUpdateMutation" />
          <p className="field__hint">{t('checkout.vatNumberHint')}</p>
        </>
      ) : null}
      <button type="submit" className="button" disabled={busy}>{t('checkout.continue')}</button>
    </form>
  );
}

const QUOTE_FIELDS = ['equoteOrganizationName', 'equoteJobTitle', 'equotePracticePlace', 'equoteSpecialty', 'equoteComment'] as const;

function PaymentStep({ checkout, base, onChange }: { checkout: CheckoutFields; base: BaseData; onChange: (c: CheckoutFields) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useApolloClient();
  const navigate = useNavigate();
  const { errors, setErrors, busy, submit } = useSubmit();
  // Card first, the local methods next, a quote last.
  const rank = (m: string) => (m === 'CREDIT_CARD' ? 0 : m === 'ELECTRONIC_QUOTE' ? 2 : 1);
  const methods = [...checkout.availablePaymentMethods].sort((a, b) => rank(a) - rank(b));
  const [method, setMethod] = useState(checkout.paymentMethod && methods.includes(checkout.paymentMethod) ? checkout.paymentMethod : methods[0]!);
  // The organization's saved methods (its admin buying) come first, the primary chosen: one step to pay.
  const savedMethods = offeredSavedMethods(checkout);
  const [savedId, setSavedId] = useState<string | null>(savedMethods[0]?.id ?? null);
  const saved = savedMethods.find((m) => m.id === savedId) ?? null;
  const payWith = (saved ? paysAs(saved) : method) as typeof method;
  const [attested, setAttested] = useState<string[]>([]);
  const [card, setCard] = useState<CardValues>({ number: '', expiry: '', cvc: '' });
  const [quote, setQuote] = useState<Record<string, string>>(() => Object.fromEntries(QUOTE_FIELDS.map((f) => [f, checkout.electronicQuoteData?.[f] ?? ''])));
  const [placing, setPlacing] = useState(false);
  const [stripeSecret, setStripeSecret] = useState<string | null>(null);
  const gateway = JSON.parse(checkout.availablePaymentGateways[0]?.config ?? '{}') as { gateway?: string; publishableKey?: string };

  const place = async (event: FormEvent) => {
    event.preventDefault();
    if (!saved && method === 'ELECTRONIC_QUOTE') {
      const savedQuote = await submit(async () => ({ payload: (await client.mutate({ mutation: QUOTE_DATA_UPDATE, variables: { token: checkout.token, input: quote }, ...NO_CACHE })).data?.checkoutQuoteDataUpdate }));
      if (!savedQuote) return;
    }
    const expiry = parseExpiry(card.expiry);
    if (!saved && method === 'CREDIT_CARD' && gateway.gateway === 'test' && !expiry) {
      setErrors([{ field: 'card.expiry', code: 'INVALID', message: '' }]);
      return;
    }
    const prepared = await submit(async () => ({ payload: (await client.mutate({ mutation: BEFORE_PLACE_ORDER, variables: { token: checkout.token, paymentMethod: payWith, attestations: attested, savedPaymentMethodId: saved?.id ?? null }, ...NO_CACHE })).data?.checkoutBeforePlaceOrder }));
    if (!prepared) return;
    onChange(prepared);
    if (gateway.gateway === 'stripe' && prepared.paymentIntentSecret) {
      // The buyer confirms in Stripe's Payment Element; the return page places the order.
      setStripeSecret(prepared.paymentIntentSecret);
      return;
    }
    if (prepared.paymentRedirectUrl) {
      // Paid away from our page (bank, wallet): the buyer comes back to /checkout/payment/{token}/.
      window.location.assign(prepared.paymentRedirectUrl);
      return;
    }
    setPlacing(true);
    const placed = saved
      ? await placeOrder(client, prepared, null, saved.id)
      : await placeOrder(client, prepared, method === 'CREDIT_CARD' && expiry ? { number: card.number, cvc: card.cvc, ...expiry } : null);
    setPlacing(false);
    if ('orderToken' in placed) navigate(`${base.basePath}/confirmation/${placed.orderToken}/`);
    // A declined payment keeps the checkout: the buyer may try again, with this or another method.
    else setErrors(placed.errors);
  };

  const paymentErrors = errors.filter((e) => !e.field?.startsWith('card.') && !QUOTE_FIELDS.includes(e.field as never));
  if (stripeSecret && gateway.publishableKey) {
    return (
      <StripeElement publishableKey={gateway.publishableKey} clientSecret={stripeSecret} loadingLabel={t('cart.loading')} returnPath={`/checkout/payment/${checkout.token}/`} />
    );
  }
  return (
    <form onSubmit={place} noValidate>
      <FormErrors errors={paymentErrors} operation="CheckoutPlaceOrder" />
      <fieldset className="choice-list">
        <legend>{t('payment.method')}</legend>
        <SavedMethodChoices methods={savedMethods} chosen={saved?.id ?? null} onChoose={setSavedId} />
        {methods.map((m) => (
          <label key={m} className="choice">
            <input type="radio" name="paymentMethod" value={m} checked={!saved && method === m} onChange={() => { setSavedId(null); setMethod(m); }} />
            <span className="choice__name">{t(`payment.methods.${m}`)}</span>
          </label>
        ))}
      </fieldset>
      {!saved && method === 'CREDIT_CARD' && gateway.gateway === 'test' ? <TestCardFields values={card} onChange={setCard} errors={errors} /> : null}
      {!saved && method === 'ELECTRONIC_QUOTE' ? (
        <fieldset className="quote-fields">
          <legend>{t('payment.quoteDetails')}</legend>
          {QUOTE_FIELDS.map((f) => (
            <Field key={f} name={f} label={t(`payment.quote.${f}`)} value={quote[f] ?? ''} onChange={(e) => setQuote({ ...quote, [f]: e.target.value })}
              required={['equoteOrganizationName', 'equoteJobTitle', 'equotePracticePlace'].includes(f)} errors={errors} operation="CheckoutQuoteDataUpdate" />
          ))}
        </fieldset>
      ) : null}
      {!saved && methods.includes(method) && method !== 'CREDIT_CARD' && method !== 'ELECTRONIC_QUOTE' && method !== 'FREE' ? <p className="field__hint">{t('payment.redirectNote')}</p> : null}
      <Attestations required={checkout.requiredAttestations} given={attested} onChange={setAttested} basePath={base.basePath} />
      <p className="checkout-total-line">{t('cart.total')}: <strong><Money amount={checkout.totalPrice.gross.fractionalAmount} currency={checkout.currency} /></strong></p>
      <button type="submit" className="button button--wide" disabled={busy || placing} aria-busy={busy || placing}>
        {!saved && method === 'ELECTRONIC_QUOTE' ? t('payment.requestQuote') : t('payment.placeOrder')}
      </button>
    </form>
  );
}
