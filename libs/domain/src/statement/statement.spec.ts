import { ACCOUNT_STATEMENT_MESSAGES, statementLineKind, validateStatementQuery } from './statement.js';

describe('statement range', () => {
  it('takes IST dates, inclusive, as half-open instants', () => {
    const result = validateStatementQuery({ from: '2026-11-01', to: '2026-11-30', format: 'csv' });
    expect(result.ok && result.value).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      fromMs: Date.parse('2026-11-01T00:00:00+05:30'),
      toMsExclusive: Date.parse('2026-12-01T00:00:00+05:30'),
      format: 'csv',
      after: 0,
    });
    expect(validateStatementQuery({ from: '2026-11-01', to: '2026-11-01' }).value).toMatchObject({ format: 'json' });
  });

  it('refuses missing or impossible dates, a reversed range, more than 366 days, an unknown format or position', () => {
    expect(validateStatementQuery({}).errors).toEqual({
      from: ACCOUNT_STATEMENT_MESSAGES.fromRequired,
      to: ACCOUNT_STATEMENT_MESSAGES.toRequired,
    });
    expect(validateStatementQuery({ from: '2026-02-30', to: '2026-03-01' }).errors).toEqual({
      from: ACCOUNT_STATEMENT_MESSAGES.fromRequired,
    });
    expect(validateStatementQuery({ from: '2026-11-02', to: '2026-11-01' }).error).toBe(
      ACCOUNT_STATEMENT_MESSAGES.order,
    );
    expect(validateStatementQuery({ from: '2024-01-01', to: '2024-12-31' }).ok).toBe(true); // 366 days
    expect(validateStatementQuery({ from: '2025-01-01', to: '2026-01-02' }).error).toBe(
      ACCOUNT_STATEMENT_MESSAGES.tooLong,
    );
    expect(validateStatementQuery({ from: '2026-11-01', to: '2026-11-02', format: 'pdf' }).error).toBe(
      ACCOUNT_STATEMENT_MESSAGES.format,
    );
    expect(validateStatementQuery({ from: '2026-11-01', to: '2026-11-02', after: '-1' }).error).toBe(
      ACCOUNT_STATEMENT_MESSAGES.after,
    );
    expect(validateStatementQuery({ from: ['2026-11-01'], to: '2026-11-02' }).ok).toBe(false);
  });

  it('names each journal entry’s line', () => {
    expect(
      [
        'DepositApproved',
        'WithdrawalRequested',
        'WithdrawalReturned',
        'ReferralBonusPaid',
        'BonusReleased',
        'BonusExpired',
        'BetsPlaced',
        'PeriodSettled',
        'PeriodRefunded',
        'TestFunding',
      ].map(statementLineKind),
    ).toEqual([
      'deposit',
      'withdrawal',
      'withdrawal-returned',
      'bonus-granted',
      'bonus-released',
      'bonus-expired',
      'stake',
      'win',
      'refund',
      'adjustment',
    ]);
  });
});
