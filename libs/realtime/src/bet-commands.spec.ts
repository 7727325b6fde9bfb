import { decodeCommand, encodeCommand, outcomeKey, partitionOf, streamIdTime, uuidv7 } from './bet-commands.js';

describe('bet commands', () => {
  it('round-trips a command and refuses garbage', () => {
    const command = { id: uuidv7(), userId: 'u1', periodId: '202611210001', betType: 'color', betValue: 'red', amount: 1000 };
    expect(decodeCommand(encodeCommand(command))).toEqual(command);
    expect(decodeCommand('not json')).toBeNull();
    expect(decodeCommand(JSON.stringify(['a', 'b']))).toBeNull();
  });

  it("carries the client's command id when there is one, and keys the outcome by it", () => {
    const clientCommandId = '0192f0c8-8a4e-7a1b-9c3d-1234567890ab';
    const command = { id: uuidv7(), userId: 'u1', periodId: '202611210001', betType: 'color', betValue: 'red', amount: 1000, clientCommandId };
    expect(decodeCommand(encodeCommand(command))).toEqual(command);
    expect(outcomeKey(command)).toBe(clientCommandId);
    const legacy = { ...command, clientCommandId: undefined };
    // A command without one encodes exactly as before (six fields) and is keyed by the gateway's id.
    expect(JSON.parse(encodeCommand(legacy))).toHaveLength(6);
    expect(outcomeKey(decodeCommand(encodeCommand(legacy))!)).toBe(command.id);
    expect(decodeCommand(JSON.stringify([command.id, 'u1', '202611210001', 'color', 'red', 1000, 'not-a-uuid']))).toBeNull();
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
