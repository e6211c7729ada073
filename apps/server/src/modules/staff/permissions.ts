/** Staff roles (users.staff_role) and what each may do in the console. Checked on the server for every operation. */
export const STAFF_ROLES = ['OWNER', 'CATALOGUE_MANAGER', 'ORDER_MANAGER', 'SUPPORT'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  'orders.read', 'orders.refund', 'orders.manage',
  'customers.read',
  'catalogue.read', 'catalogue.write',
  'promotions.read', 'promotions.write',
  'settings.read', 'settings.write',
  'learners.read', 'learners.decide',
  'audit.read',
  'privacy.read', 'privacy.erase',
  'staff.manage',
  'subscriptions.read', 'subscriptions.manage',
  'leads.read', 'leads.redeliver',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ: Permission[] = PERMISSIONS.filter((p) => p.endsWith('.read'));

/** Owners do everything (only they manage staff); managers change their part and read the rest; support reads only. */
const GRANTS: Record<StaffRole, readonly Permission[]> = {
  OWNER: PERMISSIONS,
  CATALOGUE_MANAGER: [...READ, 'catalogue.write', 'promotions.write'],
  ORDER_MANAGER: [...READ, 'orders.refund', 'orders.manage', 'learners.decide', 'subscriptions.manage', 'leads.redeliver'],
  SUPPORT: READ,
};

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? '');
}

export function may(role: string | null | undefined, permission: Permission): boolean {
  return isStaffRole(role) && GRANTS[role].includes(permission);
}

export function permissionsOf(role: string | null | undefined): readonly Permission[] {
  return isStaffRole(role) ? GRANTS[role] : [];
}
