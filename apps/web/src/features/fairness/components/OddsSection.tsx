import {
  BIG_SMALL,
  COLORS,
  GAMES_BY_KEY,
  gameOdds,
  PAISE_PER_RUPEE,
  type ChoiceOdds,
  type PayoutOptions,
} from '@app/domain';
import { formatPaise } from '../../../shared/money';
import { useAppSelector } from '../../../shared/store-hooks';
import { selectGstPercent, selectPayoutOptions } from '../../config/selectors';
import { choiceText } from '../../game/components/ChoiceLabel';
import { percent } from '../format';
import { i18n, useT } from '../../../shared/i18n/i18n';

/** Per game, one row per choice; the ten digits share one row (each has the same odds). */
function oddsGroups(options: PayoutOptions): { game: string; rows: { label: string; odds: ChoiceOdds }[] }[] {
  const colour = gameOdds('color', options);
  const bigSmall = gameOdds('bigSmall', options);
  return [
    {
      game: GAMES_BY_KEY.color.name,
      rows: COLORS.map((c, i) => ({ label: choiceText('color', c), odds: colour[i]! })),
    },
    {
      game: GAMES_BY_KEY.bigSmall.name,
      rows: BIG_SMALL.map((b, i) => ({ label: choiceText('bigSmall', b), odds: bigSmall[i]! })),
    },
    {
      game: GAMES_BY_KEY.number.name,
      rows: [{ label: i18n.t('fairness.odds.eachDigit'), odds: gameOdds('number', options)[0]! }],
    },
  ];
}

/** Each choice's chance, payout and return to player, gross and after GST: the figures the statistics are held to. */
export function OddsSection() {
  const { t } = useT();
  const payoutOptions = useAppSelector(selectPayoutOptions);
  const gstPercent = useAppSelector(selectGstPercent);
  return (
    <section className="fair-section" aria-labelledby="fair-odds">
      <h2 id="fair-odds">{t('fairness.odds.heading')}</h2>
      <div className="table-scroll">
        <table className="fair-odds">
          <caption className="visually-hidden">{t('fairness.odds.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('fairness.odds.choice')}</th>
              <th scope="col">{t('fairness.odds.chance')}</th>
              <th scope="col">{t('fairness.odds.pays')}</th>
              <th scope="col">{t('fairness.odds.return')}</th>
              <th scope="col">{t('fairness.odds.afterGst')}</th>
            </tr>
          </thead>
          {oddsGroups(payoutOptions).map(({ game, rows }) => (
            <tbody key={game}>
              <tr className="fair-odds__game">
                <th scope="rowgroup" colSpan={5}>
                  {game}
                </th>
              </tr>
              {rows.map(({ label, odds }) => (
                <tr key={label}>
                  <th scope="row" className="fair-odds__choice">
                    {label}
                  </th>
                  <td>{percent(odds.probability)}</td>
                  <td>x{odds.payout}</td>
                  <td>{percent(odds.rtpGross)}</td>
                  <td>{percent(odds.rtpNet)}</td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      <p className="small muted">{t('fairness.odds.note', { unit: formatPaise(PAISE_PER_RUPEE), gst: gstPercent })}</p>
    </section>
  );
}
