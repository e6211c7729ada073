import type { Database } from '@probe/db';
import DataLoader from 'dataloader';
import type { AccountsService, OrganizationCounts } from '../modules/accounts/index.ts';
import { orderCreditNotesOf, orderInvoicesOf, orderLinesOf, orderPaymentsOf, orderShipmentsOf, orderStatesOf, type CreditNoteRow, type OrderDetails, type OrderStates, type ShipmentWithLines } from '../modules/orders/index.ts';
import type { SavedMethodRow, SavedMethodsService, SubscriptionRow, SubscriptionsService } from '../modules/subscriptions/index.ts';

/** Per-request batching of the reads several fields share: one query for every organization (or order) in an answer. */
export function createLoaders({ db, accounts, subscriptions, savedMethods }: { db: Database; accounts: AccountsService; subscriptions: SubscriptionsService; savedMethods: SavedMethodsService }) {
  return {
    organizationCounts: new DataLoader<string, OrganizationCounts>(async (ids) => {
      const counts = await accounts.counts(ids);
      return ids.map((id) => counts.get(id)!);
    }),
    /** An organization's subscription (null: it never had one). */
    subscription: new DataLoader<string, SubscriptionRow | null>(async (ids) => {
      const rows = await subscriptions.forOrganizations(ids);
      return ids.map((id) => rows.get(id) ?? null);
    }),
    /** An organization's saved payment methods, primary first (every admin membership of an answer in one query). */
    savedMethods: new DataLoader<string, SavedMethodRow[]>(async (ids) => {
      const rows = await savedMethods.listMany(ids);
      return ids.map((id) => rows.get(id) ?? []);
    }),
    /** An order's lines, its payments and its invoice, each read only when a selected field needs it, for every order of an answer at once. */
    orderLines: new DataLoader<number, OrderDetails['lines']>(async (ids) => {
      const rows = await orderLinesOf(db, ids);
      return ids.map((id) => rows.get(id) ?? []);
    }),
    orderPayments: new DataLoader<number, OrderDetails['payments']>(async (ids) => {
      const rows = await orderPaymentsOf(db, ids);
      return ids.map((id) => rows.get(id) ?? []);
    }),
    orderInvoice: new DataLoader<number, OrderDetails['invoice']>(async (ids) => {
      const rows = await orderInvoicesOf(db, ids);
      return ids.map((id) => rows.get(id) ?? null);
    }),
    /** An order's payment and fulfilment states, derived from its payments, refunds and shipments. */
    orderStates: new DataLoader<number, OrderStates>(async (ids) => {
      const rows = await orderStatesOf(db, ids);
      return ids.map((id) => rows.get(id)!);
    }),
    orderShipments: new DataLoader<number, ShipmentWithLines[]>(async (ids) => {
      const rows = await orderShipmentsOf(db, ids);
      return ids.map((id) => rows.get(id) ?? []);
    }),
    orderCreditNotes: new DataLoader<number, CreditNoteRow[]>(async (ids) => {
      const rows = await orderCreditNotesOf(db, ids);
      return ids.map((id) => rows.get(id) ?? []);
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
