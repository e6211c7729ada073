import DataLoader from 'dataloader';
import type { AccountsService, OrganizationCounts } from '../modules/accounts/index.ts';
import type { SubscriptionRow, SubscriptionsService } from '../modules/subscriptions/index.ts';

/** Per-request batching of the reads several fields share: one query for every organization in an answer. */
export function createLoaders(accounts: AccountsService, subscriptions: SubscriptionsService) {
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
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
