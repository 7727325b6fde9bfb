import { ANSWERS_REMEMBERED, answerKey, firstAnswer } from './socket-answers.js';

/** As the events streams carry it: the message's answer key, computed where it was published. */
const first = (socket: { data: unknown }, event: string, data: unknown) => firstAnswer(socket, answerKey(event, data));

describe('one answer per socket', () => {
  it('lets the answer to a command, the result of a bet and a refund notice through once each', () => {
    const socket = { data: {} };
    const placed = { success: true, message: 'Bet placed successfully.', commandId: 'c-1' };
    expect(first(socket, 'bet-message', placed)).toBe(true);
    expect(first(socket, 'bet-message', { ...placed, success: false, message: 'other words' })).toBe(false);
    expect(first(socket, 'bet-result', { betId: 'b-1', win: true })).toBe(true);
    expect(first(socket, 'bet-result', { betId: 'b-1', win: true })).toBe(false);
    const notice = {
      success: false,
      message: 'Period 202611210001 could not be drawn in time, so your bets were refunded.',
      periodId: '202611210001',
    };
    expect(first(socket, 'bet-message', notice)).toBe(true);
    expect(first(socket, 'bet-message', notice)).toBe(false);
    // Another socket has its own record.
    expect(first({ data: {} }, 'bet-result', { betId: 'b-1' })).toBe(true);
  });

  it('never holds back state that may repeat: balances, lists, bet updates, period announcements', () => {
    const socket = { data: {} };
    for (const [event, data] of [
      ['balance-update', { balance: 1 }],
      ['current-bet-response', []],
      ['bet-update', { _id: 'b-1' }],
      ['next-period-id', { periodId: '202611210001' }],
      ['bet-message', { success: false, message: 'Invalid bet request.' }],
    ] as const) {
      expect(answerKey(event, data)).toBeUndefined();
      expect(first(socket, event, data)).toBe(true);
      expect(first(socket, event, data)).toBe(true);
    }
  });

  it('remembers a bounded number of answers per socket', () => {
    const socket = { data: {} as { answered?: Set<string> } };
    for (let i = 0; i <= ANSWERS_REMEMBERED; i++) first(socket, 'bet-result', { betId: `b-${i}` });
    expect(socket.data.answered!.size).toBe(ANSWERS_REMEMBERED);
    // The oldest was forgotten; the newest is still known.
    expect(first(socket, 'bet-result', { betId: `b-${ANSWERS_REMEMBERED}` })).toBe(false);
  });
});
