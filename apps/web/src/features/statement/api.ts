import type { Statement, StatementData } from '@app/contracts';
import { ApiError, type ApiClient } from '../../shared/api';
import { STATEMENT_TEXTS } from './statement-texts';

export interface StatementQuery {
  from: string;
  to: string;
}

const query = ({ from, to }: StatementQuery, extra: Record<string, string> = {}) =>
  new URLSearchParams({ from, to, ...extra }).toString();

/** GET /wallet/statement?from&to&after → one page (500 lines) of the statement. */
export async function fetchStatementPage(api: ApiClient, range: StatementQuery, after = 0): Promise<Statement> {
  const { data } = await api.get<StatementData>(`/wallet/statement?${query(range, { after: String(after) })}`, {
    defaultMessage: STATEMENT_TEXTS.loadFailed,
  });
  if (!data?.statement || !Array.isArray(data.statement.lines)) throw new ApiError(STATEMENT_TEXTS.loadFailed, 500);
  return data.statement;
}

/** GET /wallet/statement?from&to&format=csv → the whole range as a CSV file. */
export function downloadStatementCsv(api: ApiClient, range: StatementQuery): Promise<Blob> {
  return api.download(`/wallet/statement?${query(range, { format: 'csv' })}`, {
    defaultMessage: STATEMENT_TEXTS.downloadFailed,
  });
}

export const statementFileName = ({ from, to }: StatementQuery) => `winround-statement-${from}-to-${to}.csv`;

/** Hands a file to the browser as a download. */
export function saveFile(blob: Blob, name: string): void {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
