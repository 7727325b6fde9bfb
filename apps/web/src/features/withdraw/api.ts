import type { WithdrawRequest, WithdrawResult } from '@app/contracts';
import { FORM_FALLBACKS, SUCCESS_TEXTS } from '@app/domain';
import type { ApiClient } from '../../shared/api';

/**
 * POST /payment/withdraw. A failure carries the server's message, else the form's 'Withdrawal failed.' (SPEC 8: the
 * withdraw form shows the error it is given, else that text).
 */
export async function submitWithdrawal(api: ApiClient, request: WithdrawRequest): Promise<WithdrawResult> {
  const { data, message } = await api.post<WithdrawResult>('/payment/withdraw', request, {
    defaultMessage: FORM_FALLBACKS.withdraw,
  });
  return { ...data, message: data?.message || message || SUCCESS_TEXTS.withdrawalSubmitted };
}
