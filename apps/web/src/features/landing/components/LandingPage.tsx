import {
  choiceOdds,
  COLOR_HEX,
  formatPaise,
  GAMES,
  MIN_AGE,
  WITHDRAWAL_PROCESSING_TIME,
  type GameDefinition,
  type PayoutOptions,
} from '@app/domain';
import { useAppSelector } from '../../../shared/store-hooks';
import { selectGstPercent, selectPayoutOptions, selectRules, selectStakesPaise } from '../../config/selectors';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { LoginForm } from '../../auth/components/LoginForm';
import { SUPPORT } from '../../../shared/config/support';
import { COMPLIANCE_NOTE, PRODUCT_NAME } from '../../../shared/constants';
import { LogoMark } from '../../../shared/ui/Logo';
import { Screen } from '../../../shared/ui/Screen';
import '../landing.css';

/** The rows of the odds table: every colour, big and small, and one digit standing for all ten. */
const oddsRows = (options: PayoutOptions) => [
  ...(['red', 'green', 'violet'] as const).map((c) => ({ label: c, odds: choiceOdds('color', c, options) })),
  ...(['big', 'small'] as const).map((c) => ({ label: c, odds: choiceOdds('bigSmall', c, options) })),
  { label: 'any one digit', odds: choiceOdds('number', '0', options) },
];

const percent = (x: number) => `${Math.round(x * 1000) / 10}%`;

interface LandingRules {
  roundSeconds: number;
  lockSeconds: number;
  gstPercent: number;
  /** The stake buttons, in paise. */
  stakesPaise: readonly number[];
}

const bullets = ({ roundSeconds, stakesPaise }: LandingRules) => [
  `A new round every ${roundSeconds} seconds, with the result the moment it ends.`,
  'Three games: colour, big or small, and the digit.',
  `Stakes from ${formatPaise(stakesPaise[0] ?? 0)} to ${formatPaise(stakesPaise[stakesPaise.length - 1] ?? 0)}.`,
  'Deposit by UPI with Google Pay, PhonePe, Paytm or BHIM.',
  `Withdraw to UPI or your bank account, processed in ${WITHDRAWAL_PROCESSING_TIME}.`,
  'Provably fair: every result can be checked against a seed published in advance.',
];

const howToPlay = ({ lockSeconds, gstPercent }: LandingRules) => [
  'Register with your Gmail address and the 6-digit code we e-mail you.',
  'Add money to your wallet by UPI, then enter the UTR of your payment.',
  `Pick a game and a choice, choose a stake and confirm before the last ${lockSeconds} seconds of the round.`,
  'When the round ends a digit from 0 to 9 is drawn; big or small and the colour follow from it.',
  `A winning bet pays stake × payout, less ${gstPercent}% GST on the amount won above your stake.`,
];

function GameSwatch({ game }: { game: GameDefinition }) {
  if (game.key === 'color') {
    return (
      <span className="game-preview__swatch" aria-hidden="true">
        <i style={{ background: COLOR_HEX.red }} />
        <i style={{ background: COLOR_HEX.green }} />
        <i style={{ background: COLOR_HEX.violet }} />
      </span>
    );
  }
  return (
    <span className="game-preview__swatch game-preview__swatch--text" aria-hidden="true">
      {game.key === 'bigSmall' ? 'B/S' : '0–9'}
    </span>
  );
}

/** A game as a visitor sees it: what it is, and the way in (no greyed 'Unavailable' chip: the games run all day). */
function GamePreview({ game }: { game: GameDefinition }) {
  return (
    <li className="game-preview">
      <GameSwatch game={game} />
      <div className="game-preview__body">
        <h3 className="game-preview__name">{game.name}</h3>
        <p className="game-preview__desc">{game.description}</p>
      </div>
    </li>
  );
}

export function LandingPage() {
  const { roundSeconds, lockSeconds } = useAppSelector(selectRules);
  const gstPercent = useAppSelector(selectGstPercent);
  const stakesPaise = useAppSelector(selectStakesPaise);
  const payoutOptions = useAppSelector(selectPayoutOptions);
  const rules: LandingRules = { roundSeconds, lockSeconds, gstPercent, stakesPaise };
  return (
    <Screen showBack={false} className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <LogoMark size={56} />
        <h1 id="hero-title" className="hero__title">
          Call the colour. Beat the clock.
        </h1>
        <p className="hero__lead">
          {PRODUCT_NAME} runs {roundSeconds}-second prediction rounds: pick a colour, big or small, or the digit, and
          see the result in half a minute.
        </p>
        <div className="hero__join">
          <Link to={PATHS.register} className="btn btn--primary btn--block">
            Create an account
          </Link>
        </div>
        <div className="hero__login card" aria-label="Sign in">
          <p className="hero__login-text">
            Already playing? Sign in here, or open the <Link to={PATHS.login}>Log in</Link> screen.
          </p>
          <LoginForm variant="compact" />
        </div>
        <p className="hero__age">
          <span className="badge badge--age">{MIN_AGE}+</span> Only for adults. Play with money you can afford to lose.
        </p>
      </section>

      <section className="section" aria-labelledby="why-title">
        <h2 id="why-title">Why players choose {PRODUCT_NAME}</h2>
        <ul className="bullets">
          {bullets(rules).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="games-title">
        <h2 id="games-title">Games</h2>
        <ul className="game-previews">
          {GAMES.map((game) => (
            <GamePreview key={game.key} game={game} />
          ))}
        </ul>
        <p className="small">
          <Link to={PATHS.login}>Log in to play</Link>, or <Link to={PATHS.register}>create an account</Link>.
        </p>
      </section>

      <section className="section" aria-labelledby="how-title">
        <h2 id="how-title">How to play</h2>
        <ol className="steps">
          {howToPlay(rules).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ol>
        <div className="table-scroll">
          <table className="odds">
            <caption>Chance and return per choice</caption>
            <thead>
              <tr>
                <th scope="col">Choice</th>
                <th scope="col">Chance</th>
                <th scope="col">Pays</th>
                <th scope="col">Return</th>
              </tr>
            </thead>
            <tbody>
              {oddsRows(payoutOptions).map(({ label, odds }) => (
                <tr key={label}>
                  <th scope="row" className={`odds__choice odds__choice--${label.replace(/\s+/g, '-')}`}>
                    {label}
                  </th>
                  <td>{percent(odds.probability)}</td>
                  <td>x{odds.payout}</td>
                  <td>{percent(odds.rtpNet)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted small">
          Return is what a rupee staked pays back on average after {gstPercent}% GST on winnings. Every choice returns
          less than it stakes over time.
        </p>
      </section>

      <section className="section" aria-labelledby="support-title">
        <h2 id="support-title">Support</h2>
        <ul className="support-links">
          <li>
            <a href={SUPPORT.groupUrl} target="_blank" rel="noopener noreferrer" className="support-link">
              <span className="support-link__label">Join our {SUPPORT.groupLabel}</span>
              <span className="support-link__hint">Help and announcements</span>
            </a>
          </li>
          <li>
            <a href={`mailto:${SUPPORT.email}`} className="support-link">
              <span className="support-link__label">E-mail {SUPPORT.email}</span>
              <span className="support-link__hint">Payments, account and technical help</span>
            </a>
          </li>
        </ul>
      </section>

      <footer className="landing__footer">
        <Link to={PATHS.terms}>Terms and conditions</Link>{' '}
        <Link to={PATHS.fairness}>Provably fair: verify any round</Link>
        <p className="small muted">{COMPLIANCE_NOTE}</p>
      </footer>
    </Screen>
  );
}
