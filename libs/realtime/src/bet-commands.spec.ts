import { decodeCommand, encodeCommand, partitionOf, streamIdTime, uuidv7 } from './bet-commands.js';

describe('bet commands', () => {
  it('round-trips a command and refuses garbage', () => {
    const command = { id: uuidv7(), userId: 'u1', periodId: '202611210001', betType: 'color', betValue: 'red', amount: 1000 };
    expect(decodeCommand(encodeCommand(command))).toEqual(command);
    expect(decodeCommand('not json')).toBeNull();
    expect(decodeCommand(JSON.stringify(['a', 'b']))).toBeNull();
  });

  it('spreads users over partitions, always the same partition per user', () => {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[partitionOf(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, 4)]!++;
    for (const c of counts) expect(c).toBeGreaterThan(800);
    expect(partitionOf('abc', 4)).toBe(partitionOf('abc', 4));
  });

  it('reads the receive time from a stream id', () => {
    expect(streamIdTime('1763700000123-7')).toBe(1763700000123);
  });

  it('makes time-ordered version-7 UUIDs', () => {
    const a = uuidv7(1_700_000_000_000);
    const b = uuidv7(1_700_000_000_001);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a < b).toBe(true);
  });
});
