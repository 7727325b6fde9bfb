import type {
  AwaySummaryData,
  PlayBreakTakenData,
  ReturnRequestedData,
  WithdrawRequest,
  WithdrawResult,
} from '@app/contracts';
import { FORM_FALLBACKS, SUCCESS_TEXTS, type PlayBreakOption } from '@app/domain';
import type { ApiClient } from '../../shared/api';
import { PLAY_BREAK_TEXTS } from './play-break-texts';

/** POST /play-safely/break: the break or self-exclusion starts, and every session of the player ends. */
export async function takePlayBreak(
  api: ApiClient,
  option: PlayBreakOption,
): Promise<{ data: PlayBreakTakenData; message: string }> {
  const { data, message } = await api.post<PlayBreakTakenData>(
    '/play-safely/break',
    { option },
    { defaultMessage: PLAY_BREAK_TEXTS.failed },
  );
  return { data, message: message ?? '' };
}

/** GET /play-safely/away with the withdraw-only token. */
export async function loadAway(api: ApiClient, token: string): Promise<AwaySummaryData> {
  return (
    await api.get<AwaySummaryData>('/play-safely/away', { defaultMessage: PLAY_BREAK_TEXTS.loadFailed, bearer: token })
  ).data;
}

/** POST /play-safely/away/withdraw with the withdraw-only token. */
export async function awayWithdraw(api: ApiClient, token: string, request: WithdrawRequest): Promise<WithdrawResult> {
  const { data, message } = await api.post<WithdrawResult>('/play-safely/away/withdraw', request, {
    defaultMessage: FORM_FALLBACKS.withdraw,
    bearer: token,
  });
  return { ...data, message: data?.message || message || SUCCESS_TEXTS.withdrawalSubmitted };
}

/** POST /play-safely/away/return with the withdraw-only token. */
export async function askToReturn(
  api: ApiClient,
  token: string,
): Promise<{ data: ReturnRequestedData; message: string }> {
  const { data, message } = await api.post<ReturnRequestedData>(
    '/play-safely/away/return',
    {},
    { defaultMessage: PLAY_BREAK_TEXTS.loadFailed, bearer: token },
  );
  return { data, message: message ?? '' };
}
