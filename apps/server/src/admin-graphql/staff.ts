import type { Database } from '@probe/db';
import type { TokenVerifier } from '../auth/tokens.ts';
import { AccountsService } from '../modules/accounts/index.ts';
import { isStaffRole } from '../modules/staff/index.ts';
import type { Staff } from './context.ts';

/** Who a console request comes from: a member of staff with a role, from a console token; null for anyone else. */
export function staffResolver(db: Database, tokens: TokenVerifier): (authorization: string | null) => Promise<Staff | null> {
  const accounts = new AccountsService(db);
  return async (authorization) => {
    const identity = await tokens.identityFrom(authorization);
    const user = identity ? await accounts.userFor(identity) : null;
    return user && isStaffRole(user.staffRole) ? { id: user.id, email: user.email, role: user.staffRole } : null;
  };
}
