import { toWireBet, type BetRowLike } from './bet-wire.js';

const row = (created: Date | string, updated: Date | string): BetRowLike => ({
  id: 'b-1',
  bet_type: 'color',
  bet_value: 'red',
  system_selected_value: null,
  amount: 1000,
  is_win: null,
  win_amount: 0,
  status: 'PENDING',
  played_from: 'web',
  period_id: '202611230001',
  created_at: created,
  updated_at: updated,
});

describe('toWireBet times', () => {
  it("gives each row its own ISO time, whether rows repeat a time (one statement's rows) or not", () => {
    const a = '2026-11-23T09:45:12.123456+00:00';
    const b = '2026-11-23T15:15:12.5+05:30';
    expect(toWireBet(row(a, a))).toMatchObject({
      createdAt: '2026-11-23T09:45:12.123Z',
      updatedAt: '2026-11-23T09:45:12.123Z',
    });
    expect(toWireBet(row(a, b))).toMatchObject({
      createdAt: '2026-11-23T09:45:12.123Z',
      updatedAt: '2026-11-23T09:45:12.500Z',
    });
    expect(toWireBet(row(b, a))).toMatchObject({
      createdAt: '2026-11-23T09:45:12.500Z',
      updatedAt: '2026-11-23T09:45:12.123Z',
    });
    const when = new Date('2026-01-02T03:04:05.006Z');
    expect(toWireBet(row(when, b))).toMatchObject({
      createdAt: '2026-01-02T03:04:05.006Z',
      updatedAt: '2026-11-23T09:45:12.500Z',
    });
  });

  it('refuses a time that is not one, every time (nothing remembered from a failure)', () => {
    expect(() => toWireBet(row('not a time', 'not a time'))).toThrow(RangeError);
    expect(() => toWireBet(row('not a time', 'not a time'))).toThrow(RangeError);
  });
});
