import type { LoggerOptions } from 'pino';

/**
 * The server's and the worker's log lines never hold a person's e-mail, phone, name or address (issue 38:
 * erasure reaches what the store controls, and log lines leave it for a collector that cannot be searched
 * or rewritten). Nothing logs them on purpose; what could carry them by accident is cut here:
 *
 * - fields named for personal data, at the top or one level down (`email`, `phone`, `password`, names) are
 *   replaced by pino's redaction;
 * - database errors' `detail` (PostgreSQL prints the failing row's values there) and drizzle's `params`
 *   (the statement's values) are replaced, on the error and on its cause;
 * - every written line is scrubbed last (`hooks.streamWrite`): e-mail addresses (also URL-encoded),
 *   phone numbers in international form and drizzle's "params: …" inside messages and stacks;
 * - GraphQL error messages are logged without the values they quote (`withoutValues`).
 */
const REDACTED = '[redacted]';
const PERSONAL_KEYS = ['email', 'phone', 'password', 'firstName', 'lastName', 'fullName', 'streetAddress1', 'streetAddress2', 'postalCode', 'address', 'billingAddress', 'shippingAddress'];

export const LOG_REDACT_PATHS = [
  ...PERSONAL_KEYS, ...PERSONAL_KEYS.map((k) => `*.${k}`),
  'req.headers.authorization', 'req.headers.cookie',
  'err.detail', 'err.params', 'err.cause.detail', 'err.cause.params',
];

const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// +49 30 5550199, +1 (202) 555-0123, +4930555019 — an international number, 8 digits or more.
const PHONE = /\+\d(?:[\s().-]*\d){7,14}/g;
// drizzle's DrizzleQueryError: "Failed query: …\nparams: a@b.example,Ada,…", up to the line's end (an escaped \n or the string's quote).
const PARAMS = /params: (?:[^"\\]|\\[^n])*/g;

/** One written log line (JSON), with e-mail addresses, phone numbers and statement values cut out. */
export function scrubLogLine(line: string): string {
  return line.replace(PARAMS, `params: ${REDACTED}`).replace(EMAIL, '[email]').replace(PHONE, '[phone]');
}

/** A GraphQL error's message without the input values it quotes (`got invalid value {…}; …`, `found "…"`). */
export function withoutValues(message: string): string {
  return message
    .replace(/(got invalid value )[\s\S]*?(; |$)/g, '$1[value]$2')
    .replace(/(cannot represent (?:a )?non[- ][\w-]+ value: )[\s\S]*$/g, '$1[value]')
    .replace(/(found )[\s\S]*?(\.?$|; )/g, '$1[value]$2');
}

/** The options every pino logger of the store is made with (Fastify's, the worker's). */
export const privateLoggerOptions = {
  redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
  hooks: { streamWrite: scrubLogLine },
} satisfies LoggerOptions;
