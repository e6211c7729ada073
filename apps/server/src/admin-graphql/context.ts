import type { Database } from '@probe/db';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueReads } from '../modules/catalogue/index.ts';
import type { PaymentGateway } from '../modules/payments/index.ts';
import type { Actor, Permission, StaffRole } from '../modules/staff/index.ts';
import type { VatChecker } from '../modules/vat/index.ts';

/** A signed-in member of staff: who they are and their role. */
export interface Staff extends Actor {
  role: StaffRole;
}

/** What every console resolver may use. One per request. */
export interface AdminContext {
  db: Database;
  gateway: PaymentGateway;
  /** The catalogue as the store prices it (a draft order is priced as a checkout). */
  catalogue: CatalogueReads;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The store's public origin (PUBLIC_URL): links in e-mails are built from it, never from the request. */
  publicUrl: string;
  /** Checks a draft's EU VAT number with VIES, as the storefront's checkout does (decision 0047). */
  vat: VatChecker;
  /** The staff member asking, when they hold the permission; PermissionDenied otherwise (no token, a buyer, a role without it). */
  require: (permission: Permission) => Promise<Staff>;
}
