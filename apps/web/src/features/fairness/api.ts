import type { BetProof, FairnessInfo, FairnessPeriodData, FairnessRefunds, FairnessStats } from '@app/contracts';
import type { ApiClient } from '../../shared/api';

export const FAIRNESS_ERROR = 'Failed to fetch fairness data';
export const FAIRNESS_PERIOD_ERROR = 'Failed to fetch the period';
export const FAIRNESS_STATS_ERROR = 'Failed to fetch the statistics';
export const BET_PROOF_ERROR = 'Failed to fetch the proof of your bet';

const NO_REFUNDS: FairnessRefunds = {
  periods: 0,
  byReason: {},
  withBets: 0,
  stakes: 0,
  known: 0,
  wouldHavePaid: 0,
  wouldHaveKept: 0,
};

/** GET /fairness (public): every commitment, the beacon, the refunds and the latest drawn and refunded periods. */
export async function fetchFairness(api: ApiClient): Promise<FairnessInfo> {
  const { data } = await api.get<FairnessInfo>('/fairness', { defaultMessage: FAIRNESS_ERROR });
  return {
    ...data,
    commitment: data?.commitment ?? '',
    nextSeedHash: data?.nextSeedHash ?? '',
    beacon: data?.beacon ?? null,
    chains: Array.isArray(data?.chains) ? data.chains : [],
    refunds: { ...NO_REFUNDS, ...data?.refunds },
    recent: Array.isArray(data?.recent) ? data.recent : [],
  };
}

/** GET /fairness/periods/{periodId} (public): one period, its chain and the beacon chain of its round. */
export async function fetchFairnessPeriod(api: ApiClient, periodId: string): Promise<FairnessPeriodData> {
  const { data } = await api.get<FairnessPeriodData>(`/fairness/periods/${encodeURIComponent(periodId)}`, {
    defaultMessage: FAIRNESS_PERIOD_ERROR,
  });
  return { period: data.period, chain: data.chain ?? null, beacon: data.beacon ?? null };
}

/** GET /fairness/stats (public): how often the cheapest digit was drawn, and the return per choice. */
export async function fetchFairnessStats(api: ApiClient): Promise<FairnessStats> {
  const { data } = await api.get<FairnessStats>('/fairness/stats', { defaultMessage: FAIRNESS_STATS_ERROR });
  return { windows: Array.isArray(data?.windows) ? data.windows : [] };
}

/** GET /bet/{betId}/proof (the signed-in player's own bets only): the bet's leaf and its path to the period's root. */
export async function fetchBetProof(api: ApiClient, betId: string): Promise<BetProof> {
  const { data } = await api.get<BetProof>(`/bet/${encodeURIComponent(betId)}/proof`, {
    defaultMessage: BET_PROOF_ERROR,
  });
  return data;
}
