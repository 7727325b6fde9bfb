import {
  BIG_SMALL,
  COLORS,
  GAMES_BY_KEY,
  choiceOdds,
  winBreakdown,
  type ChoiceOdds,
  type GameKey,
  type PayoutOptions,
  formatPaise,
} from '@app/domain';
import { Link } from 'react-router-dom';
import { SUPPORT } from '../../../shared/config/support';
import { PATHS } from '../../../shared/paths';
import { useAppSelector } from '../../../shared/store-hooks';
import { Screen } from '../../../shared/ui/Screen';
import { selectIsAuthenticated } from '../../auth/selectors';
import { selectPayoutOptions, selectRules, selectStakesPaise } from '../../config/selectors';
import { choiceText } from '../../game/components/ChoiceLabel';
import { chanceText } from '../../game/win-texts';
import { percent } from '../../fairness/format';
import { gstExplained, HELP_TEXTS as T, howToPlaySteps } from '../help-texts';
import '../help.css';

const STAKE = 10_000;

function rows(options: PayoutOptions): { game: string; rows: { label: string; odds: ChoiceOdds; net: number }[] }[] {
  const row = (game: GameKey, choice: string, label: string) => ({
    label,
    odds: choiceOdds(game, choice, options),
    net: winBreakdown(STAKE, game, choice, options).net,
  });
  return [
    { game: GAMES_BY_KEY.color.name, rows: COLORS.map((c) => row('color', c, choiceText('color', c))) },
    { game: GAMES_BY_KEY.bigSmall.name, rows: BIG_SMALL.map((b) => row('bigSmall', b, choiceText('bigSmall', b))) },
    { game: GAMES_BY_KEY.number.name, rows: [row('number', '0', T.eachDigit)] },
  ];
}

/**
 * /help, open to everyone and one tap away from every screen (the header's Help): how to play, what each choice pays
 * and returns after GST, fair results, staying in control, the terms, and where to ask (a dispute when signed in,
 * the support group and e-mail).
 */
export function HelpPage() {
  const rules = useAppSelector(selectRules);
  const stakes = useAppSelector(selectStakesPaise);
  const options = useAppSelector(selectPayoutOptions);
  const signedIn = useAppSelector(selectIsAuthenticated);
  const steps = howToPlaySteps({
    roundSeconds: rules.roundSeconds,
    lockSeconds: rules.lockSeconds,
    minStakePaise: Math.min(...stakes),
    maxStakePaise: Math.max(...stakes),
  });
  return (
    <Screen title={T.title} className="help">
      <h1>{T.title}</h1>

      <section aria-labelledby="help-play">
        <h2 id="help-play">{T.howToPlay}</h2>
        <ol className="help__steps">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="help-payouts">
        <h2 id="help-payouts">{T.payouts}</h2>
        <p>{gstExplained(rules.gstBps, winBreakdown(STAKE, 'number', '0', options))}</p>
        <div className="table-scroll">
          <table className="help__odds">
            <thead>
              <tr>
                <th scope="col">{T.choice}</th>
                <th scope="col">{T.chance}</th>
                <th scope="col">{T.pays}</th>
                <th scope="col">{T.youReceive}</th>
                <th scope="col">{T.returns}</th>
              </tr>
            </thead>
            {rows(options).map(({ game, rows }) => (
              <tbody key={game}>
                <tr className="help__game">
                  <th scope="rowgroup" colSpan={5}>
                    {game}
                  </th>
                </tr>
                {rows.map(({ label, odds, net }) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{chanceText(odds.probability)}</td>
                    <td>×{odds.payout}</td>
                    <td>{formatPaise(net)}</td>
                    <td>{percent(odds.rtpNet)}</td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      </section>

      <section aria-labelledby="help-fair">
        <h2 id="help-fair">{T.fairness}</h2>
        <p>{T.fairnessText}</p>
        <p>
          <Link to={PATHS.fairness}>{T.fairnessLink}</Link>
        </p>
      </section>

      <section aria-labelledby="help-safe">
        <h2 id="help-safe">{T.playSafely}</h2>
        <p>
          <Link to={PATHS.playSafely}>{T.playSafelyLink}</Link>
        </p>
      </section>

      <section aria-labelledby="help-terms">
        <h2 id="help-terms">{T.terms}</h2>
        <p>
          <Link to={PATHS.terms}>{T.termsLink}</Link>
        </p>
      </section>

      <section aria-labelledby="help-ask">
        <h2 id="help-ask">{T.ask}</h2>
        {signedIn && (
          <p>
            {T.askSignedIn} <Link to={PATHS.disputes}>{T.disputesLink}</Link>
          </p>
        )}
        <p>{T.supportText}</p>
        <ul className="help__support">
          <li>
            <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
          </li>
          <li>
            <a href={SUPPORT.groupUrl} target="_blank" rel="noopener noreferrer">
              {SUPPORT.groupLabel}
            </a>
          </li>
        </ul>
      </section>
    </Screen>
  );
}
