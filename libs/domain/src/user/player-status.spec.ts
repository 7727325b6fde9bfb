import { PLAYER_ACTION_MESSAGES, refusePlayerAction, validatePlayerActionReason } from './player-status.js';

describe("an operator's action on a player", () => {
  it('needs a reason, trimmed, at most 500 characters', () => {
    expect(validatePlayerActionReason({ reason: '  chargebacks on three deposits ' })).toMatchObject({
      ok: true,
      value: { reason: 'chargebacks on three deposits' },
    });
    expect(validatePlayerActionReason({ reason: '   ' })).toMatchObject({
      ok: false,
      errors: { reason: PLAYER_ACTION_MESSAGES.reasonRequired },
    });
    expect(validatePlayerActionReason({})).toMatchObject({ ok: false, error: 'Please give a reason.' });
    expect(validatePlayerActionReason({ reason: 42 })).toMatchObject({ ok: false });
    expect(validatePlayerActionReason({ reason: 'x'.repeat(500) }).ok).toBe(true);
    expect(validatePlayerActionReason({ reason: 'x'.repeat(501) })).toMatchObject({
      ok: false,
      error: 'The reason can be at most 500 characters.',
    });
  });

  it('applies to players only: suspend one not suspended, reinstate one suspended', () => {
    expect(refusePlayerAction('suspend', { role: 'user', status: 'active' })).toBeNull();
    expect(refusePlayerAction('suspend', { role: 'user', status: 'banned' })).toBeNull();
    expect(refusePlayerAction('suspend', { role: 'user', status: 'suspended' })).toBe('ALREADY_SUSPENDED');
    expect(refusePlayerAction('reinstate', { role: 'user', status: 'suspended' })).toBeNull();
    expect(refusePlayerAction('reinstate', { role: 'user', status: 'active' })).toBe('NOT_SUSPENDED');
    expect(refusePlayerAction('suspend', { role: 'super-admin', status: 'active' })).toBe('NOT_FOUND');
    expect(refusePlayerAction('suspend', null)).toBe('NOT_FOUND');
  });
});
