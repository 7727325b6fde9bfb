import type { AdminPlayer } from '@app/contracts';
import { formatRupees, PLAYER_REASON_MAX, LIMIT_LABELS, formatIstDateTime, type LimitKind } from '@app/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { Spinner } from '../../../shared/ui/Spinner';
import {
  playerLimitsRequested,
  playerActionClosed,
  playerActionOpened,
  playerActionRequested,
  playerOverviewOpened,
  playersRequested,
  type AdminPlayersState,
} from '../players.slice';
import { PLAYERS_TEXTS } from '../players-texts';
import { PLAYER_VIEW_TEXTS } from '../review-texts';
import { checkReason, ReasonDialog } from './ReasonDialog';
import { PlayerOverviewDialog } from './PlayerOverviewDialog';
import './players.css';

const selectPlayers = (state: { adminPlayers?: AdminPlayersState }) => state.adminPlayers;

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

/**
 * Players tab: find a player by username, e-mail or id (or list the suspended ones), then suspend or reinstate them
 * with a reason. The dialog says what a suspension does before it is done; the reason is audited with the admin's name.
 */
export function PlayersTab() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectPlayers);
  const [q, setQ] = useState(state?.query.q ?? '');
  const [suspendedOnly, setSuspendedOnly] = useState(state?.query.suspendedOnly ?? false);
  const titleId = useId();

  const requested = useRef(false);
  useEffect(() => {
    // The newest players, once, when the tab is first shown.
    if (requested.current || !state || state.loaded) return;
    requested.current = true;
    dispatch(playersRequested({ q: '', suspendedOnly: false }));
  }, [dispatch, state]);

  if (!state) return null;
  const search = (event?: FormEvent, only = suspendedOnly) => {
    event?.preventDefault();
    dispatch(playersRequested({ q, suspendedOnly: only }));
  };
  const acting = state.acting;
  const actingPlayer = acting ? state.players.find((p) => p.id === acting.userId) : undefined;

  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <div className="admin-section__head">
        <h2 id={titleId}>{PLAYERS_TEXTS.title}</h2>
        {state.loading && <Spinner size="sm" label="Loading players" />}
      </div>
      <form className="players-search" role="search" onSubmit={search}>
        <input
          type="search"
          aria-label={PLAYERS_TEXTS.search}
          placeholder={PLAYERS_TEXTS.search}
          value={q}
          maxLength={100}
          onChange={(e) => setQ(e.target.value)}
        />
        <label className="players-search__only">
          <input
            type="checkbox"
            checked={suspendedOnly}
            onChange={(e) => {
              setSuspendedOnly(e.target.checked);
              search(undefined, e.target.checked);
            }}
          />{' '}
          {PLAYERS_TEXTS.suspendedOnly}
        </label>
        <button type="submit" className="btn btn--primary">
          {PLAYERS_TEXTS.searchButton}
        </button>
      </form>
      {state.error && (
        <p className="pay-error" role="alert">
          {state.error}
        </p>
      )}
      {state.loaded && state.players.length === 0 && !state.error ? (
        <p className="admin-empty">{PLAYERS_TEXTS.empty}</p>
      ) : (
        <ul className="players-list">
          {state.players.map((player) => (
            <PlayerCard
              key={player.id}
              player={player}
              onAct={(action) => dispatch(playerActionOpened({ userId: player.id, action }))}
            />
          ))}
        </ul>
      )}
      {acting && actingPlayer && <PlayerActionDialog player={actingPlayer} />}
      <PlayerOverviewDialog />
    </section>
  );
}

function PlayerCard({ player, onAct }: { player: AdminPlayer; onAct: (action: 'suspend' | 'reinstate') => void }) {
  const suspended = player.status === 'suspended';
  return (
    <li
      className={`players-card card${suspended ? ' players-card--suspended' : ''}`}
      data-player-id={player.id}
      aria-label={player.username}
    >
      <div className="players-card__who">
        <strong>{player.username}</strong> <span className="muted">{player.email}</span>
        <span className={`badge players-card__status players-card__status--${player.status}`}>
          {PLAYERS_TEXTS.status[player.status] ?? player.status}
        </span>
      </div>
      <dl className="review-details players-card__facts">
        <div>
          <dt>{PLAYERS_TEXTS.balance}</dt>
          <dd>{formatRupees(player.balance)}</dd>
        </div>
        <div>
          <dt>{PLAYERS_TEXTS.bonus}</dt>
          <dd>{formatRupees(player.bonusBalance)}</dd>
        </div>
        <div>
          <dt>{PLAYERS_TEXTS.joined}</dt>
          <dd>{dateOf(player.createdAt)}</dd>
        </div>
        {player.playBreak && (
          <div data-testid="player-play-break">
            <dt>{PLAYERS_TEXTS.playBreak[player.playBreak.kind]}</dt>
            <dd>{PLAYERS_TEXTS.playBreakUntil(player.playBreak)}</dd>
          </div>
        )}
        {suspended && player.suspendedAt && (
          <div>
            <dt>{PLAYERS_TEXTS.suspendedSince}</dt>
            <dd>
              {dateOf(player.suspendedAt)}
              {player.suspensionReason ? ` · ${player.suspensionReason}` : ''}
            </dd>
          </div>
        )}
      </dl>
      <PlayerLimits userId={player.id} />
      <PlayerViewButton player={player} />
      <button
        type="button"
        className={`btn ${suspended ? 'btn--approve' : 'btn--reject-solid'}`}
        onClick={() => onAct(suspended ? 'reinstate' : 'suspend')}
      >
        {suspended ? PLAYERS_TEXTS.reinstate : PLAYERS_TEXTS.suspend}
      </button>
    </li>
  );
}

