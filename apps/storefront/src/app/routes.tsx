import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { BaseLayout, baseLoader, RouteErrorScreen } from './shell/base.tsx';
import { redirectDocument } from 'react-router';
import { reloadOnLocaleChange } from './shell/locale-revalidation.ts';
import * as notFound from './shell/not-found.tsx';
import { rootRedirectLoader } from './shell/root-redirect.ts';
import { StoreLayout, storeLoader } from './shell/store.tsx';
import { InitialLoader } from '../ui/initial-loader.tsx';
import { withRetry } from './lazy-retry.ts';
import { LANDING_PAGES } from '../features/catalogue/landing/pages.ts';
import { loadScreenMessages, routeLanguage } from '../i18n/catalogues.ts';

/**
 * A lazy screen names its module so the server can link its CSS and preload its code in the first
 * response; `messages: 'screens'` when it needs the screens catalogue (loaded before it renders).
 */
export interface RouteHandle {
  module?: string;
  messages?: 'screens' | 'forms';
}

type Loader = (args: LoaderFunctionArgs) => unknown;

/** A lazily loaded screen: its chunk is retried on failure, and its module is named for the server. */
function screen(feature: string, load: () => Promise<object>, options: { messages?: 'screens'; notFound?: boolean } = {}) {
  const handle: RouteHandle = { module: `src/features/${feature}.tsx`, ...(options.messages ? { messages: options.messages } : {}) };
  // A screen whose loader answers 404 for an unknown slug shows the not-found screen inside the store.
  const boundary = options.notFound ? { ErrorBoundary: notFound.NotFoundBoundary } : {};
  if (!options.messages) return { handle, ...boundary, lazy: withRetry(load) };
  // Its loader first adds the screens catalogue of the route's language (on the server and in the browser).
  const lazy = withRetry(async () => {
    const module = (await load()) as { loader?: Loader };
    const own = module.loader;
    return { ...module, loader: async (args: LoaderFunctionArgs) => {
      await loadScreenMessages(routeLanguage(args.params));
      return own ? own(args) : null;
    } };
  });
  return { handle, ...boundary, lazy };
}
const screens = { messages: 'screens' } as const;

