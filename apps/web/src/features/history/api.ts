import type { BetsData } from '@app/contracts';
import type { ApiClient } from '../../shared/api';
import { ERROR_DEFAULTS } from '../../shared/constants';
import { betFromWire, type PlayerBet } from '../../shared/records';

/** GET /bet → data.bets: the player's bets, newest first, amounts in paise. */
export async function fetchBets(api: ApiClient): Promise<PlayerBet[]> {
  const { data } = await api.get<BetsData>('/bet', { defaultMessage: ERROR_DEFAULTS.bets });
  return Array.isArray(data?.bets) ? data.bets.map(betFromWire) : [];
}
