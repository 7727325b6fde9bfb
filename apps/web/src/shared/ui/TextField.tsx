import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the input, and the input is marked invalid. */
  error?: string | null;
  hint?: ReactNode;
  /** Ids of other elements describing the input (e.g. a form-level alert). */
  describedBy?: string;
  /** Marks the input invalid without a message of its own (the message is elsewhere, see describedBy). */
  invalid?: boolean;
  id?: string;
}

/** A labelled input with its error underneath, announced with the input. */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  describedBy,
  invalid,
  id,
  className,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? `field-${autoId}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedByIds = [error ? errorId : null, hint ? hintId : null, describedBy ?? null].filter(Boolean).join(' ');
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        {...input}
        id={inputId}
        className="field__input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedByIds || undefined}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
