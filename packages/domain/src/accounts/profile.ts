/** The longest name a user may give themselves (after trimming); the server refuses longer or empty ones. */
export const ACCOUNT_NAME_MAX_LENGTH = 100;
