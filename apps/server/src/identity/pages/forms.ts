import { esc } from './html.ts';

export interface FieldSpec {
  name: string;
  type: 'email' | 'password' | 'text';
  label: string;
  autocomplete: string;
  /** What was typed, shown again after an error (never for passwords). */
  value?: string;
  hint?: string;
  /** The field's own error message. */
  error?: string | undefined;
  /** Ids of other messages that concern this field (e.g. the form's alert). */
  describedBy?: string[];
  maxLength?: number;
  autofocus?: boolean;
}

/** A labelled input with its hint and error tied to it (aria-describedby), in reading and tab order. */
export function field(f: FieldSpec): string {
  const id = `f-${f.name}`;
  const described = [...(f.hint ? [`${id}-hint`] : []), ...(f.error ? [`${id}-error`] : []), ...(f.describedBy ?? [])];
  const invalid = Boolean(f.error) || Boolean(f.describedBy?.length);
  const value = f.type === 'password' ? '' : (f.value ?? '');
  return `<div class="field">
<label for="${id}">${esc(f.label)}</label>
${f.hint ? `<p class="hint" id="${id}-hint">${esc(f.hint)}</p>` : ''}
<input id="${id}" name="${f.name}" type="${f.type}" autocomplete="${f.autocomplete}" required${value ? ` value="${esc(value)}"` : ''}${f.maxLength ? ` maxlength="${f.maxLength}"` : ''}${f.type === 'email' ? ' inputmode="email" autocapitalize="none" spellcheck="false"' : ''}${invalid ? ' aria-invalid="true"' : ''}${described.length ? ` aria-describedby="${described.join(' ')}"` : ''}${f.autofocus ? ' autofocus' : ''}>
${f.error ? `<p class="error" id="${id}-error">${esc(f.error)}</p>` : ''}
</div>`;
}

/** A message about the whole form, announced when the page loads after a submission. */
export function alert(id: string, message: string): string {
  return `<div class="alert" id="${id}" role="alert"><p>${esc(message)}</p></div>`;
}

export function notice(message: string): string {
  return `<div class="notice" role="status"><p>${esc(message)}</p></div>`;
}

export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`;
}

export function links(items: Array<{ href: string; text: string; before?: string }>): string {
  return `<ul class="links">${items.map((i) => `<li>${i.before ? `${esc(i.before)} ` : ''}<a href="${esc(i.href)}">${esc(i.text)}</a></li>`).join('')}</ul>`;
}
