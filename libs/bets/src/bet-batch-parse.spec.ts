import { COMMAND_FIELD, encodeCommand, FENCE_FIELD } from '@app/realtime';
import { parseBatch } from './bet-batch-parse.js';

const ID = '00000000-0000-7000-8000-000000000001';
const USER = '00000000-0000-7000-8000-000000000002';

describe('parseBatch: each entry of a batch decoded once', () => {
  it('gives the commands with their receipt time, the fences, and counts what is not a command', () => {
    const command = {
      id: ID,
      userId: USER,
      periodId: '202611210001',
      betType: 'color',
      betValue: 'red',
      amount: 1_000,
    };
    const batch = parseBatch([
      { id: '1700000000000-0', fields: [COMMAND_FIELD, encodeCommand(command)] },
      { id: '1700000000001-0', fields: [FENCE_FIELD, '202611210001'] },
      { id: '1700000000002-0', fields: [COMMAND_FIELD, 'not json'] },
      { id: '1700000000003-0', fields: [COMMAND_FIELD, encodeCommand({ ...command, userId: 'not-a-uuid' })] },
      { id: '1700000000004-0', fields: ['other', 'x'] },
    ]);
    expect(batch).toEqual({
      commands: [{ entryId: '1700000000000-0', command, receivedAtMs: 1_700_000_000_000 }],
      fences: ['202611210001'],
      invalid: 3,
    });
  });
});
