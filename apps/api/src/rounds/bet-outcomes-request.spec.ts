import { BET_OUTCOMES_MAX_IDS } from '@app/contracts';
import { parseOutcomesRequest } from './bet-outcomes.service.js';

const id = (n: number) => `0192f0c8-8a4e-7a1b-9c3d-${String(n).padStart(12, '0')}`;

describe('get-bet-outcomes request', () => {
  it('takes lists of UUIDs (lower-cased, without repeats), each list optional', () => {
    expect(parseOutcomesRequest({})).toEqual({ commandIds: [], betIds: [] });
    expect(parseOutcomesRequest({ commandIds: [id(1).toUpperCase(), id(1)], betIds: [id(2)] })).toEqual({
      commandIds: [id(1)],
      betIds: [id(2)],
    });
    expect(
      parseOutcomesRequest({ betIds: Array.from({ length: BET_OUTCOMES_MAX_IDS }, (_, i) => id(i)) })?.betIds,
    ).toHaveLength(BET_OUTCOMES_MAX_IDS);
  });

  it('refuses anything else', () => {
    for (const payload of [
      null,
      'x',
      [],
      { commandIds: 'x' },
      { commandIds: [1] },
      { commandIds: ['not-a-uuid'] },
      { betIds: [`${id(1)} `] },
      { commandIds: Array.from({ length: BET_OUTCOMES_MAX_IDS + 1 }, (_, i) => id(i)) },
      { commandIds: [], userId: id(1) },
    ]) {
      expect(parseOutcomesRequest(payload)).toBeNull();
    }
  });
});
