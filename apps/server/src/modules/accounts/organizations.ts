import { randomBytes } from 'node:crypto';
import { schema, type Database, type StoredAddress } from '@probe/db';
import { checkVatNumber, isStoreCountry, isVatNumberAvailable } from '@probe/domain';
import { and, count, eq } from 'drizzle-orm';
import { validateAddress, type AddressInput } from '../checkout/index.ts';
import { accountError, type AccountError } from './errors.ts';
import { membershipById, type MembershipWithOrganization } from './repo.ts';

const { organizations, organizationMemberships: memberships, subscriptions } = schema;

export const ORGANIZATION_NAME_MAX_LENGTH = 120;
/** A user founds at most this many organizations: enough for any practice, and a bound on a script's. */
export const ORGANIZATIONS_PER_USER = 20;
export const MARKETS = ['HUMAN', 'VETERINARY'] as const;
export type Market = (typeof MARKETS)[number];

export interface OrganizationCreateInput {
  name: string;
  market: Market;
  country: string;
  billingAddress: AddressInput;
  vatNumber?: string | null;
}

/** A name as a URL slug: ASCII letters and digits joined by dashes ("Clínica São João" → clinica-sao-joao). */
export function slugify(name: string): string {
  const slug = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 48).replace(/-+$/, '');
  return slug || 'organization';
}

/**
 * What an organization's founder typed, checked: a name, a market, a store country, a billing address in
 * that country by its rules, and a VAT number only where the country has one (an EU member state), in that
 * state's format. Every problem is reported, per field.
 */
export function checkOrganizationInput(input: OrganizationCreateInput): { value: { name: string; market: Market; country: string; billingAddress: StoredAddress; vatNumber: string | null } | null; errors: AccountError[] } {
  const errors: AccountError[] = [];
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (!name) errors.push(accountError('REQUIRED', 'name', 'Enter the organization\'s name'));
  else if (name.length > ORGANIZATION_NAME_MAX_LENGTH) errors.push(accountError('INVALID', 'name', `A name has at most ${ORGANIZATION_NAME_MAX_LENGTH} characters`));
  if (!MARKETS.includes(input.market)) errors.push(accountError('INVALID', 'market', 'Choose human or veterinary practice'));
  const country = input.country.trim().toUpperCase();
  if (!isStoreCountry(country)) errors.push(accountError('INVALID', 'country', 'The store does not sell in this country'));
  const address = validateAddress({ ...input.billingAddress, country }, 'billingAddress');
  for (const e of address.errors) errors.push(accountError(e.code === 'REQUIRED' ? 'REQUIRED' : 'INVALID', e.field, e.message));
  let vatNumber: string | null = null;
  const typedVat = input.vatNumber?.trim() ?? '';
  if (typedVat) {
    if (!isVatNumberAvailable(country)) errors.push(accountError('INVALID', 'vatNumber', 'VAT numbers are not taken for this country'));
    else {
      const checked = checkVatNumber(typedVat.slice(0, 40), country);
      if (checked) vatNumber = checked.normalized;
      else errors.push(accountError('INVALID', 'vatNumber', 'This VAT number does not have the country\'s format'));
    }
  }
  if (errors.length) return { value: null, errors };
  return { value: { name, market: input.market, country, billingAddress: address.address!, vatNumber }, errors: [] };
}

/**
 * Creates an organization with the caller as its admin (and first member), in one transaction. The slug
 * is the name's, with a random suffix when another organization has it.
 */
export async function createOrganization(db: Database, userId: string, input: OrganizationCreateInput): Promise<{ membership: MembershipWithOrganization | null; errors: AccountError[] }> {
  const checked = checkOrganizationInput(input);
  if (!checked.value) return { membership: null, errors: checked.errors };
  const value = checked.value;
  const membershipId = await db.transaction(async (tx) => {
    // The user's row, locked: two creates at once count each other.
    await tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, userId)).for('update');
    const [founded] = await tx.select({ n: count() }).from(memberships).where(and(eq(memberships.userId, userId), eq(memberships.isOrganizationAdmin, true)));
    if (Number(founded?.n ?? 0) >= ORGANIZATIONS_PER_USER) return null;
    const base = slugify(value.name);
    let organizationId: string | null = null;
    for (let attempt = 0; attempt < 5 && !organizationId; attempt++) {
      const slug = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
      const [row] = await tx.insert(organizations).values({
        name: value.name, slug, country: value.country, market: value.market, practiceType: value.market === 'VETERINARY' ? 'VETERINARY' : 'CLINIC',
        billingAddress: value.billingAddress, vatNumber: value.vatNumber,
      }).onConflictDoNothing({ target: organizations.slug }).returning({ id: organizations.id });
      organizationId = row?.id ?? null;
    }
    if (!organizationId) throw new Error('No free slug for a new organization');
    const [membership] = await tx.insert(memberships).values({ organizationId, userId, isOrganizationAdmin: true, canPurchasePersonalProbe: true }).returning({ id: memberships.id });
    return membership!.id;
  });
  if (!membershipId) return { membership: null, errors: [accountError('OPERATION_NOT_ALLOWED', null, `A user founds at most ${ORGANIZATIONS_PER_USER} organizations`)] };
  return { membership: await membershipById(db, membershipId), errors: [] };
}

/** The seats an organization's plan gives (1 without a subscription: its founder's). */
export async function seatsOf(db: Pick<Database, 'select'>, organizationId: string): Promise<number> {
  const [row] = await db.select({ seats: subscriptions.seats }).from(subscriptions).where(eq(subscriptions.organizationId, organizationId));
  return row?.seats ?? 1;
}

/** Locks the organization's row: every change of its members and invitations takes this lock first. */
export async function lockOrganization(db: Pick<Database, 'select'>, organizationId: string): Promise<boolean> {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
  return Boolean(row);
}

export async function memberCount(db: Pick<Database, 'select'>, organizationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).where(eq(memberships.organizationId, organizationId));
  return Number(row?.n ?? 0);
}

