import { languageCodeEnum } from '@probe/domain';
import { useApolloClient } from '@apollo/client/react';
import { useRef, useState, type FormEvent } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import type { BusinessErrorFields } from '../../../data/error-messages.ts';
import { useBaseData } from '../../../data/route-data.ts';
import { FormErrors } from '../../../ui/form-errors.tsx';
import { Price, taxNoteId } from '../../../ui/price.tsx';
import { announceCartCount } from '../../checkout/cart-events.ts';
import { cartCount, NO_CACHE, storeCheckoutToken } from '../../checkout/cart-session.ts';
import { CHECKOUT_CREATE } from '../../checkout/operations.ts';
import { CurrentPlan } from '../current-plan.tsx';
import { unchangeableNotice } from '../notices.tsx';
import type { ExtraProbe, UpgradeCatalogue } from '../operations.ts';
import { NO_ANSWER, submissionKeys } from '../use-charge.ts';
import type { UpgradeAccount } from '../use-upgrade-account.ts';
import { useT } from '../use-t.ts';
import { Notice, UpgradeFrame } from '../upgrade-frame.tsx';
import { loadUpgradeCatalogue } from '../upgrade-catalogue.ts';

export const loader = (args: LoaderFunctionArgs) => loadUpgradeCatalogue(args);

const MAX_PER_LINE = 20;
const isVet = (practiceType: string | null | undefined) => practiceType === 'VETERINARY';

/**
 * Add probes /upgrade/add-iq/ (spec §2 upgrade, add-iq): an admin picks extra probes of the
 * organization's market and goes through the normal checkout (a probe is shipped: address and payment
 * there). The order adds the probes to the subscription.
 */
export function Component() {
  const t = useT();
  const shop = useLoaderData<typeof loader>();
  return (
    <UpgradeFrame title={t('upgrade.addIq.title')} pageView={(o) => (isVet(o?.practiceType) ? PAGE_VIEWS.additionalVetProbe : PAGE_VIEWS.teamAdditionalProbes)}>
      {(account) => <AddProbes account={account} shop={shop} />}
    </UpgradeFrame>
  );
}

function AddProbes({ account, shop }: { account: UpgradeAccount; shop: UpgradeCatalogue }) {
  const t = useT();
  const { subscription, organization } = account;
  const unchangeable = unchangeableNotice(subscription.status);
  if (unchangeable) return unchangeable;
  const probes = (isVet(organization.practiceType) ? shop.catalogue.veterinary : shop.catalogue.human).filter((v) => v.pricing && v.isAvailable);
  return (
    <>
      <CurrentPlan account={account} showProbes />
      {probes.length ? <ProbesForm account={account} probes={probes} displayGross={shop.catalogue.displayGrossPrices} /> : (
        <Notice testId="upgrade-no-probes" title={t('upgrade.addIq.none')}><p>{t('upgrade.addIq.noneText')}</p></Notice>
      )}
    </>
  );
}

function ProbesForm({ account, probes, displayGross }: { account: UpgradeAccount; probes: ExtraProbe[]; displayGross: boolean }) {
  const t = useT();
  const base = useBaseData();
  const client = useApolloClient();
  const navigate = useNavigate();
  const [quantities, setQuantities] = useState<Record<string, string>>(() => Object.fromEntries(probes.map((p, i) => [p.sku, i === 0 ? '1' : '0'])));
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<BusinessErrorFields[]>([]);
  const keys = useRef(submissionKeys());
  const parsed = probes.map((p) => ({ sku: p.sku, text: quantities[p.sku] ?? '0', quantity: /^\s*\d{1,2}\s*$/.test(quantities[p.sku] ?? '') ? Number(quantities[p.sku]) : null }));
  const invalid = parsed.some((l) => l.quantity === null || l.quantity > MAX_PER_LINE);
  const lines = parsed.filter((l) => (l.quantity ?? 0) > 0).map((l) => ({ sku: l.sku, quantity: l.quantity! }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid || !lines.length || sending) return;
    setSending(true);
    setErrors([]);
    const input = {
      bundleType: 'EXTRA_PROBE_CHECKOUT' as const, country: base.country, languageCode: languageCodeEnum(base.languageCode),
      email: account.email, organizationMembershipId: account.membership.id, lines,
    };
    try {
      const { data } = await client.mutate({ mutation: CHECKOUT_CREATE, variables: { input, idempotencyKey: keys.current.keyFor(input) }, ...NO_CACHE });
      const payload = data?.checkoutCreate;
      if (!payload) throw new Error('no answer');
      keys.current.answered();
      if (payload.errors.length || !payload.checkout) {
        setErrors(payload.errors);
        setSending(false);
        return;
      }
      storeCheckoutToken(payload.checkout.token);
      announceCartCount(cartCount(payload.checkout));
      await navigate(`${base.basePath}/checkout/`);
    } catch {
      setErrors([NO_ANSWER]);
      setSending(false);
    }
  };

  return (
    <form className="upgrade-form upgrade-form--single" onSubmit={submit} noValidate>
      <section className="upgrade-card" aria-labelledby="probes-title">
        <h2 id="probes-title">{t('upgrade.addIq.choose')}</h2>
        <p className="upgrade-muted">{t('upgrade.addIq.lead')}</p>
        <ul className="upgrade-probes" data-testid="extra-probes">
          {probes.map((probe) => {
            const line = parsed.find((l) => l.sku === probe.sku)!;
            const bad = line.quantity === null || line.quantity > MAX_PER_LINE;
            const id = `qty-${probe.sku}`;
            return (
              <li key={probe.sku} className="upgrade-probe">
                {probe.product.thumbnail ? <img src={probe.product.thumbnail.url} alt="" width={64} height={64} loading="lazy" /> : <span />}
                <div className="upgrade-probe__body">
                  <label htmlFor={id} className="upgrade-probe__name"><span className="visually-hidden">{t('upgrade.addIq.quantity')}: </span>{probe.name}</label>
                  <span className="upgrade-muted">{probe.product.shortDescription}</span>
                  <Price price={probe.pricing!.price} previous={probe.pricing!.onSale ? probe.pricing!.priceUndiscounted : null} displayGross={displayGross} />
                </div>
                <div className={`upgrade-field upgrade-probe__qty${bad ? ' upgrade-field--invalid' : ''}`}>
                  <input id={id} name={probe.sku} type="number" inputMode="numeric" min={0} max={MAX_PER_LINE} step={1} value={line.text}
                    onChange={(e) => setQuantities({ ...quantities, [probe.sku]: e.target.value })}
                    aria-invalid={bad || undefined} aria-describedby={bad ? `${id}-error` : undefined} />
                  {bad ? <p className="field__error" id={`${id}-error`}>{t('upgrade.addIq.quantityError', { max: MAX_PER_LINE })}</p> : null}
                </div>
              </li>
            );
          })}
        </ul>
        <p className="upgrade-muted">{t(taxNoteId(base.country, displayGross))} {t('upgrade.addIq.shipping')}</p>
        <FormErrors errors={errors} operation="CheckoutCreateWithOrganization" />
        <button type="submit" className="button button--wide" disabled={invalid || !lines.length || sending} aria-busy={sending} data-testid="add-iq-submit">
          {t('upgrade.addIq.submit')}
        </button>
      </section>
    </form>
  );
}
