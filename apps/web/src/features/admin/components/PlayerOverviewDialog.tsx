import type { AdminLedgerEntry, AdminPlayerClaim, AdminPlayerOverview, Bet } from '@app/contracts';
import {
  formatIstDateTime,
  formatRupees,
  LIMIT_LABELS,
  methodLabel,
  STATEMENT_KIND_LABELS,
  type LimitKind,
} from '@app/domain';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { Spinner } from '../../../shared/ui/Spinner';
import { StatusChip } from '../../wallet/components/StatusChip';
import { formatDateTime } from '../../wallet/format';
import { playerOverviewClosed, type AdminPlayersState } from '../players.slice';
import { PLAYERS_TEXTS } from '../players-texts';
import './players.css';

const T = PLAYERS_TEXTS.overview;
const selectOverview = (state: { adminPlayers?: AdminPlayersState }) => state.adminPlayers?.overview ?? null;

/** A signed rupee movement: '+₹2,000.00' / '−₹600.00'. */
const signed = (rupees: number) => (rupees < 0 ? `−${formatRupees(-rupees)}` : `+${formatRupees(rupees)}`);
const limitValue = (kind: LimitKind, value: number) =>
  kind === 'sessionMinutes' ? `${value} min` : formatRupees(value);

/**
 * The player view, one click from any claim: the account and its balances, the player's own limits and any break or
 * self-exclusion (read-only), and the newest ledger entries, deposits and withdrawals, and bets. Opens over the
 * console; Escape or Close steps back to the claim.
 */
export function PlayerOverviewDialog() {
  const dispatch = useAppDispatch();
  const overview = useAppSelector(selectOverview);
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const open = overview !== null;
  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus({ preventScroll: true });
    return () => opener?.focus?.();
  }, [open]);
  if (!overview) return null;
  const close = () => dispatch(playerOverviewClosed());
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };
  return (
    <div className="review-confirm__backdrop" onKeyDown={onKeyDown}>
      <div className="review-confirm player-view" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="player-view__head">
          <h2 id={titleId} className="review-confirm__title">
            {T.title(overview.username)}
          </h2>
          <button ref={closeRef} type="button" className="btn btn--ghost" onClick={close}>
            {T.close}
          </button>
        </div>
        {overview.loading && !overview.data && <Spinner size="sm" label={T.loading} />}
        {overview.error && (
          <p className="pay-error" role="alert">
            {overview.error}
          </p>
        )}
        {overview.data && <OverviewBody data={overview.data} />}
      </div>
    </div>
  );
}

function OverviewBody({ data }: { data: AdminPlayerOverview }) {
  const { player, limits } = data;
  return (
    <>
      <section className="player-view__section" aria-label={T.balances}>
        <dl className="review-details">
          <div>
            <dt>{T.main}</dt>
            <dd>{formatRupees(player.balance)}</dd>
          </div>
          <div>
            <dt>{T.bonus}</dt>
            <dd>{formatRupees(player.bonusBalance)}</dd>
          </div>
          <div>
            <dt>{T.status}</dt>
            <dd>
              {PLAYERS_TEXTS.status[player.status] ?? player.status}
              {player.suspensionReason ? ` · ${player.suspensionReason}` : ''}
            </dd>
          </div>
          <div>
            <dt>{PLAYERS_TEXTS.joined}</dt>
            <dd>{formatDateTime(player.createdAt)}</dd>
          </div>
          <div className="muted small">
            <dt className="visually-hidden">E-mail</dt>
            <dd>{player.email}</dd>
          </div>
        </dl>
      </section>

      <section className="player-view__section" aria-label={T.protection}>
        <h3>{T.protection}</h3>
        <dl className="review-details">
          <div data-testid="player-view-break">
            <dt>{player.playBreak ? PLAYERS_TEXTS.playBreak[player.playBreak.kind] : 'Break'}</dt>
            <dd>{player.playBreak ? PLAYERS_TEXTS.playBreakUntil(player.playBreak) : T.noBreak}</dd>
          </div>
          {limits.limits.map((limit) => (
            <div key={limit.kind}>
              <dt>{LIMIT_LABELS[limit.kind]}</dt>
              <dd>
                {limit.value === null ? PLAYERS_TEXTS.noLimit : limitValue(limit.kind, limit.value)}
                {limit.left !== null ? ` · ${formatRupees(limit.left)} left` : ''}
              </dd>
            </div>
          ))}
          <div>
            <dt>{PLAYERS_TEXTS.realityCheck}</dt>
            <dd>{limits.realityCheckMinutes} min</dd>
          </div>
          {limits.pausedUntil && (
            <div>
              <dt>{PLAYERS_TEXTS.pausedUntil}</dt>
              <dd>{formatIstDateTime(Date.parse(limits.pausedUntil))}</dd>
            </div>
          )}
        </dl>
      </section>

      <section className="player-view__section" aria-label={T.claims}>
        <h3>{T.claims}</h3>
        {data.claims.length === 0 ? <p className="muted">{T.none}</p> : <ClaimList claims={data.claims} />}
      </section>

      <section className="player-view__section" aria-label={T.ledger}>
        <h3>{T.ledger}</h3>
        {data.ledger.length === 0 ? <p className="muted">{T.none}</p> : <LedgerList entries={data.ledger} />}
      </section>

      <section className="player-view__section" aria-label={T.bets}>
        <h3>{T.bets}</h3>
        {data.bets.length === 0 ? <p className="muted">{T.none}</p> : <BetList bets={data.bets} />}
      </section>
    </>
  );
}

