import type { InputHTMLAttributes } from 'react';
import { FieldError, fieldErrors } from './form-errors.tsx';
import type { BusinessErrorFields } from '../data/error-messages.ts';

/** A labelled input whose server errors show under it (aria-invalid, aria-describedby); its value is never cleared by an error. */
export function Field({ name, label, errors, operation, ...input }: {
  name: string; label: string; errors: BusinessErrorFields[]; operation: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const mine = fieldErrors(errors, name);
  const id = `field-${name}`;
  return (
    <div className={`field${mine.length ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}{input.required ? <span aria-hidden="true"> *</span> : null}</label>
      <input id={id} name={name} aria-invalid={mine.length ? true : undefined} aria-describedby={mine.length ? `${id}-error` : undefined} {...input} />
      <FieldError id={`${id}-error`} errors={mine} operation={operation} />
    </div>
  );
}
