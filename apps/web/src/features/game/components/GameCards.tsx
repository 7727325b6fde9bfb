import type { GameKey } from '@app/contracts';
import { COLOR_HEX, GAMES, type GameDefinition } from '@app/domain';
import { formatPaise } from '../../../shared/money';
import { useAppDispatch, useAppSelector } from '../../../shared/store-hooks';
import { gameSelected } from '../game.slice';
import { selectCardState, selectChoices, selectPeriodBets, selectSelectedGame } from '../selectors';
import { ChoiceLabel } from './ChoiceLabel';
import { useT } from '../../../shared/i18n/i18n';

function GameMark({ game }: { game: GameDefinition }) {
  if (game.key === 'color') {
    return (
      <span className="game-card__mark" aria-hidden="true">
        <i style={{ background: COLOR_HEX.red }} />
        <i style={{ background: COLOR_HEX.green }} />
        <i style={{ background: COLOR_HEX.violet }} />
      </span>
    );
  }
  return (
    <span className="game-card__mark game-card__mark--text" aria-hidden="true">
      {game.key === 'bigSmall' ? 'B/S' : '0–9'}
    </span>
  );
}

function GameCard({ game }: { game: GameDefinition }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => selectCardState(s, game.key as GameKey));
  const choice = useAppSelector(selectChoices)[game.key as GameKey];
  const placed = useAppSelector(selectPeriodBets).find((bet) => bet.betType === game.key);
  const selected = useAppSelector(selectSelectedGame) === game.key;
  const { t } = useT();
  return (
    <li>
      <button
        type="button"
        className={`game-card game-card--${state}${selected ? ' game-card--selected' : ''}`}
        aria-pressed={selected}
        disabled={state !== 'open'}
        onClick={() => dispatch(gameSelected(game.key))}
        data-testid={`game-card-${game.key}`}
      >
        <GameMark game={game} />
        <span className="game-card__body">
          <span className="game-card__name">{t(`game.names.${game.key}`)}</span>
          <span className="game-card__desc">{t(`game.descriptions.${game.key}`)}</span>
        </span>
        <span className="game-card__side">
          {state === 'betPlaced' && (
            <>
              <span className="badge game-card__badge game-card__badge--placed">{t('game.texts.betPlaced')}</span>
              {choice !== undefined && (
                <span className="game-card__choice" data-testid={`game-card-${game.key}-placed`}>
                  <ChoiceLabel game={game.key as GameKey} choice={choice} />
                  {placed && <span className="game-card__stake">{formatPaise(placed.amountPaise)}</span>}
                </span>
              )}
            </>
          )}
          {state === 'locked' && (
            <span className="badge game-card__badge game-card__badge--locked">{t('game.texts.locked')}</span>
          )}
          {state === 'open' && <span className="game-card__payout">x{game.payout}</span>}
        </span>
      </button>
    </li>
  );
}

/** The three games; one may be selected at a time (tap again to deselect). */
export function GameCards() {
  const { t } = useT();
  return (
    <section className="game-cards" aria-labelledby="game-cards-title">
      <h2 id="game-cards-title" className="section-title">
        {t('game.chooseGame')}
      </h2>
      <ul className="game-cards__list">
        {GAMES.map((game) => (
          <GameCard key={game.key} game={game} />
        ))}
      </ul>
    </section>
  );
}
