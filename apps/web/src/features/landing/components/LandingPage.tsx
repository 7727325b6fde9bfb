import { choiceOdds, COLOR_HEX, GAMES, MIN_AGE, type GameDefinition, type PayoutOptions } from '@app/domain';
import { useAppSelector } from '../../../shared/store-hooks';
import { selectGstPercent, selectPayoutOptions, selectRules, selectStakesPaise } from '../../config/selectors';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { LoginForm } from '../../auth/components/LoginForm';
import { SUPPORT } from '../../../shared/config/support';
import { PRODUCT_NAME } from '../../../shared/constants';
import { formatPaise } from '../../../shared/money';
import { i18n, useT } from '../../../shared/i18n/i18n';
import { LogoMark } from '../../../shared/ui/Logo';
import { Screen } from '../../../shared/ui/Screen';

/** The rows of the odds table: every colour, big and small, and one digit standing for all ten. */
const oddsRows = (options: PayoutOptions) => [
  ...(['red', 'green', 'violet'] as const).map((c) => ({ key: c, odds: choiceOdds('color', c, options) })),
  ...(['big', 'small'] as const).map((c) => ({ key: c, odds: choiceOdds('bigSmall', c, options) })),
  { key: 'any one digit', odds: choiceOdds('number', '0', options) },
];

const oddsLabel = (key: string) =>
  key === 'any one digit' ? i18n.t('landing.anyDigit') : i18n.t(`landing.choices.${key}`);

const percent = (x: number) => `${Math.round(x * 1000) / 10}%`;

interface LandingRules {
  roundSeconds: number;
  lockSeconds: number;
  gstPercent: number;
  /** The stake buttons, in paise. */
  stakesPaise: readonly number[];
}

const bullets = ({ roundSeconds, stakesPaise }: LandingRules) => [
  i18n.t('landing.bullets.rounds', { seconds: roundSeconds }),
  i18n.t('landing.bullets.games'),
  i18n.t('landing.bullets.stakes', {
    min: formatPaise(stakesPaise[0] ?? 0),
    max: formatPaise(stakesPaise[stakesPaise.length - 1] ?? 0),
  }),
  i18n.t('landing.bullets.deposit'),
  i18n.t('landing.bullets.withdraw', { time: i18n.t('landing.processing') }),
  i18n.t('landing.bullets.fair'),
];

const howToPlay = ({ lockSeconds, gstPercent }: LandingRules) => [
  i18n.t('landing.steps.register'),
  i18n.t('landing.steps.wallet'),
  i18n.t('landing.steps.pick', { lock: lockSeconds }),
  i18n.t('landing.steps.draw'),
  i18n.t('landing.steps.pays', { gst: gstPercent }),
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
  const { t } = useT();
  return (
    <li className="game-preview">
      <GameSwatch game={game} />
      <div className="game-preview__body">
        <h3 className="game-preview__name">{t(`game.names.${game.key}`)}</h3>
        <p className="game-preview__desc">{t(`game.descriptions.${game.key}`)}</p>
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
  const { t } = useT();
  return (
    <Screen showBack={false} className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <LogoMark size={56} />
        <h1 id="hero-title" className="hero__title">
          {t('landing.heroTitle')}
        </h1>
        <p className="hero__lead">{t('landing.heroLead', { product: PRODUCT_NAME, seconds: roundSeconds })}</p>
        <div className="hero__join">
          <Link to={PATHS.register} className="btn btn--primary btn--block">
            {t('landing.createAccount')}
          </Link>
        </div>
        <div className="hero__login card" aria-label={t('landing.signIn')}>
          <p className="hero__login-text">
            {t('landing.alreadyBefore')}
            <Link to={PATHS.login}>{t('landing.alreadyLink')}</Link>
            {t('landing.alreadyAfter')}
          </p>
          <LoginForm variant="compact" />
        </div>
        <p className="hero__age">
          {/* i18n-literal-ok: MIN_AGE is a number */}
          <span className="badge badge--age">{MIN_AGE}+</span> {t('landing.adults')}
        </p>
      </section>

      <section className="section" aria-labelledby="why-title">
        <h2 id="why-title">{t('landing.why', { product: PRODUCT_NAME })}</h2>
        <ul className="bullets">
          {bullets(rules).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="games-title">
        <h2 id="games-title">{t('landing.games')}</h2>
        <ul className="game-previews">
          {GAMES.map((game) => (
            <GamePreview key={game.key} game={game} />
          ))}
        </ul>
        <p className="small">
          <Link to={PATHS.login}>{t('landing.logInToPlay')}</Link>
          {t('landing.orCreate')}
          <Link to={PATHS.register}>{t('landing.createLower')}</Link>
          {t('landing.end')}
        </p>
      </section>

      <section className="section" aria-labelledby="how-title">
        <h2 id="how-title">{t('landing.howToPlay')}</h2>
        <ol className="steps">
          {howToPlay(rules).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ol>
        <div className="table-scroll">
          <table className="odds">
            <caption>{t('landing.oddsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('landing.choice')}</th>
                <th scope="col">{t('landing.chance')}</th>
                <th scope="col">{t('landing.pays')}</th>
                <th scope="col">{t('landing.return')}</th>
              </tr>
            </thead>
            <tbody>
              {oddsRows(payoutOptions).map(({ key, odds }) => (
                <tr key={key}>
                  <th scope="row" className={`odds__choice odds__choice--${key.replace(/\s+/g, '-')}`}>
                    {oddsLabel(key)}
                  </th>
                  <td>{percent(odds.probability)}</td>
                  <td>x{odds.payout}</td>
                  <td>{percent(odds.rtpNet)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted small">{t('landing.returnNote', { gst: gstPercent })}</p>
      </section>

      <section className="section" aria-labelledby="support-title">
        <h2 id="support-title">{t('landing.support')}</h2>
        <ul className="support-links">
          <li>
            <a href={SUPPORT.groupUrl} target="_blank" rel="noopener noreferrer" className="support-link">
              <span className="support-link__label">{t('landing.joinGroup', { group: t('help.supportGroup') })}</span>
              <span className="support-link__hint">{t('landing.groupHint')}</span>
            </a>
          </li>
          <li>
            <a href={`mailto:${SUPPORT.email}`} className="support-link">
              <span className="support-link__label">{t('landing.emailUs', { email: SUPPORT.email })}</span>
              <span className="support-link__hint">{t('landing.emailHint')}</span>
            </a>
          </li>
        </ul>
      </section>

      <footer className="landing__footer">
        <Link to={PATHS.terms}>{t('landing.termsLink')}</Link> <Link to={PATHS.fairness}>{t('landing.fairLink')}</Link>
        <p className="small muted">{t('terms.compliance')}</p>
      </footer>
    </Screen>
  );
}
