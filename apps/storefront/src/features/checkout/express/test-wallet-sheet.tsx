import { formatMinor, TEST_WALLET_CARDS, testWalletProfile, WALLET_METHOD, type Wallet } from '@probe/domain';
import { useApolloClient } from '@apollo/client/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { AddressInput, CountryCode } from '../../../graphql/generated.ts';
import { FormErrors } from '../../../ui/form-errors.tsx';
import { NO_CACHE } from '../cart-session.ts';
import { EXPRESS_SHIPPING_ADDRESS_UPDATE, type BusinessErrorFields, type CheckoutFields } from '../operations.ts';
import { Totals } from '../summary.tsx';
import { WALLET_NAMES } from './wallet-names.ts';

export interface WalletApproval {
  details: { email: string; shippingAddress: AddressInput; billingAddress: AddressInput };
  /** The card a card wallet pays with (the test gateway's own card input); null for PayPal. */
  card: { number: string; cvc: string; expMonth: number; expYear: number } | null;
}

/**
 * The offline test gateway's stand-in for a wallet's payment sheet (what Apple Pay, Google Pay or PayPal
 * show over the page): it holds a profile for the checkout's country. Like a real sheet it first shares
 * a partial address (city, postal code, region) so the store prices shipping and tax, then hands over
 * the whole contact and address and the chosen card when the buyer pays. No money moves.
 */
export function TestWalletSheet({ wallet, checkout, onChange, onPay, onClose }: {
  wallet: Wallet; checkout: CheckoutFields; onChange: (c: CheckoutFields) => void;
  onPay: (approval: WalletApproval) => Promise<BusinessErrorFields[]>; onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const client = useApolloClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const profile = testWalletProfile(checkout.country.code);
  const [priced, setPriced] = useState<CheckoutFields | null>(null);
  const [card, setCard] = useState(0);
  const [errors, setErrors] = useState<BusinessErrorFields[]>([]);
  const [busy, setBusy] = useState(false);
  const usesCard = WALLET_METHOD[wallet] === 'CREDIT_CARD';

  useEffect(() => {
    dialog.current?.showModal();
    if (!profile) return;
    const { city, postalCode, countryArea, country } = profile.address;
    void client.mutate({ mutation: EXPRESS_SHIPPING_ADDRESS_UPDATE, variables: { token: checkout.token, shippingAddress: { city, postalCode, countryArea, country: country as CountryCode } }, ...NO_CACHE })
      .then(({ data }) => {
        const answer = data?.checkoutExpressShippingAddressUpdate;
        if (answer?.checkout && !answer.errors.length) {
          setPriced(answer.checkout);
          onChange(answer.checkout);
        } else setErrors(answer?.errors ?? []);
      })
      .catch(() => setErrors([{ field: null, code: 'NETWORK', message: '' }]));
    // Once per opening: the sheet shares the partial address when it appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const pay = async () => {
    if (!profile) return;
    setBusy(true);
    const address: AddressInput = { ...profile.address, country: profile.address.country as CountryCode, phone: profile.phone };
    const chosen = TEST_WALLET_CARDS[card]!;
    const refused = await onPay({
      details: { email: profile.email, shippingAddress: address, billingAddress: address },
      card: usesCard ? { number: chosen.number, cvc: chosen.cvc, expMonth: chosen.expMonth, expYear: chosen.expYear } : null,
    });
    setBusy(false);
    setErrors(refused);
  };

  const a = profile?.address;
  return (
    <dialog ref={dialog} className="wallet-sheet" aria-labelledby={titleId} onClose={onClose} data-testid="wallet-sheet">
      <h2 id={titleId}>{t('express.sheet.title', { wallet: WALLET_NAMES[wallet] })}</h2>
      <p className="field__hint">{t('express.sheet.note')}</p>
      {a && profile ? (
        <dl className="wallet-sheet__details">
          <div><dt>{t('express.sheet.contact')}</dt><dd dir="ltr">{profile.email}</dd></div>
          <div><dt>{t('express.sheet.shipTo')}</dt><dd>{a.firstName} {a.lastName}, {a.streetAddress1}, {a.postalCode} {a.city}{a.countryArea ? `, ${a.countryArea}` : ''}</dd></div>
        </dl>
      ) : null}
      {usesCard ? (
        <fieldset className="choice-list">
          <legend>{t('express.sheet.card')}</legend>
          {TEST_WALLET_CARDS.map((c, i) => (
            <label key={c.number} className="choice">
              <input type="radio" name="wallet-card" checked={card === i} onChange={() => setCard(i)} />
              <span className="choice__name">{c.label}</span>
            </label>
          ))}
        </fieldset>
      ) : <p>{t('express.sheet.paypal')}</p>}
      {priced ? <Totals checkout={priced} /> : null}
      <FormErrors errors={errors} operation="CheckoutPlaceOrder" />
      <div className="wallet-sheet__actions">
        <button type="button" className="button" onClick={() => void pay()} disabled={!priced || busy} aria-busy={busy}>
          {priced ? t('express.sheet.pay', { amount: formatMinor(priced.totalPrice.gross.fractionalAmount, priced.currency, intl.locale) }) : t('cart.loading')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => dialog.current?.close()}>{t('express.sheet.cancel')}</button>
      </div>
    </dialog>
  );
}
