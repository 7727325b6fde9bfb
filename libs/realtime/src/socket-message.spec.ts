import fc from 'fast-check';
import {
  answerKey,
  decodeEntry,
  encodeEntries,
  encodeEntry,
  readEntry,
  readEntryBytes,
  userRoom,
  WireMessage,
  type SocketMessage,
} from './socket-message.js';

const room = userRoom('0b7f2c1e-5d0a-4c61-9a57-3f1de0a6b001');

describe('events-stream entries', () => {
  it('carry each message back as it went in: rooms, broadcasts, no data, and texts with tabs, line breaks and any character', () => {
    const messages: SocketMessage[] = [
      {
        room,
        event: 'bet-message',
        data: {
          success: true,
          message: 'Bet placed successfully.',
          periodId: '202611280001',
          betType: 'color',
          commandId: 'c-1',
        },
      },
      { room, event: 'balance-update', data: { balance: 1234.5, mainBalance: 1200, bonusBalance: 34.5 } },
      {
        room: null,
        event: 'next-period-id',
        data: { periodId: '202611280002', startTime: 1, duration: 30, serverTime: 2 },
      },
      { room: null, event: 'request-refresh-token', data: undefined },
      {
        room,
        event: 'bet-result',
        data: { betId: 'b-1', message: 'You won ₹19.60 on Green!\n\ttab\u2028\u2029 "quoted" \\ back', win: true },
      },
      { room, event: 'current-bet-response', data: [] },
      { room, event: 'bet-message', data: null },
    ];
    expect(decodeEntry(encodeEntry(messages))).toEqual(messages);
  });

  it('are cut by size as well as by count, in order, a message longer than the budget alone in its entry', () => {
    const sized = (n: number, chars: number): SocketMessage => ({
      room: n % 5 === 0 ? null : userRoom(`u${n}`),
      event: 'bet-result',
      data: { betId: `b-${n}`, text: 'x'.repeat(chars) },
    });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3_000 }), { maxLength: 60 }),
        fc.integer({ min: 200, max: 8_000 }),
        fc.integer({ min: 1, max: 20 }),
        (lengths, maxChars, maxMessages) => {
          const messages = lengths.map((chars, n) => sized(n, chars));
          const entries = encodeEntries(messages, maxChars, maxMessages);
          expect(entries.flatMap((entry) => decodeEntry(entry))).toEqual(messages);
          for (const entry of entries) {
            const count = decodeEntry(entry).length;
            expect(count).toBeGreaterThan(0);
            expect(count).toBeLessThanOrEqual(maxMessages);
            if (count > 1) expect(entry.length).toBeLessThanOrEqual(maxChars);
          }
          // Never cut sooner than it must: an entry and the next one's first message would not have fitted together.
          for (let i = 0; i + 1 < entries.length; i++) {
            const [next] = encodeEntries(decodeEntry(entries[i + 1]!).slice(0, 1), Infinity, 1);
            const count = decodeEntry(entries[i]!).length;
            expect(count >= maxMessages || entries[i]!.length + 1 + next!.length > maxChars).toBe(true);
          }
        },
      ),
    );
    // A round's results (bet-results of about 600 characters) in the default budget: no entry over 64 KiB.
    const results = Array.from({ length: 2_000 }, (_, n) => sized(n, 560));
    const entries = encodeEntries(results);
    expect(entries.length).toBeGreaterThan(4);
    expect(Math.max(...entries.map((e) => e.length))).toBeLessThanOrEqual(64 * 1024);
    expect(entries.join('\n')).toBe(encodeEntry(results));
  });

  it('read without parsing: room, event and answer key at once, the data as the JSON text it was written as', () => {
    const data = {
      success: false,
      message: 'Could not place your bet. Please try again.',
      periodId: '202611280001',
      commandId: 'c-9',
    };
    const [message, broadcast] = readEntry(
      encodeEntry([
        { room, event: 'bet-message', data },
        { room: null, event: 'game-result', data: { periodId: 'p' } },
      ]),
    );
    expect(message).toMatchObject({ room, event: 'bet-message', answer: 'command:c-9', json: JSON.stringify(data) });
    expect(message!.packet).toBe(`2${JSON.stringify(['bet-message', data])}`);
    expect(broadcast).toMatchObject({ room: null, event: 'game-result', answer: undefined });
    expect(WireMessage.of({ room: null, event: 'request-refresh-token', data: undefined }).packet).toBe(
      `2${JSON.stringify(['request-refresh-token'])}`,
    );
  });

  it('read an entry of an earlier release (a JSON array of messages)', () => {
    const messages: SocketMessage[] = [
      { room, event: 'bet-result', data: { betId: 'b-2', win: false } },
      { room: null, event: 'game-result', data: { periodId: 'p' } },
    ];
    const read = readEntry(JSON.stringify(messages));
    expect(read.map((m) => m.toSocketMessage())).toEqual(messages);
    expect(read[0]!.answer).toBe('result:b-2');
  });

  it('refuse a room or an event they could not carry, and keep no answer key that would break a line', () => {
    expect(() => encodeEntry([{ room: '', event: 'x', data: 1 }])).toThrow();
    expect(() => encodeEntry([{ room: 'user:a\tb', event: 'x', data: 1 }])).toThrow();
    expect(() => encodeEntry([{ room, event: 'x\ny', data: 1 }])).toThrow();
    const notice = { success: false, message: 'line one\nline two', periodId: '202611280001' };
    expect(answerKey('bet-message', notice)).toContain('\n');
    const [read] = readEntry(encodeEntry([{ room, event: 'bet-message', data: notice }]));
    expect(read!.answer).toBeUndefined();
    expect(read!.data).toEqual(notice);
  });

  it('round-trip any JSON data (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            room: fc.option(fc.uuid().map(userRoom), { nil: null }),
            event: fc.constantFrom('bet-message', 'bet-result', 'balance-update', 'game-result'),
            data: fc.jsonValue(),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        (messages) => {
          const normal = messages.map((m) => ({ ...m, data: JSON.parse(JSON.stringify(m.data)) as unknown }));
          expect(decodeEntry(encodeEntry(normal))).toEqual(normal);
        },
      ),
    );
  });

  describe('read as bytes', () => {
    const shape = (m: WireMessage) => ({ room: m.room, event: m.event, answer: m.answer, json: m.json, data: m.data });

    it('give what the text reader gives, the data a view into the bytes when the entry is ASCII', () => {
      const messages: SocketMessage[] = [
        {
          room,
          event: 'bet-message',
          data: { success: true, message: 'Bet placed successfully.', periodId: '202611280001', commandId: 'c-1' },
        },
        {
          room: null,
          event: 'next-period-id',
          data: { periodId: '202611280002', startTime: 1, duration: 30, serverTime: 2 },
        },
        { room: null, event: 'request-refresh-token', data: undefined },
        { room, event: 'bet-result', data: { betId: 'b-1', message: 'tab\t and line\n "quoted" \\ back', win: true } },
      ];
      const text = encodeEntry(messages);
      const read = readEntryBytes(Buffer.from(text));
      expect(read.map(shape)).toEqual(readEntry(text).map(shape));
      expect(read[0]!.jsonBytes).toBeInstanceOf(Buffer);
      expect(read[2]!.jsonBytes).toBeUndefined();
      expect(read.map((m) => m.toSocketMessage())).toEqual(messages);
    });

    it('read an entry whose data is written in ASCII, whatever characters its texts hold', () => {
      const messages: SocketMessage[] = [
        {
          room,
          event: 'bet-result',
          data: { betId: 'b-1', message: 'You won ₹19.60 on Green! \u2028 😀 \ud800', win: true },
        },
        { room, event: 'balance-update', data: { balance: 12 } },
      ];
      const text = encodeEntry(messages);
      expect([...text].every((c) => c.charCodeAt(0) < 0x80)).toBe(true);
      const read = readEntryBytes(Buffer.from(text));
      expect(read[0]!.jsonBytes).toBeInstanceOf(Buffer);
      expect(read.map((m) => m.toSocketMessage())).toEqual(messages);
    });

    it("read as text an entry that is not ASCII (lengths count UTF-16 code units) and an earlier release's JSON array", () => {
      const data = { betId: 'b-1', message: 'You won ₹19.60 on Green! 😀', win: true };
      const json = JSON.stringify(data);
      const notice = { success: false, message: 'Période ₹', periodId: '202611280001' };
      const text = `${room}\tbet-result\tresult:b-1\t${json.length}\t${json}\n${room}\tbet-message\t${answerKey('bet-message', notice)}\t${JSON.stringify(notice).length}\t${JSON.stringify(notice)}`;
      const read = readEntryBytes(Buffer.from(text));
      expect(read.map((m) => m.toSocketMessage())).toEqual([
        { room, event: 'bet-result', data },
        { room, event: 'bet-message', data: notice },
      ]);
      expect(read[1]!.answer).toBe(answerKey('bet-message', notice));
      const messages: SocketMessage[] = [{ room, event: 'bet-result', data }];
      expect(readEntryBytes(Buffer.from(JSON.stringify(messages))).map((m) => m.toSocketMessage())).toEqual(messages);
    });

    it('tell keep each room and answer key, and build nothing for a message it refuses', () => {
      const other = userRoom('0b7f2c1e-5d0a-4c61-9a57-3f1de0a6b002');
      const seen: Array<[string | null, string | undefined]> = [];
      const read = readEntryBytes(
        Buffer.from(
          encodeEntry([
            { room: other, event: 'bet-result', data: { betId: 'b-9' } },
            { room, event: 'bet-result', data: { betId: 'b-1' } },
            { room: null, event: 'game-result', data: { periodId: 'p' } },
          ]),
        ),
        (r, answer) => (seen.push([r, answer]), r !== other),
      );
      expect(seen).toEqual([
        [other, 'result:b-9'],
        [room, 'result:b-1'],
        [null, undefined],
      ]);
      expect(read.map((m) => m.room)).toEqual([room, null]);
    });

    it('refuse a malformed entry', () => {
      const good = encodeEntry([
        { room, event: 'bet-message', data: { success: true } },
        { room: null, event: 'x', data: 1 },
      ]);
      for (const bad of [
        good.slice(0, -1),
        `${good}x`,
        good.replace('\t16\t', '\t1a\t'),
        good.replace('\t16\t', '\t\t'),
        'no tabs at all',
        `${room}\tx\t\t99999999999999999999\t{}`,
      ]) {
        expect(() => readEntryBytes(Buffer.from(bad))).toThrow('malformed events entry');
      }
    });

    it('read any entry as the text reader does (property)', () => {
      fc.assert(
        fc.property(
          fc.array(
            fc.record({
              room: fc.option(fc.uuid().map(userRoom), { nil: null }),
              event: fc.constantFrom('bet-message', 'bet-result', 'balance-update', 'game-result'),
              data: fc.option(fc.jsonValue(), { nil: undefined }),
            }),
            { minLength: 1, maxLength: 20 },
          ),
          (messages) => {
            const text = encodeEntry(messages);
            expect(readEntryBytes(Buffer.from(text)).map(shape)).toEqual(readEntry(text).map(shape));
          },
        ),
      );
    });
  });
});

describe('account notices', () => {
  it('reach a socket once per transaction and kind: a repeat of the same notice has the same answer key', () => {
    const approved = { kind: 'deposit-approved', amount: 500, transactionId: 'DEP20261129ABCDEFGHJK' };
    expect(answerKey('notice', approved)).toBe('account:deposit-approved:DEP20261129ABCDEFGHJK');
    expect(answerKey('notice', { ...approved })).toBe(answerKey('notice', approved));
    expect(answerKey('notice', { ...approved, kind: 'deposit-rejected' })).not.toBe(answerKey('notice', approved));
    // Not a period's refund notice, whatever its words.
    expect(answerKey('notice', approved)).not.toMatch(/^notice:/);
    expect(answerKey('notice', { kind: 'deposit-approved' })).toBeUndefined();
  });
});
