import { ERROR_DEFAULTS } from '@app/domain';
import type { TransactionsData, WalletSummary, WalletSummaryData } from '@app/contracts';
import { ApiError, type ApiClient } from '../../shared/api';
import { transactionFromWire, type PlayerTransaction } from '../../shared/records';

/** GET /wallet/summary → data.summary (rupees; `balance` is the main, withdrawable balance). */
export async function fetchWalletSummary(api: ApiClient): Promise<WalletSummary> {
  const { data } = await api.get<WalletSummaryData>('/wallet/summary', {
    defaultMessage: ERROR_DEFAULTS.walletSummary,
  });
  if (!data?.summary) throw new ApiError(ERROR_DEFAULTS.walletSummary, 500);
  return data.summary;
}

/** GET /wallet/transactions → data.transactions, newest first; the wire's signed rupees become signed paise. */
export async function fetchTransactions(api: ApiClient): Promise<PlayerTransaction[]> {
  const { data } = await api.get<TransactionsData>('/wallet/transactions', {
    defaultMessage: ERROR_DEFAULTS.transactions,
  });
  if (!Array.isArray(data?.transactions)) throw new ApiError(ERROR_DEFAULTS.transactions, 500);
  return data.transactions.map(transactionFromWire);
}
