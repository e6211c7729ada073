import type { InputHTMLAttributes } from 'react';

/** Refused fields by name, as the server gave them (its field names mapped to the form's). */
export type FieldErrors = Record<string, string>;

/** The server's per-field refusals keyed by the form's field names; a refusal without a field goes under `form`. */
export function fieldErrors(errors: Array<{ field: string | null; message: string }>, rename: Record<string, string> = {}): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    const key = e.field ? (rename[e.field] ?? e.field) : 'form';
    out[key] = out[key] ? `${out[key]} ${e.message}` : e.message;
  }
  return out;
}

/** A labelled input whose refusal is shown under it and announced with it (aria-describedby). */
export function TextField({ id, label, value, onChange, error, hint, ...props }: {
  id: string; label: string; value: string; onChange: (value: string) => void; error?: string; hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? <span className="hint" id={`${id}-hint`}>{hint}</span> : null}
      <input id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={described} {...props} />
      {error ? <p className="error" id={`${id}-error`}>{error}</p> : null}
    </div>
  );
}

/** A group of checkboxes under one legend (storefront pages, kinds of purchase). */
export function Checkboxes({ id, legend, options, value, onChange, error, disabled, label = (o) => o }: {
  id: string; legend: string; options: string[]; value: string[]; onChange: (value: string[]) => void; error?: string; disabled?: boolean;
  /** An option's words (the option itself when left out). */
  label?: (option: string) => string;
}) {
  return (
    <fieldset className={`field choices${error ? ' invalid' : ''}`} aria-describedby={error ? `${id}-error` : undefined} disabled={disabled}>
      <legend>{legend}</legend>
      <div className="choice-list">
        {options.map((o) => (
          <label key={o} className="choice">
            <input type="checkbox" checked={value.includes(o)} onChange={(e) => onChange(e.target.checked ? [...value, o] : value.filter((v) => v !== o))} /> {label(o)}
          </label>
        ))}
      </div>
      {error ? <p className="error" id={`${id}-error`}>{error}</p> : null}
    </fieldset>
  );
}

/** "DE, AT" or one per line → ["DE", "AT"]. */
export const listOf = (text: string, upper = false) => text.split(/[\s,;]+/).map((s) => (upper ? s.trim().toUpperCase() : s.trim())).filter(Boolean);

/** A date input's value (UTC) from an ISO time, and back: a start at 00:00:00, an end at 23:59:59 UTC. */
export const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
export const isoOf = (day: string, end: boolean) => (day ? `${day}T${end ? '23:59:59' : '00:00:00'}Z` : null);
