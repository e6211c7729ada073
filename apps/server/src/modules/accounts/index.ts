/** Users, organizations and memberships: who the caller is and what they may see and change. */
export { AccountsService, type Identity } from './service.ts';
export { ACCOUNT_ERROR_CODES, type AccountError, type AccountErrorCode } from './errors.ts';
export type { MembershipWithOrganization, OrganizationCounts, OrganizationRow, UserRow } from './repo.ts';
export { createOrganization, MARKETS, ORGANIZATION_NAME_MAX_LENGTH, type Market, type OrganizationCreateInput } from './organizations.ts';
export { InvitationsService, invitationStatus, type InvitationRow, type InvitationStatus, type InvitationView } from './invitations/service.ts';
