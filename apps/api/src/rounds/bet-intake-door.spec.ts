import { placeBetAtDoor } from './bet-intake.service.js';

const ok = {
  periodId: '202611210001',
  betType: 'color',
  betValue: 'red',
  amount: 10,
  commandId: '0192F0C8-8A4E-7A1B-9C3D-000000000001',
  sentAt: 1_700_000_000_000,
};

describe('place-bet at the door (its schema in libs/contracts/src/socket.ts)', () => {
  it('takes a payload of exactly the place-bet keys', () => {
    expect(placeBetAtDoor(ok)).toEqual({ bet: ok, fault: null });
    const { commandId: _c, sentAt: _s, ...older } = ok;
    expect(placeBetAtDoor(older)).toEqual({ bet: older, fault: null });
  });

  it('gives the first fault in the order of the refusals, and the fields that pass for its context', () => {
    for (const payload of [
      null,
      'x',
      [],
      { ...ok, extra: 1 },
      { ...ok, commandId: 'not-a-uuid' },
      { ...ok, commandId: 7, periodId: 1 },
    ]) {
      expect(placeBetAtDoor(payload)).toEqual({ bet: {}, fault: 'request' });
    }
    expect(placeBetAtDoor({ ...ok, periodId: 5, betType: 1 }).fault).toBe('periodId');
    expect(placeBetAtDoor({ ...ok, betValue: 3, amount: '10' })).toEqual({
      bet: { ...ok, betValue: undefined, amount: undefined },
      fault: 'choice',
    });
    expect(placeBetAtDoor({ ...ok, amount: Number.POSITIVE_INFINITY, sentAt: 'soon' }).fault).toBe('amount');
    expect(placeBetAtDoor({ ...ok, sentAt: null }).fault).toBe('sentAt');
  });
});
