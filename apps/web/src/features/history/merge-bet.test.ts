import { playerBet } from '../socket/testing/live-fixtures';
import { mergeBetUpdate, mergeFetchedBets } from './merge-bet';

describe('live bet updates in the history (SPEC 4)', () => {
  test('an existing bet takes the new status, isWin, winAmountPaise, systemSelectedValue and dates, keeping its place', () => {
    const a = playerBet({ _id: 'a', betType: 'number', betValue: '7', amountPaise: 1000 });
    const b = playerBet({ _id: 'b' });
    const settled = {
      ...a,
      betValue: 'tampered',
      amountPaise: 99900,
      status: 'COMPLETED' as const,
      isWin: true,
      winAmountPaise: 7560,
      systemSelectedValue: '7',
      updatedAt: '2026-11-21T04:30:31.000Z',
    };
    const merged = mergeBetUpdate([b, a], settled);
    expect(merged.map((x) => x._id)).toEqual(['b', 'a']);
    expect(merged[1]).toEqual({
      ...a,
      status: 'COMPLETED',
      isWin: true,
      winAmountPaise: 7560,
      systemSelectedValue: '7',
      updatedAt: '2026-11-21T04:30:31.000Z',
    });
  });

  test('any other bet is added at the front', () => {
    const a = playerBet({ _id: 'a' });
    const fresh = playerBet({ _id: 'fresh' });
    expect(mergeBetUpdate([a], fresh).map((x) => x._id)).toEqual(['fresh', 'a']);
  });

  test('updates that arrived during a load win over an older fetched copy and new bets go first', () => {
    const fetched = [playerBet({ _id: 'a', updatedAt: '2026-11-21T04:30:05.000Z' }), playerBet({ _id: 'b' })];
    const live = [
      playerBet({ _id: 'a', status: 'COMPLETED', isWin: false, updatedAt: '2026-11-21T04:30:31.000Z' }),
      playerBet({ _id: 'new' }),
    ];
    const merged = mergeFetchedBets(fetched, live);
    expect(merged.map((x) => [x._id, x.status])).toEqual([
      ['new', 'PENDING'],
      ['a', 'COMPLETED'],
      ['b', 'PENDING'],
    ]);
  });

  test('a fetched copy newer than the live one is kept', () => {
    const fetched = [playerBet({ _id: 'a', status: 'COMPLETED', updatedAt: '2026-11-21T04:31:00.000Z' })];
    const live = [playerBet({ _id: 'a', status: 'PENDING', updatedAt: '2026-11-21T04:30:00.000Z' })];
    expect(mergeFetchedBets(fetched, live)[0]!.status).toBe('COMPLETED');
  });
});
