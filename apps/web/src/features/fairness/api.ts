import type { FairnessInfo, FairnessPeriodData } from '@app/contracts';
import type { ApiClient } from '../../shared/api';

export const FAIRNESS_ERROR = 'Failed to fetch fairness data';
export const FAIRNESS_PERIOD_ERROR = 'Failed to fetch the period';

/** GET /fairness (public): the commitment, the chain length, the next seed hash and the recent revealed seeds. */
export async function fetchFairness(api: ApiClient): Promise<FairnessInfo> {
  const { data } = await api.get<FairnessInfo>('/fairness', { defaultMessage: FAIRNESS_ERROR });
  return { ...data, recent: Array.isArray(data?.recent) ? data.recent : [] };
}

/** GET /fairness/periods/{periodId} (public): one drawn period with its seed. */
export async function fetchFairnessPeriod(api: ApiClient, periodId: string): Promise<FairnessPeriodData['period']> {
  const { data } = await api.get<FairnessPeriodData>(`/fairness/periods/${encodeURIComponent(periodId)}`, {
    defaultMessage: FAIRNESS_PERIOD_ERROR,
  });
  return data.period;
}
