import { rupeesToPaise } from '@app/domain';
import { formatPaise } from '../../../shared/money';
import { i18n, useT } from '../../../shared/i18n/i18n';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { PATHS } from '../../../shared/paths';
import { playSessionRequested, realityCheckAnswered, realityCheckDue } from '../play-safely.slice';
import { PLAY_SAFELY_BREAK_PATH } from '../play-safely-texts';
import { selectPlaySafely } from '../selectors';

/** '1 h 05 min' or '12 min'. */
export function formatPlayed(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const h = Math.floor(minutes / 60);
  return h > 0
    ? i18n.t('playSafely.playedHours', { hours: h, minutes: String(minutes % 60).padStart(2, '0') })
    : i18n.t('playSafely.played', { minutes });
}

const signed = (rupees: number) => `${rupees > 0 ? '+' : ''}${formatPaise(rupeesToPaise(rupees))}`;

/**
 * The game screen's session strip and reality check. The strip always shows the time played this session (since the
 * sign-in) and its net result, compactly. Every N minutes of the session (the player's choice, 15, 30 or 60) the
 * reality check opens over the screen with the figures; betting pauses until the player continues, opens the
 * history or takes a break. A bet already placed still settles and shows.
 */
export function RealityCheck() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { session, checksDone, realityCheckDue: due } = useAppSelector(selectPlaySafely);
  useT();
  const [now, setNow] = useState(() => Date.now());
  const continueRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    dispatch(playSessionRequested());
  }, [dispatch]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const startedMs = session ? new Date(session.startedAt).getTime() : null;
  const intervalMs = session ? session.realityCheckMinutes * 60_000 : null;
  useEffect(() => {
    if (startedMs === null || intervalMs === null || due) return;
    if (now - startedMs >= (checksDone + 1) * intervalMs) dispatch(realityCheckDue());
  }, [now, startedMs, intervalMs, checksDone, due, dispatch]);

  useEffect(() => {
    if (due) continueRef.current?.focus();
  }, [due]);

  // Until the session's figures arrive, the strip holds its place (labels, no figures): the period card and the game
  // cards below it must not jump down under the player's finger when they come.
  if (!session || startedMs === null)
    return (
      <p className="session-strip session-strip--pending small" data-testid="session-strip-pending" aria-busy="true">
        <span>
          {i18n.t('playSafely.sessionTime')} <strong>…</strong>
        </span>
        <span>
          {i18n.t('playSafely.sessionNet')} <strong>…</strong>
        </span>
      </p>
    );
  const played = formatPlayed(now - startedMs);
  return (
    <>
      <p className="session-strip small" data-testid="session-strip">
        <span>
          {i18n.t('playSafely.sessionTime')} <strong>{played}</strong>
        </span>
        <span>
          {i18n.t('playSafely.sessionNet')}{' '}
          <strong className={session.net < 0 ? 'session-strip__loss' : undefined}>{signed(session.net)}</strong>
        </span>
      </p>
      {due && (
        <div
          className="reality-check"
          role="alertdialog"
          aria-modal="true"
          aria-labelledby="reality-check-title"
          aria-describedby="reality-check-text"
        >
          <div className="reality-check__panel">
            <h2 id="reality-check-title">{i18n.t('playSafely.realityTitle')}</h2>
            <p id="reality-check-text">
              {i18n.t('playSafely.realityText', { minutes: Math.floor((now - startedMs) / 60_000) })}
            </p>
            <dl className="reality-check__figures">
              <div>
                <dt>{i18n.t('playSafely.realityFigures.time')}</dt>
                <dd>{played}</dd>
              </div>
              <div>
                <dt>{i18n.t('playSafely.realityFigures.staked')}</dt>
                <dd>{formatPaise(rupeesToPaise(session.staked))}</dd>
              </div>
              <div>
                <dt>{i18n.t('playSafely.realityFigures.won')}</dt>
                <dd>{formatPaise(rupeesToPaise(session.won))}</dd>
              </div>
              <div>
                <dt>{i18n.t('playSafely.realityFigures.net')}</dt>
                <dd>{signed(session.net)}</dd>
              </div>
            </dl>
            <button
              ref={continueRef}
              type="button"
              className="btn btn--primary btn--block"
              onClick={() => dispatch(realityCheckAnswered())}
            >
              {i18n.t('playSafely.realityContinue')}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--block"
              onClick={() => {
                dispatch(realityCheckAnswered());
                navigate(PATHS.history);
              }}
            >
              {i18n.t('playSafely.realityHistory')}
            </button>
            <Link
              to={PLAY_SAFELY_BREAK_PATH}
              className="btn btn--ghost btn--block"
              onClick={() => dispatch(realityCheckAnswered())}
            >
              {i18n.t('playSafely.realityBreak')}
            </Link>
          </div>
        </div>
      )}
    </>
  );
}
