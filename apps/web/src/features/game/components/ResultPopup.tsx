import type { BetResult } from '@app/contracts';
import { formatRupees, GAME_TEXTS, isGameKey } from '@app/domain';
import { useEffect, useId, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { resultPopupClosed } from '../game.slice';
import { gameName, selectResultPopup } from '../selectors';

const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function resultTime(timestamp: string): string {
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? '' : timeFormat.format(ms);
}

function ResultRow({ result }: { result: BetResult }) {
  const label = isGameKey(result.gameType) ? gameName(result.gameType) : String(result.gameType);
  return (
    <li className={`result-row result-row--${result.win ? 'win' : 'loss'}`}>
      <div className="result-row__top">
        <span className="result-row__game">{label}</span>
        <span className={`badge result-row__badge result-row__badge--${result.win ? 'win' : 'loss'}`}>
          {result.win ? 'WIN' : 'LOSS'}
        </span>
      </div>
      {result.message && <p className="result-row__message small">{result.message}</p>}
      <div className="result-row__bottom">
        <strong className="result-row__amount">
          {result.win ? `+${formatRupees(result.winAmount)}` : `-${formatRupees(result.lossAmount)}`}
        </strong>
        <time className="muted small" dateTime={result.timestamp}>
          {resultTime(result.timestamp)}
        </time>
      </div>
    </li>
  );
}

/** The results of the player's bets in a period; closes by itself after 5 s or on OK. */
export function ResultPopup() {
  const dispatch = useAppDispatch();
  const popup = useAppSelector(selectResultPopup);
  const titleId = useId();
  const okRef = useRef<HTMLButtonElement>(null);
  const open = popup !== null;
  useEffect(() => {
    if (open) okRef.current?.focus();
  }, [open]);
  if (!popup) return null;
  const won = popup.results.some((r) => r.win);
  return (
    <div className="result-popup__backdrop">
      <div
        className={`result-popup result-popup--${won ? 'won' : 'lost'}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <h2 id={titleId} className="result-popup__title">
          {won ? GAME_TEXTS.congratulations : GAME_TEXTS.betterLuck}
        </h2>
        {popup.periodId && <p className="muted small result-popup__period">Period {popup.periodId}</p>}
        <ul className="result-popup__list">
          {popup.results.map((result, index) => (
            <ResultRow key={result.betId ?? `${result.gameType}-${index}`} result={result} />
          ))}
        </ul>
        <p className="muted small result-popup__auto">{GAME_TEXTS.autoClosing}</p>
        <button ref={okRef} type="button" className="btn btn--primary btn--block" onClick={() => dispatch(resultPopupClosed())}>
          OK
        </button>
      </div>
    </div>
  );
}
