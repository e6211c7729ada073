import type { AdminError } from '../builder.ts';

/**
 * Reads the date fields of a console input (ISO strings): the dates, or the per-field errors of those that are not
 * dates, so a resolver refuses them with the rest of the form's errors instead of saving a half-read change.
 */
export function readDates<K extends string>(input: Partial<Record<K, string | null | undefined>>, fields: readonly K[]): { dates: Record<K, Date | null>; errors: AdminError[] } {
  const dates = {} as Record<K, Date | null>;
  const errors: AdminError[] = [];
  for (const field of fields) {
    const text = input[field]?.trim();
    dates[field] = text && !Number.isNaN(Date.parse(text)) ? new Date(text) : null;
    if (text && !dates[field]) errors.push({ field, code: 'INVALID', message: 'A date and time, e.g. 2027-01-31T23:59:59Z' });
  }
  return { dates, errors };
}
