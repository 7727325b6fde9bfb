import {
  decodeCommand,
  encodeCommand,
  outcomeKey,
  partitionOf,
  streamIdTime,
  UUID_PATTERN,
  uuidv7,
} from './bet-commands.js';

describe('bet commands', () => {
  it('round-trips a command and refuses garbage', () => {
    const command = {
      id: uuidv7(),
      userId: 'u1',
      periodId: '202611210001',
      betType: 'color',
      betValue: 'red',
      amount: 1000,
    };
    expect(decodeCommand(encodeCommand(command))).toEqual(command);
    expect(decodeCommand('not json')).toBeNull();
    expect(decodeCommand(JSON.stringify(['a', 'b']))).toBeNull();
  });

  it("carries the client's command id when there is one, and keys the outcome by it", () => {
    const clientCommandId = '0192f0c8-8a4e-7a1b-9c3d-1234567890ab';
    const command = {
      id: uuidv7(),
      userId: 'u1',
      periodId: '202611210001',
      betType: 'color',
      betValue: 'red',
      amount: 1000,
      clientCommandId,
    };
    expect(decodeCommand(encodeCommand(command))).toEqual(command);
    expect(outcomeKey(command)).toBe(clientCommandId);
    const legacy = { ...command, clientCommandId: undefined };
    // A command without one encodes exactly as before (six fields) and is keyed by the gateway's id.
    expect(JSON.parse(encodeCommand(legacy))).toHaveLength(6);
    expect(outcomeKey(decodeCommand(encodeCommand(legacy))!)).toBe(command.id);
    expect(
      decodeCommand(JSON.stringify([command.id, 'u1', '202611210001', 'color', 'red', 1000, 'not-a-uuid'])),
    ).toBeNull();
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

  it('puts the millisecond timestamp in the first 48 bits, version 7 and variant 10 in their places', () => {
    for (const now of [0, 1, 1_763_700_000_123, 2 ** 48 - 1]) {
      const id = uuidv7(now);
      expect(id).toMatch(UUID_PATTERN);
      const hex = id.replace(/-/g, '');
      expect(parseInt(hex.slice(0, 12), 16)).toBe(now);
      expect(hex[12]).toBe('7');
      expect(parseInt(hex[16]!, 16) >> 2).toBe(0b10);
    }
    // Without an argument, the current time.
    const before = Date.now();
    const id = uuidv7();
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBeGreaterThanOrEqual(before);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBeLessThanOrEqual(Date.now());
  });

  it('makes unique ids, even many in one millisecond, across many refills of its random pool', () => {
    const now = 1_763_700_000_000;
    const ids = new Set<string>();
    const N = 100_000;
    // The same millisecond for all: only the random bits tell them apart.
    for (let i = 0; i < N; i++) ids.add(uuidv7(now));
    expect(ids.size).toBe(N);
    // The random bits vary in every position (a stuck pool offset or an unrefilled pool would show here).
    const sample = [...ids].slice(0, 2000).map((id) => id.replace(/-/g, ''));
    for (let position = 13; position < 32; position++) {
      if (position === 16) continue;
      expect(new Set(sample.map((h) => h[position])).size).toBe(16);
    }
    expect(new Set(sample.map((h) => h[16])).size).toBe(4);
  });
});
