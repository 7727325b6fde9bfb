import type { ClientConfig, DepositRequest, DepositResult, PaymentConfig } from '@app/contracts';
import { FORM_FALLBACKS, SUCCESS_TEXTS } from '@app/domain';
import { ApiError, type ApiClient } from '../../shared/api';

/** Shown when the payee cannot be loaded (the spec has no text for it). */
export const PAYMENT_CONFIG_ERROR = 'Failed to load the payment details';

/** GET /app-config → data.payment: the receiving UPI address and name. */
export async function fetchPaymentConfig(api: ApiClient): Promise<PaymentConfig> {
  const { data } = await api.get<ClientConfig>('/app-config', { defaultMessage: PAYMENT_CONFIG_ERROR });
  if (!data?.payment?.payeeVpa) throw new ApiError(PAYMENT_CONFIG_ERROR, 500);
  return data.payment;
}

export interface DepositSubmitted {
  result: DepositResult;
  /** What the player is told: the server's message, else 'Deposit request submitted.'. */
  message: string;
}

/**
 * POST /payment/deposit. A failure carries the server's message, else the form's 'Deposit failed.' (SPEC 8: the
 * deposit form shows the error it is given, else that text).
 */
export async function submitDeposit(api: ApiClient, request: DepositRequest): Promise<DepositSubmitted> {
  const { data, message } = await api.post<DepositResult>('/payment/deposit', request, {
    defaultMessage: FORM_FALLBACKS.deposit,
  });
  return { result: data, message: data?.message || message || SUCCESS_TEXTS.depositSubmitted };
}
