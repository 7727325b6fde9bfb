import { DISPUTE_TEXT_MAX, validateDisputeText } from '@app/domain';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { disputeFormClosed, disputeFormOpened, disputeOpenRequested, type DisputeSubjectRef } from '../disputes.slice';
import { disputeWords as words } from '../dispute-words';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';

/** The 'Dispute' button of a bet or a transaction: opens the form about it. */
export function DisputeButton({ subject }: { subject: DisputeSubjectRef }) {
  const dispatch = useAppDispatch();
  useT();
  return (
    <button
      type="button"
      className="btn btn--ghost dispute-button"
      onClick={() => dispatch(disputeFormOpened(subject))}
    >
      {words.open}
    </button>
  );
}

/**
 * The dispute form, shown over the screen while one is open: what it is about (the bet's round, whose proof goes
 * with it, or the transaction), the text (10–1000 characters, checked as the server checks it) and the SLA.
 */
export function DisputeForm() {
  const dispatch = useAppDispatch();
  const form = useAppSelector((s) => s.disputes.form);
  if (!form) return null;
  return (
    <DisputeDialog
      key={`${form.subject.type}:${form.subject.id}`}
      subject={form.subject}
      onClose={() => dispatch(disputeFormClosed())}
    />
  );
}

function DisputeDialog({ subject, onClose }: { subject: DisputeSubjectRef; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const form = useAppSelector((s) => s.disputes.form)!;
  useT();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const titleId = useId();
  const aboutId = useId();
  const fieldId = useId();
  const errorId = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    fieldRef.current?.focus({ preventScroll: true });
    return () => opener?.focus?.();
  }, []);
  const localError = validateDisputeText(text);
  const error = (tried ? localError : null) ?? form.errors.message ?? null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (localError || form.pending) return;
    dispatch(disputeOpenRequested({ message: text.trim() }));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };
  return (
    <div className="review-confirm__backdrop" onKeyDown={onKeyDown}>
      <form
        className="review-confirm dispute-form"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={aboutId}
        onSubmit={submit}
        noValidate
      >
        <h2 id={titleId} className="review-confirm__title">
          {words.formTitle}
        </h2>
        <p id={aboutId} className="review-confirm__effect">
          {subject.type === 'bet' ? words.aboutBet(subject.label) : words.aboutTransaction(subject.label)}
        </p>
        <label htmlFor={fieldId} className="field__label">
          {words.label}
        </label>
        <textarea
          ref={fieldRef}
          id={fieldId}
          className="dispute-form__text"
          value={text}
          rows={4}
          maxLength={DISPUTE_TEXT_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <p className="field__hint muted dispute-form__counter">{words.counter([...text.trim()].length)}</p>
        {error && (
          <p id={errorId} className="field__error" role="alert">
            {translateServerMessage(error)}
          </p>
        )}
        {form.error && !form.errors.message && (
          <p className="pay-error" role="alert">
            {translateServerMessage(form.error)}
          </p>
        )}
        <p className="muted dispute-form__sla">{words.sla}</p>
        <div className="review-confirm__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {words.cancel}
          </button>
          <button type="submit" className="btn btn--primary" disabled={form.pending}>
            {words.submit}
          </button>
        </div>
      </form>
    </div>
  );
}
