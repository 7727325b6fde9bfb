import { bet, betResult } from '../features/socket/testing/live-fixtures';
import { betFromWire, betMessageFromWire, betResultFromWire, transactionFromWire } from './records';

describe("the server's records enter the store in paise", () => {
  test('a bet: stake and net win become paise, everything else is kept', () => {
    const wire = bet({ _id: 'b1', amount: 75.6, winAmount: 136.08, status: 'COMPLETED', isWin: true });
    const stored = betFromWire(wire);
    expect(stored).toMatchObject({
      _id: 'b1',
      amountPaise: 7560,
      winAmountPaise: 13608,
      status: 'COMPLETED',
      isWin: true,
    });
    expect(stored).not.toHaveProperty('amount');
    expect(stored).not.toHaveProperty('winAmount');
  });

  test('a figure with float noise is rounded to the nearest paisa; one that is not an amount counts as nothing', () => {
    expect(betFromWire(bet({ amount: 0.1 + 0.2 })).amountPaise).toBe(30);
    expect(betFromWire(bet({ amount: Number.NaN })).amountPaise).toBe(0);
    expect(betFromWire({ ...bet(), winAmount: undefined as unknown as number }).winAmountPaise).toBe(0);
  });

  test('a bet-message converts the bet it carries, and a refusal carries none', () => {
    expect(betMessageFromWire({ success: true, message: 'ok', bet: bet({ amount: 500 }) }).bet?.amountPaise).toBe(
      50_000,
    );
    expect(betMessageFromWire({ success: false, message: 'no' })).toEqual({ success: false, message: 'no' });
  });

  test('a bet-result: win, loss and the settled bet in paise', () => {
    const stored = betResultFromWire(
      betResult({ win: true, winAmount: 18.2, lossAmount: 0, bet: bet({ amount: 10, winAmount: 18.2 }) }),
    );
    expect(stored).toMatchObject({
      win: true,
      winAmountPaise: 1820,
      lossAmountPaise: 0,
      bet: { amountPaise: 1000, winAmountPaise: 1820 },
    });
    expect(stored).not.toHaveProperty('winAmount');
  });

  test('a transaction keeps its sign: money out is negative paise', () => {
    const wire = {
      _id: 't1',
      type: 'WITHDRAWAL',
      method: 'BANK',
      status: 'PENDING',
      createdAt: '2026-11-21T04:30:05.000Z',
      updatedAt: '2026-11-21T04:30:05.000Z',
      transactionId: 'TX1',
      description: 'Withdrawal',
      amount: -1250.5,
      metadata: {},
    } as Parameters<typeof transactionFromWire>[0];
    expect(transactionFromWire(wire)).toMatchObject({ _id: 't1', amountPaise: -125_050 });
  });
});
