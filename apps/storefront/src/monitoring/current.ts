import type { ErrorReporter } from './reporter.ts';

let current: ErrorReporter | null = null;

/** The page's reporter (set by the browser entry; the server logs its own failures). */
export function setReporter(reporter: ErrorReporter): void {
  current = reporter;
}

/** Reports and logs an error; returns the id the error screen shows, or null where nothing reports. */
export function reportError(error: unknown, context?: Record<string, string | number | boolean | null>): string | null {
  console.error(error);
  return current ? current.report(error, context) : null;
}
