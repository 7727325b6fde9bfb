import { useAppSelector } from '../../../shared/store-hooks';
import { Screen } from '../../../shared/ui/Screen';
import { Spinner } from '../../../shared/ui/Spinner';
import { selectSocket } from '../../socket/selectors';
import { selectBetPanelGame, selectSecondsLeft } from '../selectors';
import { BalanceCard } from './BalanceCard';
import { BetPanel } from './BetPanel';
import { CurrentBets } from './CurrentBets';
import { GameCards } from './GameCards';
import { NextRoundOverlay } from './NextRoundOverlay';
import { PeriodCard } from './PeriodCard';
import { ResultPopup } from './ResultPopup';
import { ResultsPanel } from './ResultsPanel';
import { RealityCheck } from '../../play-safely/components/RealityCheck';
import { GameSounds } from '../../sound/components/GameSounds';
import { useT } from '../../../shared/i18n/i18n';

/** The Games screen (SPEC 2): everything live, from the one socket of the session. */
export function GameScreen() {
  const { everConnected, connected } = useAppSelector(selectSocket);
  const seconds = useAppSelector(selectSecondsLeft);
  const panelOpen = useAppSelector(selectBetPanelGame) !== null;
  // The screen shows as soon as a period is known, from the socket or from the server's clock (game.saga): the
  // socket's first connection need not hold the countdown and the cards back. Betting waits for it (BetPanel).
  const periodKnown = useAppSelector((state) => state.game.period !== null);
  const { t } = useT();
  return (
    <Screen title={t('game.title')} headerTime={seconds} className={`game${panelOpen ? ' game--sheet-open' : ''}`}>
      <h1 className="visually-hidden">{t('game.title')}</h1>
      {!everConnected && !periodKnown ? (
        <div className="game__loading">
          <Spinner size="lg" label={t('game.connecting')} />
        </div>
      ) : (
        <>
          {!connected && (
            <p className="game__offline small" role="status">
              {everConnected ? t('game.reconnecting') : t('game.connecting')}
            </p>
          )}
          <RealityCheck />
          <PeriodCard />
          <BalanceCard />
          <CurrentBets />
          <GameCards />
          <ResultsPanel />
          <GameSounds />
          <BetPanel />
          <NextRoundOverlay />
          <ResultPopup />
        </>
      )}
    </Screen>
  );
}