/** Opens the player view (balances, ledger, claims, bets, limits) of this player. */
function PlayerViewButton({ player }: { player: AdminPlayer }) {
  const dispatch = useAppDispatch();
  return (
    <button
      type="button"
      className="btn btn--ghost"
      aria-label={PLAYER_VIEW_TEXTS.open(player.username)}
      onClick={() => dispatch(playerOverviewOpened({ userId: player.id, username: player.username }))}
    >
      {PLAYERS_TEXTS.view}
    </button>
  );
}

/** The player's own limits, read-only, loaded when the operator opens them. */
function PlayerLimits({ userId }: { userId: string }) {
  const dispatch = useAppDispatch();
  const entry = useAppSelector(selectPlayers)?.limits[userId];
  const view = entry?.view;
  return (
    <details
      className="players-card__limits"
      onToggle={(event) => {
        if ((event.target as HTMLDetailsElement).open && !entry?.loading) dispatch(playerLimitsRequested(userId));
      }}
    >
      <summary>{PLAYERS_TEXTS.limits}</summary>
      {entry?.loading && !view && <Spinner size="sm" label="Loading limits" />}
      {entry?.error && (
        <p className="pay-error" role="alert">
          {entry.error}
        </p>
      )}
      {view && (
        <>
          <p className="muted">{PLAYERS_TEXTS.limitsNote}</p>
          <dl className="review-details" aria-label={PLAYERS_TEXTS.limits}>
            {view.limits.map((limit) => (
              <div key={limit.kind}>
                <dt>{LIMIT_LABELS[limit.kind]}</dt>
                <dd>
                  {limit.value === null ? PLAYERS_TEXTS.noLimit : limitValue(limit.kind, limit.value)}
                  {limit.left !== null ? ` · ${formatRupees(limit.left)} left` : ''}
                  {limit.pending
                    ? ` · changes to ${limit.pending.value === null ? PLAYERS_TEXTS.noLimit : limitValue(limit.kind, limit.pending.value)} on ${formatIstDateTime(Date.parse(limit.pending.effectiveAt))}`
                    : ''}
                </dd>
              </div>
            ))}
            <div>
              <dt>{PLAYERS_TEXTS.realityCheck}</dt>
              <dd>{view.realityCheckMinutes} min</dd>
            </div>
            {view.pausedUntil && (
              <div>
                <dt>{PLAYERS_TEXTS.pausedUntil}</dt>
                <dd>{formatIstDateTime(Date.parse(view.pausedUntil))}</dd>
              </div>
            )}
          </dl>
        </>
      )}
    </details>
  );
}

const limitValue = (kind: LimitKind, value: number) =>
  kind === 'sessionMinutes' ? `${value} min` : formatRupees(value);

function PlayerActionDialog({ player }: { player: AdminPlayer }) {
  const dispatch = useAppDispatch();
  const acting = useAppSelector(selectPlayers)!.acting!;
  const suspend = acting.action === 'suspend';
  return (
    <ReasonDialog
      title={suspend ? PLAYERS_TEXTS.suspendTitle(player.username) : PLAYERS_TEXTS.reinstateTitle(player.username)}
      note={suspend ? PLAYERS_TEXTS.suspendNote : PLAYERS_TEXTS.reinstateNote}
      label={PLAYERS_TEXTS.reason}
      hint={PLAYERS_TEXTS.reasonHint}
      cancelLabel={PLAYERS_TEXTS.cancel}
      submitLabel={suspend ? PLAYERS_TEXTS.suspend : PLAYERS_TEXTS.reinstate}
      submitClassName={`btn ${suspend ? 'btn--reject-solid' : 'btn--approve'}`}
      maxLength={PLAYER_REASON_MAX}
      validate={checkReason}
      pending={acting.pending}
      fieldError={acting.errors.reason}
      error={acting.errors.reason ? null : acting.error}
      onCancel={() => dispatch(playerActionClosed())}
      onSubmit={(reason) => dispatch(playerActionRequested({ reason }))}
    />
  );
}