/**
 * The route tree of spec §2. Screens are lazy modules exporting `Component` (and `loader` when they
 * load data); the shell above them is in the first chunk.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    HydrateFallback: InitialLoader,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, loader: rootRedirectLoader },
      {
        id: 'base',
        path: ':countryCode/:language',
        loader: baseLoader,
        shouldRevalidate: reloadOnLocaleChange,
        Component: BaseLayout,
        errorElement: <RouteErrorScreen />,
        children: [
          // The marketing forms are a second application (src/entry-forms-*.tsx, app/forms-routes.tsx): the server
          // renders them with their own bundle, so a link to one from the store loads that document.
          { id: 'forms', path: 'form/*', loader: ({ request }: LoaderFunctionArgs) => redirectDocument(new URL(request.url).pathname + new URL(request.url).search) },
          {
            id: 'store',
            loader: storeLoader,
            shouldRevalidate: reloadOnLocaleChange,
            Component: StoreLayout,
            errorElement: <RouteErrorScreen />,
            children: [
              { id: 'home', index: true, ...screen('catalogue/routes/home', () => import('../features/catalogue/routes/home.tsx')) },
              { id: 'iq', path: 'iq', ...screen('catalogue/routes/specialization', () => import('../features/catalogue/routes/specialization.tsx')) },
              { id: 'vet', path: 'vet', ...screen('catalogue/routes/specialization', () => import('../features/catalogue/routes/specialization.tsx')) },
              { id: 'iq-bundle', path: 'iq/bundle', ...screen('catalogue/routes/bundles', () => import('../features/catalogue/routes/bundles.tsx')) },
              { id: 'vet-bundle', path: 'vet/bundle', ...screen('catalogue/routes/bundles', () => import('../features/catalogue/routes/bundles.tsx')) },
              { id: 'accessories', path: 'accessories', ...screen('catalogue/routes/accessories', () => import('../features/catalogue/routes/accessories.tsx')) },
              { id: 'refer', path: 'refer/:token', ...screen('referrals/routes/refer', () => import('../features/referrals/routes/refer.tsx'), { ...screens, notFound: true }) },
              { id: 'accessories-step', path: 'accessories-step', ...screen('catalogue/routes/accessories-step', () => import('../features/catalogue/routes/accessories-step.tsx')) },
              { id: 'supported-countries', path: 'supported-countries', ...screen('catalogue/routes/supported-countries', () => import('../features/catalogue/routes/supported-countries.tsx')) },
              { id: 'pricing', path: 'pricing', ...screen('catalogue/routes/pricing', () => import('../features/catalogue/routes/pricing.tsx')) },
              { id: 'contact', path: 'contact', ...screen('catalogue/routes/contact', () => import('../features/catalogue/routes/contact.tsx')) },
              { id: 'site-map', path: 'site-map', ...screen('catalogue/routes/site-map', () => import('../features/catalogue/routes/site-map.tsx'), screens) },
              { id: 'product', path: 'product/:slug/:subscription?/:subscriptionPeriod?', ...screen('catalogue/routes/product', () => import('../features/catalogue/routes/product.tsx'), { notFound: true }) },
              // Step flows and offers (issue 5). The static all-in segment outranks the product route's optional segments.
              { id: 'all-in-bundle', path: 'product/:slug/all-in', ...screen('product-flow/routes/all-in-bundle', () => import('../features/product-flow/routes/all-in-bundle.tsx'), { ...screens, notFound: true }) },
              { id: 'all-in', path: 'all-in/:step?', ...screen('product-flow/routes/all-in', () => import('../features/product-flow/routes/all-in.tsx'), screens) },
              { id: 'product-flow', path: 'product-flow/:step?', ...screen('product-flow/routes/product-flow', () => import('../features/product-flow/routes/product-flow.tsx'), screens) },
              { id: 'solutions', path: 'solutions', ...screen('product-flow/routes/solutions', () => import('../features/product-flow/routes/solutions.tsx'), screens) },
              { id: 'offer', path: 'offer', ...screen('product-flow/routes/offer', () => import('../features/product-flow/routes/offer.tsx'), screens) },
              { id: 'pricing-survey', path: 'pricing-survey/:step?', ...screen('product-flow/routes/pricing-survey', () => import('../features/product-flow/routes/pricing-survey.tsx'), screens) },
              { id: 'survey-results', path: 'survey-results/:bundles?', ...screen('product-flow/routes/survey-results', () => import('../features/product-flow/routes/survey-results.tsx'), screens) },
              { id: 'pro-custom', path: 'pro-custom/:step?', ...screen('product-flow/routes/pro-custom', () => import('../features/product-flow/routes/pro-custom.tsx'), screens) },
              // Landing pages: one config-driven screen (src/landing/pages.ts), one route per page.
              ...LANDING_PAGES.map((page) => ({ id: `landing-${page.key}`, path: page.path.replace(/\/$/, ''), ...screen('catalogue/routes/landing', () => import('../features/catalogue/routes/landing.tsx'), { ...screens, notFound: true }) })),
              { id: 'terms', path: 'terms', ...screen('catalogue/routes/terms', () => import('../features/catalogue/routes/terms.tsx'), screens) },
              { id: 'cart', path: 'cart', ...screen('checkout/routes/cart', () => import('../features/checkout/routes/cart.tsx'), screens) },
              { id: 'checkout-payment', path: 'checkout/payment/:checkoutToken', ...screen('checkout/routes/payment-return', () => import('../features/checkout/routes/payment-return.tsx'), screens) },
              { id: 'checkout', path: 'checkout/:step?', ...screen('checkout/routes/checkout', () => import('../features/checkout/routes/checkout.tsx'), screens) },
              { id: 'confirmation', path: 'confirmation/:orderToken', ...screen('checkout/routes/confirmation', () => import('../features/checkout/routes/confirmation.tsx'), screens) },
              { id: 'order-payment', path: 'order-payment/:orderToken', ...screen('payments/routes/order-payment', () => import('../features/payments/routes/order-payment.tsx'), screens) },
              { id: 'invoice-payment', path: 'invoice-payment/:invoiceToken', ...screen('payments/routes/invoice-payment', () => import('../features/payments/routes/invoice-payment.tsx'), screens) },
              // An order the store wrote for a phone or e-mail sale, paid from its pay-link e-mail (issue 35).
              { id: 'pay-link', path: 'pay/:payToken', ...screen('payments/routes/pay-link', () => import('../features/payments/routes/pay-link.tsx'), screens) },
              // Where a buyer lands after paying an order or an invoice by its token (issue 14); unknown token → 404.
              { id: 'order-payment-confirmation', path: 'order-payment-confirmation/:orderToken', ...screen('payments/routes/order-payment-confirmation', () => import('../features/payments/routes/order-payment-confirmation.tsx'), { ...screens, notFound: true }) },
              { id: 'invoice-payment-confirmation', path: 'invoice-payment-confirmation/:invoiceToken', ...screen('payments/routes/invoice-payment-confirmation', () => import('../features/payments/routes/invoice-payment-confirmation.tsx'), { ...screens, notFound: true }) },
              // The account area (features/account, issue 36): the signed-in user's sections beside their own navigation, one
              // route each (the same for desktop and mobile layouts); the spec's /subscription/ and learner pages are sections of it.
              {
                id: 'account-area',
                ...screen('account/routes/account-layout', () => import('../features/account/routes/account-layout.tsx'), screens),
                children: [
                  { id: 'account', path: 'account', ...screen('account/routes/profile', () => import('../features/account/routes/profile.tsx'), screens) },
                  { id: 'account-orders', path: 'account/orders', ...screen('account/routes/orders', () => import('../features/account/routes/orders.tsx'), screens) },
                  { id: 'account-order', path: 'account/orders/:number', ...screen('account/routes/order', () => import('../features/account/routes/order.tsx'), screens) },
                  { id: 'account-payment-methods', path: 'account/payment-methods', ...screen('account/routes/payment-methods', () => import('../features/account/routes/payment-methods.tsx'), screens) },
                  { id: 'account-organizations', path: 'account/organizations', ...screen('account/routes/organizations', () => import('../features/account/routes/organizations.tsx'), screens) },
                  { id: 'account-referrals', path: 'account/referrals', ...screen('account/routes/referrals', () => import('../features/account/routes/referrals.tsx'), screens) },
                  { id: 'new-organization', path: 'account/organization/new', ...screen('account/routes/new-organization', () => import('../features/account/routes/new-organization.tsx'), screens) },
                  { id: 'edit-membership', path: 'account/organization/:membershipId', ...screen('account/routes/edit-membership', () => import('../features/account/routes/edit-membership.tsx'), screens) },
                  { id: 'subscription', path: 'subscription', ...screen('subscriptions/routes/subscription', () => import('../features/subscriptions/routes/subscription.tsx'), screens) },
                  // Learner status verification, human and veterinary (features/learners): signed in.
                  { id: 'learner-verification', path: 'learner-verification', ...screen('learners/routes/learner-verification', () => import('../features/learners/routes/learner-verification.tsx'), screens) },
                  { id: 'vet-learner-verification', path: 'vet/learner-verification', ...screen('learners/routes/learner-verification', () => import('../features/learners/routes/learner-verification.tsx'), screens) },
                ],
              },
              { id: 'invitation', path: 'account/invitation/:token', ...screen('account/routes/invitation', () => import('../features/account/routes/invitation.tsx'), screens) },
              // Upgrade pages (features/upgrades): changes and renewals of the signed-in admin's subscription, and the Pro Custom
              // variants beside the purchase flow's steps (static segments outrank its optional {step}).
              { id: 'upgrade', path: 'upgrade', ...screen('upgrades/routes/upgrade', () => import('../features/upgrades/routes/upgrade.tsx'), screens) },
              { id: 'upgrade-expired', path: 'upgrade/expired', ...screen('upgrades/routes/expired', () => import('../features/upgrades/routes/expired.tsx'), screens) },
              { id: 'upgrade-license', path: 'upgrade/license', ...screen('upgrades/routes/license', () => import('../features/upgrades/routes/license.tsx'), screens) },
              { id: 'upgrade-pro', path: 'upgrade/pro', ...screen('upgrades/routes/pro', () => import('../features/upgrades/routes/pro.tsx'), screens) },
              { id: 'upgrade-add-iq', path: 'upgrade/add-iq', ...screen('upgrades/routes/add-iq', () => import('../features/upgrades/routes/add-iq.tsx'), screens) },
              ...(['upgrade', 'downgrade', 'reactivation'] as const).map((variant) => ({
                id: `pro-custom-${variant}`, path: `pro-custom/${variant}`,
                ...screen('upgrades/routes/pro-custom-change', () => import('../features/upgrades/routes/pro-custom-change.tsx'), screens),
              })),
              // How an order was paid (by its token): features/subscriptions (subscription management is in the account area above).
              { id: 'payment-details', path: 'payment-details/:orderToken', ...screen('subscriptions/routes/payment-details', () => import('../features/subscriptions/routes/payment-details.tsx'), { ...screens, notFound: true }) },
              { id: 'not-found', path: '*', loader: notFound.loader, ErrorBoundary: notFound.ErrorBoundary },
            ],
          },
        ],
      },
      // The identity provider's return addresses, outside the base path (exempt from its redirect in @probe/domain).
      { id: 'auth-callback', path: 'auth/callback', ...screen('account/routes/auth-callback', () => import('../features/account/routes/auth-callback.tsx')) },
      { id: 'auth-logged-out', path: 'auth/logged-out', ...screen('account/routes/logged-out', () => import('../features/account/routes/logged-out.tsx')) },
      { path: '*', loader: rootRedirectLoader },
    ],
  },
];
