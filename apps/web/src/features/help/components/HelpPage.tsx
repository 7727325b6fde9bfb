import {
  BIG_SMALL,
  COLORS,
  choiceOdds,
  winBreakdown,
  type ChoiceOdds,
  type GameKey,
  type PayoutOptions,
} from '@app/domain';
import { formatPaise } from '../../../shared/money';
import { i18n, useT } from '../../../shared/i18n/i18n';
import { Link } from 'react-router-dom';
import { SUPPORT } from '../../../shared/config/support';
import { PATHS } from '../../../shared/paths';
import { useAppSelector } from '../../../shared/store-hooks';
import { Screen } from '../../../shared/ui/Screen';
import { selectIsAuthenticated } from '../../auth/selectors';
import { selectPayoutOptions, selectRules, selectStakesPaise } from '../../config/selectors';
import { choiceText } from '../../game/components/ChoiceLabel';
import { chanceText } from '../../game/win-texts';
import { gameName } from '../../game/selectors';
import { percent } from '../../fairness/format';
import { gstExplained, howToPlaySteps } from '../help-steps';

const STAKE = 10_000;

function rows(options: PayoutOptions): { game: string; rows: { label: string; odds: ChoiceOdds; net: number }[] }[] {
  const row = (game: GameKey, choice: string, label: string) => ({
    label,
    odds: choiceOdds(game, choice, options),
    net: winBreakdown(STAKE, game, choice, options).net,
  });
  return [
    { game: gameName('color'), rows: COLORS.map((c) => row('color', c, choiceText('color', c))) },
    { game: gameName('bigSmall'), rows: BIG_SMALL.map((b) => row('bigSmall', b, choiceText('bigSmall', b))) },
    { game: gameName('number'), rows: [row('number', '0', i18n.t('help.texts.eachDigit'))] },
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
  const { t } = useT();
  const steps = howToPlaySteps({
    roundSeconds: rules.roundSeconds,
    lockSeconds: rules.lockSeconds,
    minStakePaise: Math.min(...stakes),
    maxStakePaise: Math.max(...stakes),
  });
  return (
    <Screen title={t('help.texts.title')} className="help">
      <h1>{t('help.texts.title')}</h1>

      <section aria-labelledby="help-play">
        <h2 id="help-play">{t('help.texts.howToPlay')}</h2>
        <ol className="help__steps">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="help-payouts">
        <h2 id="help-payouts">{t('help.texts.payouts')}</h2>
        <p>{gstExplained(rules.gstBps, winBreakdown(STAKE, 'number', '0', options))}</p>
        <div className="table-scroll">
          <table className="help__odds">
            <thead>
              <tr>
                <th scope="col">{t('help.texts.choice')}</th>
                <th scope="col">{t('help.texts.chance')}</th>
                <th scope="col">{t('help.texts.pays')}</th>
                <th scope="col">{t('help.texts.youReceive')}</th>
                <th scope="col">{t('help.texts.returns')}</th>
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
        <h2 id="help-fair">{t('help.texts.fairness')}</h2>
        <p>{t('help.texts.fairnessText')}</p>
        <p>
          <Link to={PATHS.fairness}>{t('help.texts.fairnessLink')}</Link>
        </p>
      </section>

      <section aria-labelledby="help-safe">
        <h2 id="help-safe">{t('help.texts.playSafely')}</h2>
        <p>
          <Link to={PATHS.playSafely}>{t('help.texts.playSafelyLink')}</Link>
        </p>
      </section>

      <section aria-labelledby="help-terms">
        <h2 id="help-terms">{t('help.texts.terms')}</h2>
        <p>
          <Link to={PATHS.terms}>{t('help.texts.termsLink')}</Link>
        </p>
      </section>

      <section aria-labelledby="help-ask">
        <h2 id="help-ask">{t('help.texts.ask')}</h2>
        {signedIn && (
          <p>
            {t('help.texts.askSignedIn')} <Link to={PATHS.disputes}>{t('help.texts.disputesLink')}</Link>
          </p>
        )}
        <p>{t('help.texts.supportText')}</p>
        <ul className="help__support">
          <li>
            {/* i18n-literal-ok: an e-mail address */}
            <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
          </li>
          <li>
            <a href={SUPPORT.groupUrl} target="_blank" rel="noopener noreferrer">
              {t('help.supportGroup')}
            </a>
          </li>
        </ul>
      </section>
    </Screen>
  );
}
