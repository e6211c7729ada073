import DataLoader from 'dataloader';
import type { AccountsService, OrganizationCounts } from '../modules/accounts/index.ts';
import type { SavedMethodRow, SavedMethodsService, SubscriptionRow, SubscriptionsService } from '../modules/subscriptions/index.ts';

/** Per-request batching of the reads several fields share: one query for every organization in an answer. */
export function createLoaders(accounts: AccountsService, subscriptions: SubscriptionsService, savedMethods: SavedMethodsService) {
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
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
