/**
 * Shape of a multi-field validation. Single-field validators return the message or null; form validators return
 * every field's message (for errors under each input, live while typing), the first message in the order the
 * rules are checked (for a single banner or a server response), and on success the normalised value to submit
 * or store — so the client and the server send and accept exactly the same thing.
 */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type FormResult<F extends string, V> =
  | { readonly ok: true; readonly value: V; readonly errors: FieldErrors<F>; readonly error: null }
  | { readonly ok: false; readonly value: null; readonly errors: FieldErrors<F>; readonly error: string };

/** Collects field errors in check order; the first one added is the form's error, one message per field. */
export class FieldErrorCollector<F extends string> {
  private readonly errors: FieldErrors<F> = {};
  private first: string | null = null;

  add(field: F, message: string | null | undefined): void {
    if (!message || this.errors[field] !== undefined) return;
    this.errors[field] = message;
    this.first ??= message;
  }

  has(field: F): boolean {
    return this.errors[field] !== undefined;
  }

  result<V>(value: () => V): FormResult<F, V> {
    if (this.first !== null) return { ok: false, value: null, errors: { ...this.errors }, error: this.first };
    return { ok: true, value: value(), errors: {}, error: null };
  }
}

/** A text input's value trimmed; null and undefined become ''. */
export function trimmed(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * A text field of a request body (or a form): undefined and null are absent (''), a string is trimmed, anything
 * else (a number, a boolean, an object) is the wrong type, which the caller refuses with the field's message.
 */
export function requestText(value: unknown): { readonly text: string; readonly wrongType: boolean } {
  if (value === undefined || value === null) return { text: '', wrongType: false };
  if (typeof value === 'string') return { text: value.trim(), wrongType: false };
  return { text: '', wrongType: true };
}
