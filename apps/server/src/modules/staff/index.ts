/** The store's staff: roles and what they may do, and the audit log of their changes. */
export { isStaffRole, may, PERMISSIONS, permissionsOf, STAFF_ROLES, type Permission, type StaffRole } from './permissions.ts';
export { audit, auditChoices, auditEntries, auditPage, AUDIT_PAGE_MAX, type Actor, type AuditEntry, type AuditFilter } from './audit.ts';
export {
  changeStaffRole, deactivateStaff, hashStaffToken, inviteStaff, pendingStaffInvitations, revokeStaffInvitation, roleName, staffMembers,
  STAFF_INVITATION_PATH, STAFF_INVITATION_TTL_MS, type StaffError, type StaffInvitation, type StaffMember,
} from './members.ts';
export { messages as staffMessages, type MessageKey as StaffMessageKey } from './i18n/catalogues.ts';
