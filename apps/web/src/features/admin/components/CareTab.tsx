import type { CareFlag, CarePlayer } from '@app/contracts';
import { CARE_NOTE_MAX, formatIstDateTime, PLAYER_REASON_MAX, validateCareNote, type BreakOption } from '@app/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { Spinner } from '../../../shared/ui/Spinner';
import type { CareFilter } from '../care-api';
import {
  careActionClosed,
  careActionOpened,
  careActionRequested,
  careRequested,
  type AdminCareState,
} from '../care.slice';
import { CARE_TEXTS } from '../care-texts';
import { checkReason, ReasonDialog, type ReasonCheck } from './ReasonDialog';
import './players.css';
import './care.css';

const selectCare = (state: { adminCare?: AdminCareState }) => state.adminCare;
const FILTERS: CareFilter[] = ['open', 'contacted', 'dismissed', 'all'];
const when = (iso: string) => formatIstDateTime(Date.parse(iso));

/**
 * Care tab (docs/care-signals.md): the players whose play shows harm markers (loss-chasing, play through the night,
 * deposits soon after losses, limits reached, limits loosened, a quick return from self-exclusion), each pattern with
 * its figures. The operator records contact or dismisses a flag with a note, or applies a break (24 hours to 6 weeks).
 */
export function CareTab() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectCare);
  const titleId = useId();
  const requested = useRef(false);
  useEffect(() => {
    // The open flags, once, when the tab is first shown.
    if (requested.current || !state || state.loaded) return;
    requested.current = true;
    dispatch(careRequested('open'));
  }, [dispatch, state]);

  if (!state) return null;
  const acting = state.acting;
  const actingPlayer = acting ? state.players.find((p) => p.userId === acting.action.userId) : undefined;

  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <div className="admin-section__head">
        <h2 id={titleId}>{CARE_TEXTS.title}</h2>
        {state.loading && <Spinner size="sm" label="Loading care flags" />}
      </div>
      <p className="muted care-intro">{CARE_TEXTS.intro}</p>
      <div className="care-filter" role="group" aria-label={CARE_TEXTS.filter}>
        {FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            className={`btn btn--ghost care-filter__option${state.filter === filter ? ' care-filter__option--active' : ''}`}
            aria-pressed={state.filter === filter}
            onClick={() => dispatch(careRequested(filter))}
          >
            {CARE_TEXTS.statuses[filter]}
          </button>
        ))}
      </div>
      {state.error && (
        <p className="pay-error" role="alert">
          {state.error}
        </p>
      )}
      {state.loaded && state.players.length === 0 && !state.error ? (
        <p className="admin-empty">{CARE_TEXTS.empty}</p>
      ) : (
        <ul className="players-list">
          {state.players.map((player) => (
            <CarePlayerCard key={player.userId} player={player} />
          ))}
        </ul>
      )}
      {acting && actingPlayer && <CareDialog player={actingPlayer} />}
    </section>
  );
}

function CarePlayerCard({ player }: { player: CarePlayer }) {
  const dispatch = useAppDispatch();
  const away = player.playBreak;
  return (
    <li className="players-card card care-card" aria-label={player.username} data-player-id={player.userId}>
      <div className="players-card__who">
        <strong>{player.username}</strong> <span className="muted">{player.email}</span>
        {away && (
          <span className="badge care-card__away" data-testid="care-play-break">
            {away.kind === 'exclusion'
              ? CARE_TEXTS.excluded
              : `${CARE_TEXTS.onBreak} ${away.until ? when(away.until) : ''}`}
          </span>
        )}
      </div>
      <ul className="care-flags" aria-label={`Flags of ${player.username}`}>
        {player.flags.map((flag) => (
          <CareFlagItem
            key={flag.id}
            flag={flag}
            onReview={(kind) => dispatch(careActionOpened({ kind, userId: player.userId, flagId: flag.id }))}
          />
        ))}
      </ul>
      <button
        type="button"
        className="btn btn--reject-solid"
        onClick={() => dispatch(careActionOpened({ kind: 'break', userId: player.userId }))}
      >
        {CARE_TEXTS.applyBreak}
      </button>
    </li>
  );
}

