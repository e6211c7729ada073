import DataLoader from 'dataloader';
import type { AccountsService, OrganizationCounts } from '../modules/accounts/index.ts';

/** Per-request batching of the reads several fields share: one query for every organization in an answer. */
export function createLoaders(accounts: AccountsService) {
  return {
    organizationCounts: new DataLoader<string, OrganizationCounts>(async (ids) => {
      const counts = await accounts.counts(ids);
      return ids.map((id) => counts.get(id)!);
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
