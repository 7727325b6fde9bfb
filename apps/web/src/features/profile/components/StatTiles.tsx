import type { PlayerProfile } from '../../../shared/records';
import { formatMoney } from '../format';
import { useT } from '../../../shared/i18n/i18n';

interface Tile {
  label: string;
  value: string;
  tone?: 'win' | 'loss';
}

/** Stat tiles. The public view leaves out total deposits, withdrawals and losses (SPEC 6 showed deposits to anyone). */
export function StatTiles({ profile, own }: { profile: PlayerProfile; own: boolean }) {
  const { t } = useT();
  const tiles: Tile[] = [
    { label: t('profile.gamesPlayed'), value: String(profile.totalGames ?? 0) },
    { label: t('profile.totalWinnings'), value: formatMoney(profile.totalWinningsPaise), tone: 'win' },
  ];
  if (own) {
    tiles.push(
      { label: t('profile.totalDeposits'), value: formatMoney(profile.totalDepositsPaise) },
      { label: t('profile.totalWithdrawals'), value: formatMoney(profile.totalWithdrawalsPaise) },
      { label: t('profile.totalLosses'), value: formatMoney(profile.totalLosesPaise), tone: 'loss' },
    );
  }
  return (
    <section className="profile-section" aria-labelledby="profile-stats-title">
      <h2 id="profile-stats-title" className="profile-section__title">
        {t('profile.stats')}
      </h2>
      <dl className="stat-tiles">
        {tiles.map((tile) => (
          <div key={tile.label} className={`stat-tile${tile.tone ? ` stat-tile--${tile.tone}` : ''}`}>
            <dt className="stat-tile__label">{tile.label}</dt>
            <dd className="stat-tile__value">{tile.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
