/** The store's staff: roles and what they may do, and the audit log of their changes. */
export { isStaffRole, may, PERMISSIONS, permissionsOf, STAFF_ROLES, type Permission, type StaffRole } from './permissions.ts';
export { audit, auditEntries, type Actor, type AuditEntry } from './audit.ts';
