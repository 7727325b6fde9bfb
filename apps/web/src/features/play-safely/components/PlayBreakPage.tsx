import { playBreakEnd, playBreakKind, type PlayBreakOption } from '@app/domain';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { Screen } from '../../../shared/ui/Screen';
import { playBreakRequested, playBreakTakeReset } from '../play-break.slice';
import { playSafelyDateTime } from '../format';
import { BREAK_CHOICES, EXCLUSION_CHOICES } from '../play-break-texts';

interface ConfirmProps {
  option: PlayBreakOption;
  endsAtMs: number;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks once, with the end date in IST; Escape or Cancel steps back. */
function ConfirmDialog({ option, endsAtMs, pending, error, onConfirm, onCancel }: ConfirmProps) {
  const { t } = useT();
  const titleId = useId();
  const bodyId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    return () => opener?.focus?.();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !pending) onCancel();
  };
  return (
    <div className="play-break-confirm__backdrop" onKeyDown={onKeyDown}>
      <div
        className="play-break-confirm"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
      >
        <h2 id={titleId} className="play-break-confirm__title">
          {t(playBreakKind(option) === 'break' ? 'playBreak.confirmBreak' : 'playBreak.confirmExclusion', {
            length: t(`playBreak.options.${option}`),
          })}
        </h2>
        <div id={bodyId}>
          <p className="play-break-confirm__end">
            {t(playBreakKind(option) === 'break' ? 'playBreak.breakEnds' : 'playBreak.exclusionEnds', {
              end: playSafelyDateTime(endsAtMs),
            })}
          </p>
          <p className="muted">{t('playBreak.confirmWarning')}</p>
        </div>
        {error && (
          <p className="form-alert" role="alert">
            {translateServerMessage(error)}
          </p>
        )}
        <div className="play-break-confirm__actions">
          <button ref={cancelRef} type="button" className="btn btn--ghost" onClick={onCancel} disabled={pending}>
            {t('playBreak.cancel')}
          </button>
          <button type="button" className="btn btn--primary" onClick={onConfirm} disabled={pending} aria-busy={pending}>
            {t('playBreak.confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * /play-safely/break: "Take a break or exclude yourself". Seven choices in two groups; Continue opens a dialog with
 * the end date (IST) to confirm once; once confirmed the server ends every session and the player is logged out
 * (the login page then says until when).
 */
export function PlayBreakPage() {
  const dispatch = useAppDispatch();
  const { t } = useT();
  const { status, error } = useAppSelector((state) => state.playBreak.take);
  const [option, setOption] = useState<PlayBreakOption | null>(null);
  const [confirming, setConfirming] = useState<{ option: PlayBreakOption; endsAtMs: number } | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const introId = useId();

  useEffect(() => () => void dispatch(playBreakTakeReset()), [dispatch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!option) {
      setHint(t('playBreak.chooseFirst'));
      return;
    }
    setConfirming({ option, endsAtMs: playBreakEnd(option, Date.now()) });
  };

  const choices = (legend: string, note: string, list: typeof BREAK_CHOICES | typeof EXCLUSION_CHOICES) => (
    <fieldset className="play-break__group">
      <legend className="play-break__legend">{legend}</legend>
      <p className="muted small">{note}</p>
      <div className="play-break__options">
        {list.map(({ option: value }) => (
          <label key={value} className={`play-break__option${option === value ? ' play-break__option--selected' : ''}`}>
            <input
              type="radio"
              name="play-break-option"
              value={value}
              checked={option === value}
              onChange={() => {
                setOption(value);
                setHint(null);
              }}
            />
            <span>{t(`playBreak.options.${value}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );

  return (
    <Screen title={t('playBreak.title')} showBack className="play-break">
      <h1 className="play-break__title">{t('playBreak.title')}</h1>
      <p id={introId} className="play-break__intro">
        {t('playBreak.intro')}
      </p>
      <form onSubmit={submit} aria-describedby={introId} noValidate>
        {choices(t('playBreak.breakLegend'), t('playBreak.breakHint'), BREAK_CHOICES)}
        {choices(t('playBreak.exclusionLegend'), t('playBreak.exclusionHint'), EXCLUSION_CHOICES)}
        {hint && (
          <p className="form-alert" role="alert">
            {hint}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block">
          {t('playBreak.continue')}
        </button>
      </form>
      {confirming && (
        <ConfirmDialog
          option={confirming.option}
          endsAtMs={confirming.endsAtMs}
          pending={status === 'loading'}
          error={status === 'failure' ? error : null}
          onConfirm={() => dispatch(playBreakRequested(confirming.option))}
          onCancel={() => {
            setConfirming(null);
            dispatch(playBreakTakeReset());
          }}
        />
      )}
    </Screen>
  );
}
