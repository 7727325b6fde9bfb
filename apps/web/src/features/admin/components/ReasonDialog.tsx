import { validatePlayerActionReason } from '@app/domain';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import './players.css';

/** The text checked as the server checks it: the value to send, or the message to show under the field. */
export type ReasonCheck = { ok: true; value: string } | { ok: false; error?: string };

interface Props {
  title: string;
  /** What the action does, said before it is done (the dialog's description). */
  note: string;
  label: string;
  /** Shown under the field while it has no error. */
  hint: string;
  cancelLabel: string;
  submitLabel: string;
  /** The submit button's classes, e.g. `btn btn--reject-solid`. */
  submitClassName: string;
  maxLength: number;
  validate: (text: string) => ReasonCheck;
  pending: boolean;
  /** The server's message about the field. */
  fieldError?: string | null;
  /** The server's message about the request, shown under the field (null when it is shown elsewhere). */
  error?: string | null;
  /** Further fields, between the note and the text (e.g. the length of a break). */
  children?: ReactNode;
  onCancel: () => void;
  onSubmit: (value: string) => void;
}

/**
 * An admin action that needs a written reason or note: the title, what the action does, the text (focused on open,
 * checked on submit as the server checks it), the server's errors, Cancel and the action. Escape or Cancel steps back,
 * and focus returns to the button that opened it.
 */
export function ReasonDialog({
  title,
  note,
  label,
  hint,
  cancelLabel,
  submitLabel,
  submitClassName,
  maxLength,
  validate,
  pending,
  fieldError,
  error: serverError,
  children,
  onCancel,
  onSubmit,
}: Props) {
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const titleId = useId();
  const bodyId = useId();
  const fieldId = useId();
  const errorId = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    fieldRef.current?.focus({ preventScroll: true });
    return () => opener?.focus?.();
  }, []);
  const checked = validate(text);
  const error = (tried && !checked.ok ? checked.error : undefined) ?? fieldError ?? null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!checked.ok || pending) return;
    onSubmit(checked.value);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onCancel();
  };
  return (
    <div className="review-confirm__backdrop" onKeyDown={onKeyDown}>
      <form
        className="review-confirm"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onSubmit={submit}
        noValidate
      >
        <h2 id={titleId} className="review-confirm__title">
          {title}
        </h2>
        <p id={bodyId} className="review-confirm__effect">
          {note}
        </p>
        {children}
        <label htmlFor={fieldId} className="field__label">
          {label}
        </label>
        <textarea
          ref={fieldRef}
          id={fieldId}
          className="players-reason"
          value={text}
          rows={3}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {error ? (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        ) : (
          <p className="field__hint muted">{hint}</p>
        )}
        {serverError && (
          <p className="pay-error" role="alert">
            {serverError}
          </p>
        )}
        <div className="review-confirm__actions">
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="submit" className={submitClassName} disabled={pending}>
            {submitLabel}
          </button>
        </div>
      </form>
    </div>
  );
}

/** A player action's reason (suspend, reinstate, reject an identity, apply a break), checked as the server checks it. */
export function checkReason(text: string): ReasonCheck {
  const checked = validatePlayerActionReason({ reason: text });
  return checked.ok ? { ok: true, value: checked.value.reason } : { ok: false, error: checked.errors.reason };
}
