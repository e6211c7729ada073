import { WALLET_METHOD, type Wallet } from '@probe/domain';
import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { BaseData } from '../../../data/route-data.ts';
import { FormErrors } from '../../../ui/form-errors.tsx';
import { Attestations } from '../attestations.tsx';
import { NO_CACHE } from '../cart-session.ts';
import { BEFORE_PLACE_ORDER, EXPRESS_ADDRESSES_ADD, type BusinessErrorFields, type CheckoutFields } from '../operations.ts';
import { placeOrder, type TestCard } from '../place-order.ts';
import { TestWalletSheet, type WalletApproval } from './test-wallet-sheet.tsx';
import { WALLET_NAMES } from './wallet-names.ts';
import './express.css';

/**
 * Express checkout on the cart: the wallets the payment provider offers for this checkout. The buyer
 * confirms the checkout's statements here, then the wallet's sheet hands over contact, address and
 * payment at once (with the test gateway, its stand-in sheet: ./test-wallet-sheet.tsx). A card wallet
 * pays on the spot; PayPal continues on PayPal's page and comes back to the checkout's payment return.
 */
export function ExpressCheckout({ checkout, base, onChange }: { checkout: CheckoutFields; base: BaseData; onChange: (c: CheckoutFields) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const client = useApolloClient();
  const navigate = useNavigate();
  const [attested, setAttested] = useState<string[]>([]);
  const [open, setOpen] = useState<Wallet | null>(null);
  const [errors, setErrors] = useState<BusinessErrorFields[]>([]);
  const gateway = (JSON.parse(checkout.availablePaymentGateways[0]?.config ?? '{}') as { gateway?: string }).gateway;
  const wallets = checkout.expressWallets as Wallet[];
  // Only the test gateway's sheet is built; with another provider the server offers no wallet.
  if (!wallets.length || gateway !== 'test') return null;
  const missing = checkout.requiredAttestations.filter((a) => !attested.includes(a));

  const start = (wallet: Wallet) => {
    if (missing.length) {
      setErrors([{ field: 'attestations', code: 'INVALID', message: '' }]);
      return;
    }
    setErrors([]);
    setOpen(wallet);
  };

  /** The buyer approved in the wallet: its details complete the checkout, then the wallet pays. Errors stay in the sheet. */
  const pay = async (wallet: Wallet, approval: WalletApproval): Promise<BusinessErrorFields[]> => {
    try {
      const added = (await client.mutate({ mutation: EXPRESS_ADDRESSES_ADD, variables: { token: checkout.token, ...approval.details }, ...NO_CACHE })).data?.checkoutExpressAddressesAdd;
      if (!added?.checkout || added.errors.length) return added?.errors ?? [];
      const before = (await client.mutate({ mutation: BEFORE_PLACE_ORDER, variables: { token: checkout.token, paymentMethod: WALLET_METHOD[wallet], attestations: attested }, ...NO_CACHE })).data?.checkoutBeforePlaceOrder;
      if (!before?.checkout || before.errors.length) return before?.errors ?? [];
      onChange(before.checkout);
      if (before.checkout.paymentRedirectUrl) {
        // PayPal: approved on its own page, the order is placed when the buyer comes back (/checkout/payment/{token}/).
        window.location.assign(before.checkout.paymentRedirectUrl);
        return [];
      }
      const placed = await placeOrder(client, before.checkout, approval.card as TestCard);
      if ('errors' in placed) return placed.errors;
      navigate(`${base.basePath}/confirmation/${placed.orderToken}/`);
      return [];
    } catch {
      return [{ field: null, code: 'NETWORK', message: '' }];
    }
  };

  return (
    <section className="express" aria-labelledby="express-title" data-testid="express-checkout">
      <h2 id="express-title" className="express__title">{t('express.title')}</h2>
      <Attestations required={checkout.requiredAttestations} given={attested} onChange={(a) => { setAttested(a); setErrors([]); }} basePath={base.basePath} invalid={errors.length > 0} />
      <FormErrors errors={errors} operation="AddExpressCheckoutAddresses" />
      <div className="express__buttons">
        {wallets.map((w) => (
          <button key={w} type="button" className={`express__button express__button--${w.toLowerCase()}`} onClick={() => start(w)}>
            {t('express.payWith', { wallet: WALLET_NAMES[w] })}
          </button>
        ))}
      </div>
      <p className="field__hint">{t('express.or')}</p>
      {open ? <TestWalletSheet wallet={open} checkout={checkout} onChange={onChange} onPay={(approval) => pay(open, approval)} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
