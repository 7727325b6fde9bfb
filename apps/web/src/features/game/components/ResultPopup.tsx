import type { GameResult } from '@app/contracts';
import { isGameKey, RESULT_CLEAR_MS } from '@app/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { resultPopupClosed } from '../game.slice';
import { gameName, selectResultPopup, selectResults } from '../selectors';
import { choiceText, ColorDot } from './ChoiceLabel';
import { playerTimeFormat } from '../../../shared/india-time';
import { formatPaise } from '../../../shared/money';
import { i18n, useT } from '../../../shared/i18n/i18n';
import { translateServerMessage } from '../../../shared/i18n/server-messages';
import type { PlayerBetResult } from '../../../shared/records';

/** The popup stays RESULT_CLEAR_MS after the period's last bet-result; its text counts down the same time. */
const POPUP_SECONDS = Math.round(RESULT_CLEAR_MS / 1000);

export function autoClosingText(seconds: number): string {
  return i18n.t('game.autoClosing', { count: seconds });
}

/** Seconds until the popup closes itself: restarts whenever another result of the period arrives. */
function useCloseCountdown(restartKey: number): number {
  const [left, setLeft] = useState(POPUP_SECONDS);
  useEffect(() => {
    setLeft(POPUP_SECONDS);
    const opened = Date.now();
    const timer = setInterval(() => {
      setLeft(Math.max(1, POPUP_SECONDS - Math.floor((Date.now() - opened) / 1000)));
    }, 250);
    return () => clearInterval(timer);
  }, [restartKey]);
  return left;
}

/** The drawn result of the period: the digit ball, its colour and big/small. */
function DrawnResult({ result }: { result: GameResult }) {
  const colour = choiceText('color', result.color);
  const size = choiceText('bigSmall', result.bigSmall);
  const { t } = useT();
  return (
    <div
      className="result-popup__drawn"
      data-testid="popup-drawn-result"
      aria-label={t('game.resultAria', { digit: result.digit, colour, size })}
    >
      <span className="muted small">{t('game.result')}</span>
      <span className={`digit-ball digit-ball--lg digit-ball--${result.color}`} aria-hidden="true">
        {result.digit}
      </span>
      <span className="choice-label" aria-hidden="true">
        <ColorDot color={result.color} size={12} />
        {colour}
      </span>
      <span className="result-popup__size" aria-hidden="true">
        {size}
      </span>
    </div>
  );
}

const timeFormat = playerTimeFormat({ hour: '2-digit', minute: '2-digit', second: '2-digit' });

function resultTime(timestamp: string): string {
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? '' : timeFormat.format(ms);
}

/**
 * A bet's effect on the balance: a win credits the stake times the payout less GST, so what it adds is the credit
 * less the stake; a loss takes the stake. Null when a win's stake is unknown (an older server sends no bet).
 */
export function betNetPaise(result: PlayerBetResult): number | null {
  if (!result.win) return -result.lossAmountPaise;
  return result.bet ? result.winAmountPaise - result.bet.amountPaise : null;
}

const signed = (paise: number) => `${paise < 0 ? '−' : '+'}${formatPaise(Math.abs(paise))}`;

function ResultRow({ result }: { result: PlayerBetResult }) {
  const net = betNetPaise(result);
  const { t } = useT();
  const label = isGameKey(result.gameType) ? gameName(result.gameType) : String(result.gameType);
  return (
    <li className={`result-row result-row--${result.win ? 'win' : 'loss'}`}>
      <div className="result-row__top">
        <span className="result-row__game">{label}</span>
        <span className={`badge result-row__badge result-row__badge--${result.win ? 'win' : 'loss'}`}>
          {result.win ? t('game.win') : t('game.loss')}
        </span>
      </div>
      {result.message && <p className="result-row__message small">{translateServerMessage(result.message)}</p>}
      {result.win && result.bet && (
        <p className="result-row__credit muted small">
          {t('game.credited', { win: formatPaise(result.winAmountPaise), stake: formatPaise(result.bet.amountPaise) })}
        </p>
      )}
      <div className="result-row__bottom">
        <strong className="result-row__amount">
          {net === null ? `+${formatPaise(result.winAmountPaise)}` : signed(net)}
        </strong>
        <time className="muted small" dateTime={result.timestamp}>
          {resultTime(result.timestamp)}
        </time>
      </div>
    </li>
  );
}

/**
 * The results of the player's bets in a period under the drawn result; closes by itself after 5 s (the text counts
 * those seconds down) or on OK.
 */
export function ResultPopup() {
  const dispatch = useAppDispatch();
  const popup = useAppSelector(selectResultPopup);
  const results = useAppSelector(selectResults);
  const secondsLeft = useCloseCountdown(popup?.results.length ?? 0);
  const titleId = useId();
  const { t } = useT();
  const okRef = useRef<HTMLButtonElement>(null);
  const open = popup !== null;
  useEffect(() => {
    if (open) okRef.current?.focus();
  }, [open]);
  if (!popup) return null;
  const won = popup.results.some((r) => r.win);
  // The rows add up to the round's effect on the balance (each row is what the bet added or took).
  const nets = popup.results.map(betNetPaise);
  const roundNet = nets.every((n): n is number => n !== null) ? nets.reduce((a, b) => a + b, 0) : null;
  const drawn = popup.periodId ? results.find((r) => r.periodId === popup.periodId) : undefined;
  return (
    <div className="result-popup__backdrop">
      <div
        className={`result-popup result-popup--${won ? 'won' : 'lost'}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <h2 id={titleId} className="result-popup__title">
          {won ? t('game.texts.congratulations') : t('game.texts.betterLuck')}
        </h2>
        {popup.periodId && (
          <p className="muted small result-popup__period">{t('game.periodWithId', { id: popup.periodId })}</p>
        )}
        {drawn && <DrawnResult result={drawn} />}
        <ul className="result-popup__list">
          {popup.results.map((result, index) => (
            <ResultRow key={result.betId ?? `${result.gameType}-${index}`} result={result} />
          ))}
        </ul>
        {roundNet !== null && popup.results.length > 1 && (
          <p className="result-popup__net" data-testid="round-net">
            {t('game.thisRound')} <strong>{signed(roundNet)}</strong>
          </p>
        )}
        <p className="muted small result-popup__auto" aria-live="off">
          {autoClosingText(secondsLeft)}
        </p>
        <button
          ref={okRef}
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => dispatch(resultPopupClosed())}
        >
          {t('common.ok')}
        </button>
      </div>
    </div>
  );
}