function CareFlagItem({ flag, onReview }: { flag: CareFlag; onReview: (kind: 'contacted' | 'dismissed') => void }) {
  const first = when(flag.firstSeenAt);
  const last = when(flag.lastSeenAt);
  return (
    <li className={`care-flag care-flag--${flag.status}`} aria-label={CARE_TEXTS.patterns[flag.pattern]}>
      <div className="care-flag__head">
        <strong>{CARE_TEXTS.patterns[flag.pattern]}</strong>
        <span className={`badge care-flag__status care-flag__status--${flag.status}`}>
          {CARE_TEXTS.flagStatus[flag.status]}
        </span>
      </div>
      <p className="care-flag__summary">{flag.summary}</p>
      <p className="muted care-flag__seen">{CARE_TEXTS.seen(first, last)}</p>
      {flag.note && flag.reviewedAt && (
        <p className="care-flag__note">
          <span className="muted">
            {CARE_TEXTS.reviewed(
              flag.status === 'dismissed' ? 'dismissed' : 'contacted',
              flag.reviewedBy,
              when(flag.reviewedAt),
            )}
            :{' '}
          </span>
          {flag.note}
        </p>
      )}
      <div className="care-flag__actions">
        <button type="button" className="btn btn--approve" onClick={() => onReview('contacted')}>
          {CARE_TEXTS.contacted}
        </button>
        {flag.status !== 'dismissed' && (
          <button type="button" className="btn btn--ghost" onClick={() => onReview('dismissed')}>
            {CARE_TEXTS.dismiss}
          </button>
        )}
      </div>
    </li>
  );
}

function CareDialog({ player }: { player: CarePlayer }) {
  const dispatch = useAppDispatch();
  const acting = useAppSelector(selectCare)!.acting!;
  const [option, setOption] = useState<BreakOption>('7d');
  const isBreak = acting.action.kind === 'break';
  const field = isBreak ? 'reason' : 'note';
  const title = isBreak
    ? CARE_TEXTS.breakTitle(player.username)
    : acting.action.kind === 'contacted'
      ? CARE_TEXTS.contactedTitle(player.username)
      : CARE_TEXTS.dismissTitle(player.username);
  const effect = isBreak
    ? CARE_TEXTS.breakNote
    : acting.action.kind === 'contacted'
      ? CARE_TEXTS.contactedNote
      : CARE_TEXTS.dismissNote;
  return (
    <ReasonDialog
      title={title}
      note={effect}
      label={isBreak ? CARE_TEXTS.reason : CARE_TEXTS.note}
      hint={isBreak ? CARE_TEXTS.reasonHint : CARE_TEXTS.noteHint}
      cancelLabel={CARE_TEXTS.cancel}
      submitLabel={
        isBreak ? CARE_TEXTS.applyBreak : acting.action.kind === 'dismissed' ? CARE_TEXTS.dismiss : CARE_TEXTS.save
      }
      submitClassName={`btn ${isBreak ? 'btn--reject-solid' : 'btn--approve'}`}
      maxLength={isBreak ? PLAYER_REASON_MAX : CARE_NOTE_MAX}
      validate={isBreak ? checkBreakReason : checkNote}
      pending={acting.pending}
      fieldError={acting.errors[field]}
      error={acting.errors[field] || acting.errors.option ? null : acting.error}
      onCancel={() => dispatch(careActionClosed())}
      onSubmit={(text) => dispatch(careActionRequested(isBreak ? { option, reason: text } : { note: text }))}
    >
      {isBreak && (
        <fieldset className="care-break-options">
          <legend className="field__label">{CARE_TEXTS.breakLength}</legend>
          {CARE_TEXTS.breakOptions.map(({ option: value, label }) => (
            <label key={value} className="care-break-option">
              <input
                type="radio"
                name="care-break-option"
                value={value}
                checked={option === value}
                onChange={() => setOption(value)}
              />{' '}
              {label}
            </label>
          ))}
          {acting.errors.option && (
            <p className="field__error" role="alert">
              {acting.errors.option}
            </p>
          )}
        </fieldset>
      )}
    </ReasonDialog>
  );
}

/** A break's reason is checked as a player action's reason is; the trimmed text is sent. */
function checkBreakReason(text: string): ReasonCheck {
  const checked = checkReason(text);
  return checked.ok ? { ok: true, value: text.trim() } : checked;
}

function checkNote(text: string): ReasonCheck {
  const checked = validateCareNote({ note: text });
  return checked.ok ? { ok: true, value: text.trim() } : { ok: false, error: checked.errors.note };
}
