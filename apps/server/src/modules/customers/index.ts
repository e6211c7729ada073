/** Customers (buyers) and organizations as staff read them in the console. Read only. */
export { customerForStaff, listCustomers, type CustomerRow } from './staff-customers.ts';
export { listOrganizations, organizationForStaff, type OrganizationRow } from './staff-organizations.ts';
export { pageCursor, type PageCursor } from './paging.ts';