function ClaimList({ claims }: { claims: AdminPlayerClaim[] }) {
  return (
    <ul className="player-view__list">
      {claims.map((claim) => {
        const bank = claim.bankDetails;
        return (
          <li key={claim._id} data-transaction-id={claim.transactionId}>
            <div className="player-view__line">
              <strong>
                {claim.type === 'DEPOSIT' ? T.deposit : T.withdrawal} {formatRupees(claim.amount)}
              </strong>
              <StatusChip status={claim.status} />
            </div>
            <div className="muted small">
              {formatDateTime(claim.createdAt)} · {methodLabel(claim.method)} ·{' '}
              <span className="pay-mono">{claim.transactionId}</span>
            </div>
            {claim.type === 'DEPOSIT' ? (
              <div className="small">
                {T.utr} <span className="pay-mono">{claim.utrNumber ?? '—'}</span>
                {claim.payer ? ` · ${T.payer} ${claim.payer}` : ''}
              </div>
            ) : (
              <div className="small">
                {T.payTo}{' '}
                <span className="pay-mono">
                  {claim.upiId ?? (bank ? `${bank.accountNumber} · ${bank.ifscCode} · ${bank.accountHolderName}` : '—')}
                </span>
              </div>
            )}
            {claim.adminNotes && (
              <div className="small">
                {T.notes}: {claim.adminNotes}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function LedgerList({ entries }: { entries: AdminLedgerEntry[] }) {
  return (
    <ul className="player-view__list">
      {entries.map((entry) => (
        <li key={entry.seq}>
          <div className="player-view__line">
            <strong>{STATEMENT_KIND_LABELS[entry.kind] ?? entry.kind}</strong>
            <span>
              {entry.main !== 0 && <span>{signed(entry.main)}</span>}
              {entry.bonus !== 0 && (
                <span className="muted">
                  {' '}
                  {signed(entry.bonus)} {PLAYERS_TEXTS.bonus.toLowerCase()}
                </span>
              )}
            </span>
          </div>
          <div className="muted small">
            {formatDateTime(entry.at)}
            {entry.reference ? ` · ${entry.reference}` : ''}
            {entry.periodId ? ` · ${entry.periodId}` : ''}
          </div>
        </li>
      ))}
    </ul>
  );
}

function BetList({ bets }: { bets: Bet[] }) {
  return (
    <ul className="player-view__list">
      {bets.map((bet) => (
        <li key={bet._id}>
          <div className="player-view__line">
            <strong>
              {bet.betType} {bet.betValue} · {formatRupees(bet.amount)}
            </strong>
            <span>{bet.isWin === null ? T.open : bet.isWin ? T.won(formatRupees(bet.winAmount)) : T.lost}</span>
          </div>
          <div className="muted small">
            {bet.periodId} · {formatDateTime(bet.createdAt)}
          </div>
        </li>
      ))}
    </ul>
  );
}
