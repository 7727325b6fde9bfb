import { parseBankStatement, statementByUtr, type BankStatement, type StatementEntry } from '@app/domain';
import { useId, useState, type ChangeEvent } from 'react';
import './deposit-review.css';

/** A bank statement read in the browser: its file name, its credits and their index by UTR. */
export interface ImportedStatement {
  fileName: string;
  statement: BankStatement;
  byUtr: ReadonlyMap<string, StatementEntry>;
}

/** The file's text (File.text where the browser has it, else a FileReader). */
function readText(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

interface Props {
  imported: ImportedStatement | null;
  /** What the import found among the pending claims (the summary line), when a statement is loaded. */
  summary: string | null;
  onImported: (imported: ImportedStatement | null) => void;
}

/**
 * "Import bank statement": the reviewer picks the receiving account's statement (CSV of UTR, amount, payer, time);
 * it is read here, never uploaded, and each pending deposit claim is marked matched, mismatched or missing.
 */
export function StatementImport({ imported, summary, onImported }: Props) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const parsed = parseBankStatement(await readText(file));
      if (parsed.error) {
        setError(parsed.error);
        return;
      }
      setError(null);
      onImported({ fileName: file.name, statement: parsed, byUtr: statementByUtr(parsed) });
    } catch {
      setError('The file could not be read.');
    }
  };

  return (
    <div className="statement-import">
      <div className="statement-import__actions">
        <input
          id={`${id}-file`}
          className="visually-hidden"
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={onFile}
        />
        <label htmlFor={`${id}-file`} className="btn btn--ghost statement-import__pick">
          {imported ? 'Import another statement' : 'Import bank statement'}
        </label>
        {imported && (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              setError(null);
              onImported(null);
            }}
          >
            Clear statement
          </button>
        )}
      </div>
      {!imported && !error && (
        <p className="pay-hint">
          A CSV with columns UTR, amount, payer and time: each pending claim is marked against it. The file stays on
          this device.
        </p>
      )}
      {error && (
        <p className="pay-error" role="alert">
          {error}
        </p>
      )}
      {imported && summary && (
        <p className="statement-import__summary" role="status">
          {summary}
        </p>
      )}
      {imported && imported.statement.problems.length > 0 && (
        <details className="statement-import__problems">
          <summary>
            {imported.statement.problems.length} {imported.statement.problems.length === 1 ? 'line' : 'lines'} not read
          </summary>
          <ul>
            {imported.statement.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
