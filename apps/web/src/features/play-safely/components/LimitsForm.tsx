import type {
  LimitKind,
  PlayerLimit,
  PlaySafelyView,
  RealityCheckMinutes,
  UpdatePlayerLimitsRequest,
} from '@app/contracts';
import { DEPOSIT_LIMIT_KINDS, LOSS_LIMIT_KINDS, REALITY_CHECK_MINUTES } from '@app/domain';
import { useId, useState, type FormEvent } from 'react';
import { i18n, useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';
import { formatRupees } from '../../../shared/money';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { playSafelyDateTime } from '../format';
import { limitsSaveRequested } from '../play-safely.slice';
import { selectPlaySafely } from '../selectors';

const shown = (kind: LimitKind, value: number | null) =>
  value === null
    ? i18n.t('playSafely.noLimit')
    : kind === 'sessionMinutes'
      ? i18n.t('playSafely.minutes', { minutes: value })
      : formatRupees(value).replace(/\.00$/, '');
const when = (iso: string) => playSafelyDateTime(new Date(iso).getTime());

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
  const { t } = useT();
  const dispatch = useAppDispatch();
  const saving = useAppSelector(selectPlaySafely).saving;
  const hint = limit.kind === 'sessionMinutes' ? t('playSafely.minutesHint') : t('playSafely.rupeesHint');
  const name = t(`playSafely.limitNames.${limit.kind}`);
  return (
    <div className="limit-field">
      <label htmlFor={id} className="label">
        {t(`playSafely.fields.${limit.kind}`)}
        <span className="visually-hidden"> ({name})</span>
      </label>
      <input
        id={id}
        className="limit-field__input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('playSafely.noLimit')}
        value={value}
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value.replace(/[^\d]/g, ''))}
      />
      <p id={`${id}-hint`} className="small muted limit-field__hint">
        {error ? (
          <span className="limit-field__error" role="alert">
            {translateServerMessage(error)}
          </span>
        ) : limit.left !== null ? (
          limit.resetsAt ? (
            t('playSafely.leftUntil', { left: formatRupees(limit.left), until: when(limit.resetsAt) })
          ) : (
            t('playSafely.left', { left: formatRupees(limit.left) })
          )
        ) : (
          hint
        )}
      </p>
      {limit.pending && (
        <p className="small limit-field__pending" data-testid={`pending-${limit.kind}`}>
          {t('playSafely.pending', {
            value: shown(limit.kind, limit.pending.value),
            at: when(limit.pending.effectiveAt),
          })}{' '}
          <button
            type="button"
            className="btn btn--link"
            disabled={saving}
            onClick={() => dispatch(limitsSaveRequested({ cancelPending: [limit.kind] }))}
          >
            {t('playSafely.cancelPending')}
            <span className="visually-hidden"> ({name})</span>
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
  submitLabel,
  onSaved,
}: {
  view: PlaySafelyView;
  submitLabel?: string;
  onSaved?: () => void;
}) {
  const dispatch = useAppDispatch();
  const { t } = useT();
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
    <form className="limits-form card" onSubmit={submit} noValidate aria-label={t('playSafely.limitsTitle')}>
      <p className="small muted">{t('playSafely.rule')}</p>
      {group(t('playSafely.groups.deposit'), DEPOSIT_LIMIT_KINDS)}
      {group(t('playSafely.groups.loss'), LOSS_LIMIT_KINDS)}
      {group(t('playSafely.groups.session'), ['sessionMinutes'])}
      <fieldset className="limits-group">
        <legend className="limits-group__title">{t('playSafely.realityCheckLegend')}</legend>
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
              {t('playSafely.minutes', { minutes: m })}
            </label>
          ))}
        </div>
      </fieldset>
      {saveError && (
        <p className="pay-error" role="alert">
          {translateServerMessage(saveError)}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={saving}>
        {saving ? t('playSafely.saving') : (submitLabel ?? t('playSafely.save'))}
      </button>
    </form>
  );
}
