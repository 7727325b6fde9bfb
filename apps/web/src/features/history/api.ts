import type { Bet, BetsData } from '@app/contracts';
import type { ApiClient } from '../../shared/api';
import { ERROR_DEFAULTS } from '../../shared/constants';

/** GET /bet → data.bets: the player's bets, newest first. */
export async function fetchBets(api: ApiClient): Promise<Bet[]> {
  const { data } = await api.get<BetsData>('/bet', { defaultMessage: ERROR_DEFAULTS.bets });
  return Array.isArray(data?.bets) ? data.bets : [];
}
