import type {
  LimitKind,
  PlayerLimit,
  PlaySafelyView,
  RealityCheckMinutes,
  UpdatePlayerLimitsRequest,
} from '@app/contracts';
import {
  DEPOSIT_LIMIT_KINDS,
  formatIstDateTime,
  formatRupees,
  LOSS_LIMIT_KINDS,
  REALITY_CHECK_MINUTES,
} from '@app/domain';
import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { limitsSaveRequested } from '../play-safely.slice';
import { LIMIT_FIELD_LABELS, limitName, PLAY_SAFELY_TEXTS as T } from '../play-safely-texts';
import { selectPlaySafely } from '../selectors';

const shown = (kind: LimitKind, value: number | null) =>
  value === null ? T.noLimit : kind === 'sessionMinutes' ? T.minutes(value) : formatRupees(value).replace(/\.00$/, '');
const when = (iso: string) => formatIstDateTime(new Date(iso).getTime());

function LimitField({
  limit,
  value,
  onChange,
  error,
}: {
  limit: PlayerLimit;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const id = useId();
  const dispatch = useAppDispatch();
  const saving = useAppSelector(selectPlaySafely).saving;
  const hint = limit.kind === 'sessionMinutes' ? T.minutesHint : T.rupeesHint;
  return (
    <div className="limit-field">
      <label htmlFor={id} className="label">
        {LIMIT_FIELD_LABELS[limit.kind]}
        <span className="visually-hidden"> ({limitName(limit.kind)})</span>
      </label>
      <input
        id={id}
        className="limit-field__input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={T.noLimit}
        value={value}
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value.replace(/[^\d]/g, ''))}
      />
      <p id={`${id}-hint`} className="small muted limit-field__hint">
        {error ? (
          <span className="limit-field__error" role="alert">
            {error}
          </span>
        ) : limit.left !== null ? (
          T.left(formatRupees(limit.left), limit.resetsAt ? when(limit.resetsAt) : null)
        ) : (
          hint
        )}
      </p>
      {limit.pending && (
        <p className="small limit-field__pending" data-testid={`pending-${limit.kind}`}>
          {T.pending(shown(limit.kind, limit.pending.value), when(limit.pending.effectiveAt))}{' '}
          <button
            type="button"
            className="btn btn--link"
            disabled={saving}
            onClick={() => dispatch(limitsSaveRequested({ cancelPending: [limit.kind] }))}
          >
            {T.cancelPending}
            <span className="visually-hidden"> ({limitName(limit.kind)})</span>
          </button>
        </p>
      )}
    </div>
  );
}

/**
 * The limits and the reality-check interval, as a form: every limit in force shows in its field (empty: none), with
 * what it leaves now and any pending change (cancellable). Saving sends the fields that changed.
 */
export function LimitsForm({
  view,
  submitLabel = T.save,
  onSaved,
}: {
  view: PlaySafelyView;
  submitLabel?: string;
  onSaved?: () => void;
}) {
  const dispatch = useAppDispatch();
  const { saving, saveError, fieldErrors } = useAppSelector(selectPlaySafely);
  const initial = Object.fromEntries(
    view.limits.map((l) => [l.kind, l.value === null ? '' : String(l.value)]),
  ) as Record<LimitKind, string>;
  const [values, setValues] = useState(initial);
  const [reminder, setReminder] = useState<RealityCheckMinutes>(view.realityCheckMinutes);
  const byKind = new Map(view.limits.map((l) => [l.kind, l]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const limits: Partial<Record<LimitKind, number | null>> = {};
    for (const limit of view.limits) {
      const text = values[limit.kind] ?? '';
      const next = text === '' ? null : Number(text);
      if (next !== limit.value) limits[limit.kind] = next;
    }
    const body: UpdatePlayerLimitsRequest = { limits };
    if (reminder !== view.realityCheckMinutes) body.realityCheckMinutes = reminder;
    dispatch(limitsSaveRequested(body));
    onSaved?.();
  };

  const group = (title: string, kinds: readonly LimitKind[]) => (
    <fieldset className="limits-group">
      <legend className="limits-group__title">{title}</legend>
      {kinds.map((kind) => (
        <LimitField
          key={kind}
          limit={byKind.get(kind)!}
          value={values[kind]}
          error={fieldErrors[`limits.${kind}`]}
          onChange={(v) => setValues((all) => ({ ...all, [kind]: v }))}
        />
      ))}
    </fieldset>
  );

  return (
    <form className="limits-form card" onSubmit={submit} noValidate aria-label={T.limitsTitle}>
      <p className="small muted">{T.rule}</p>
      {group(T.groups.deposit, DEPOSIT_LIMIT_KINDS)}
      {group(T.groups.loss, LOSS_LIMIT_KINDS)}
      {group(T.groups.session, ['sessionMinutes'])}
      <fieldset className="limits-group">
        <legend className="limits-group__title">{T.realityCheckLegend}</legend>
        <div className="limits-reminder" role="radiogroup">
          {REALITY_CHECK_MINUTES.map((m) => (
            <label key={m} className="limits-reminder__choice">
              <input
                type="radio"
                name="reality-check"
                value={m}
                checked={reminder === m}
                onChange={() => setReminder(m)}
              />
              {T.minutes(m)}
            </label>
          ))}
        </div>
      </fieldset>
      {saveError && (
        <p className="pay-error" role="alert">
          {saveError}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={saving}>
        {saving ? T.saving : submitLabel}
      </button>
    </form>
  );
}
