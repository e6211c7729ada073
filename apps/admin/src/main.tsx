import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createIntl, FormattedMessage, RawIntlProvider } from 'react-intl';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { loadMessages } from './i18n/catalogues.ts';
import { consoleLanguage, FORMAT_LOCALE } from './i18n/locale.ts';
import { Layout } from './layout.tsx';
import { Callback } from './pages/callback.tsx';
import { OrdersPage } from './pages/orders.tsx';
import { OrderPage } from './pages/order.tsx';
import { DraftOrdersPage } from './pages/draft-orders.tsx';
import { DraftOrderPage } from './pages/draft-order.tsx';
import { PricesPage } from './pages/prices.tsx';
import { ProductsPage } from './pages/products.tsx';
import { ProductPage } from './pages/product.tsx';
import { TaxesPage } from './pages/taxes.tsx';
import { MaintenancePage } from './pages/maintenance.tsx';
import { PromosPage } from './pages/promos.tsx';
import { OffersPage } from './pages/offers.tsx';
import { BannersPage } from './pages/banners.tsx';
import { LearnersPage } from './pages/learners.tsx';
import { DataRequestsPage } from './pages/data-requests.tsx';
import { AuditPage } from './pages/audit.tsx';
import { DashboardPage } from './pages/dashboard.tsx';
import { CustomerPage, CustomersPage } from './pages/customers.tsx';
import { OrganizationPage, OrganizationsPage } from './pages/organizations.tsx';
import { StaffPage } from './pages/staff.tsx';
import { PastDuePage, SubscriptionsPage } from './pages/subscriptions.tsx';
import { SubscriptionPage } from './pages/subscription.tsx';
import { LeadsPage } from './pages/leads.tsx';
import './console.css';

const router = createBrowserRouter(
  [
    { path: '/callback', Component: Callback },
    {
      path: '/',
      Component: Layout,
      children: [
        { index: true, Component: OrdersPage },
        { path: 'orders/:number', Component: OrderPage },
        { path: 'draft-orders', Component: DraftOrdersPage },
        { path: 'draft-orders/:id', Component: DraftOrderPage },
        { path: 'customers', Component: CustomersPage },
        { path: 'customers/:id', Component: CustomerPage },
        { path: 'organizations', Component: OrganizationsPage },
        { path: 'organizations/:id', Component: OrganizationPage },
        { path: 'products', Component: ProductsPage },
        { path: 'products/:id', Component: ProductPage },
        { path: 'prices', Component: PricesPage },
        { path: 'taxes', Component: TaxesPage },
        // The Vouchers page was a second, poorer view of the same codes: its address leads to the one promotions page.
        { path: 'vouchers', element: <Navigate to="/promos" replace /> },
        { path: 'promos', Component: PromosPage },
        { path: 'offers', Component: OffersPage },
        { path: 'banners', Component: BannersPage },
        { path: 'maintenance', Component: MaintenancePage },
        { path: 'learners', Component: LearnersPage },
        { path: 'data-requests', Component: DataRequestsPage },
        { path: 'audit', Component: AuditPage },
        { path: 'dashboard', Component: DashboardPage },
        { path: 'staff', Component: StaffPage },
        { path: 'subscriptions', Component: SubscriptionsPage },
        { path: 'subscriptions/past-due', Component: PastDuePage },
        { path: 'subscriptions/:id', Component: SubscriptionPage },
        { path: 'leads', Component: LeadsPage },
        { path: '*', Component: NotFound },
      ],
    },
  ],
  { basename: '/admin' },
);

function NotFound() {
  return <><h1><FormattedMessage id="notFound.title" /></h1><p><FormattedMessage id="notFound.text" /></p></>;
}

// The staff member's language from their browser, before anything is drawn: the page's language, its title and every string follow it.
void loadMessages(consoleLanguage(navigator.languages.length ? navigator.languages : [navigator.language])).then(({ language, messages }) => {
  const intl = createIntl({ locale: FORMAT_LOCALE[language], messages, defaultLocale: FORMAT_LOCALE.en });
  document.documentElement.lang = language;
  document.title = intl.formatMessage({ id: 'console.title' });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RawIntlProvider value={intl}>
        <RouterProvider router={router} />
      </RawIntlProvider>
    </StrictMode>,
  );
});
