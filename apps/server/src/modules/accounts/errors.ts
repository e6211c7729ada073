/** Spec §3 account errors: each carries field, message and code. */
export const ACCOUNT_ERROR_CODES = [
  'INVALID', 'REQUIRED', 'NOT_FOUND', 'NO_PERMISSIONS', 'OPERATION_NOT_ALLOWED',
  // Organizations and invitations: every seat taken, the person already a member, the invitation link expired.
  'NO_SEATS_AVAILABLE', 'ALREADY_MEMBER', 'EXPIRED',
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];

export interface AccountError {
  field: string | null;
  code: AccountErrorCode;
  message: string;
}

export const accountError = (code: AccountErrorCode, field: string | null, message: string): AccountError => ({ code, field, message });
