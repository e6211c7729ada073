import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { BaseLayout, baseLoader, RouteErrorScreen } from '../routes/base.tsx';
import { FormsPage, formsLoader } from '../routes/forms.tsx';
import { reloadOnLocaleChange } from '../routes/locale-revalidation.ts';
import * as notFound from '../routes/not-found.tsx';
import { rootRedirectLoader } from '../routes/root-redirect.ts';
import { StoreLayout, storeLoader } from '../routes/store.tsx';
import { InitialLoader } from '../ui/initial-loader.tsx';
import { withRetry } from '../lib/lazy-retry.ts';
import { LANDING_PAGES } from '../landing/pages.ts';
import { loadScreenMessages, routeLanguage } from '../i18n/catalogues.ts';

/**
 * A lazy screen names its module so the server can link its CSS and preload its code in the first
 * response; `messages: 'screens'` when it needs the screens catalogue (loaded before it renders).
 */
export interface RouteHandle {
  module?: string;
  messages?: 'screens';
}

type Loader = (args: LoaderFunctionArgs) => unknown;

/** A lazily loaded screen: its chunk is retried on failure, and its module is named for the server. */
function screen(name: string, load: () => Promise<object>, options: { messages?: 'screens' } = {}) {
  const handle: RouteHandle = { module: `src/routes/${name}.tsx`, ...options };
  if (!options.messages) return { handle, lazy: withRetry(load) };
  // Its loader first adds the screens catalogue of the route's language (on the server and in the browser).
  const lazy = withRetry(async () => {
    const module = (await load()) as { loader?: Loader };
    const own = module.loader;
    return { ...module, loader: async (args: LoaderFunctionArgs) => {
      await loadScreenMessages(routeLanguage(args.params));
      return own ? own(args) : null;
    } };
  });
  return { handle, lazy };
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
          { id: 'forms', path: 'form/*', loader: formsLoader, shouldRevalidate: reloadOnLocaleChange, Component: FormsPage },
          {
            id: 'store',
            loader: storeLoader,
            shouldRevalidate: reloadOnLocaleChange,
            Component: StoreLayout,
            errorElement: <RouteErrorScreen />,
            children: [
              { id: 'home', index: true, ...screen('home', () => import('../routes/home.tsx')) },
              { id: 'iq', path: 'iq', ...screen('specialization', () => import('../routes/specialization.tsx')) },
              { id: 'vet', path: 'vet', ...screen('specialization', () => import('../routes/specialization.tsx')) },
              { id: 'iq-bundle', path: 'iq/bundle', ...screen('bundles', () => import('../routes/bundles.tsx')) },
              { id: 'vet-bundle', path: 'vet/bundle', ...screen('bundles', () => import('../routes/bundles.tsx')) },
              { id: 'accessories', path: 'accessories', ...screen('accessories', () => import('../routes/accessories.tsx')) },
              { id: 'supported-countries', path: 'supported-countries', ...screen('supported-countries', () => import('../routes/supported-countries.tsx')) },
              { id: 'pricing', path: 'pricing', ...screen('pricing', () => import('../routes/pricing.tsx')) },
              { id: 'contact', path: 'contact', ...screen('contact', () => import('../routes/contact.tsx')) },
              { id: 'site-map', path: 'site-map', ...screen('site-map', () => import('../routes/site-map.tsx'), screens) },
              { id: 'product', path: 'product/:slug/:subscription?/:subscriptionPeriod?', ...screen('product', () => import('../routes/product.tsx')) },
              // Step flows and offers (issue 5). The static all-in segment outranks the product route's optional segments.
              { id: 'all-in-bundle', path: 'product/:slug/all-in', ...screen('all-in-bundle', () => import('../routes/all-in-bundle.tsx'), screens) },
              { id: 'all-in', path: 'all-in/:step?', ...screen('all-in', () => import('../routes/all-in.tsx'), screens) },
              { id: 'product-flow', path: 'product-flow/:step?', ...screen('product-flow', () => import('../routes/product-flow.tsx'), screens) },
              { id: 'offer', path: 'offer', ...screen('offer', () => import('../routes/offer.tsx'), screens) },
              { id: 'pricing-survey', path: 'pricing-survey/:step?', ...screen('pricing-survey', () => import('../routes/pricing-survey.tsx'), screens) },
              { id: 'survey-results', path: 'survey-results/:bundles?', ...screen('survey-results', () => import('../routes/survey-results.tsx'), screens) },
              { id: 'pro-custom', path: 'pro-custom/:step?', ...screen('pro-custom', () => import('../routes/pro-custom.tsx'), screens) },
              // Landing pages: one config-driven screen (src/landing/pages.ts), one route per page.
              ...LANDING_PAGES.map((page) => ({ id: `landing-${page.key}`, path: page.path.replace(/\/$/, ''), ...screen('landing', () => import('../routes/landing.tsx'), screens) })),
              { id: 'terms', path: 'terms', ...screen('terms', () => import('../routes/terms.tsx'), screens) },
              { id: 'cart', path: 'cart', ...screen('cart', () => import('../routes/cart.tsx'), screens) },
              { id: 'checkout-payment', path: 'checkout/payment/:checkoutToken', ...screen('payment-return', () => import('../routes/payment-return.tsx'), screens) },
              { id: 'checkout', path: 'checkout/:step?', ...screen('checkout', () => import('../routes/checkout.tsx'), screens) },
              { id: 'confirmation', path: 'confirmation/:orderToken', ...screen('confirmation', () => import('../routes/confirmation.tsx'), screens) },
              { id: 'order-payment', path: 'order-payment/:orderToken', ...screen('order-payment', () => import('../routes/order-payment.tsx'), screens) },
              { id: 'invoice-payment', path: 'invoice-payment/:invoiceToken', ...screen('invoice-payment', () => import('../routes/invoice-payment.tsx'), screens) },
              { id: 'not-found', path: '*', loader: notFound.loader, ErrorBoundary: notFound.ErrorBoundary },
            ],
          },
        ],
      },
      { path: '*', loader: rootRedirectLoader },
    ],
  },
];
