import { EventEmitter } from 'node:events';
import * as ws from 'ws';
import { encodeEntry, readEntry, readEntryBytes } from '@app/realtime';
import { directConnection, eventFrame, messageFrame, textFrame } from './websocket-frames.js';

/** `ws`'s frame parser (not in its type declarations). */
const { Receiver } = ws as unknown as {
  Receiver: new (options: {
    isServer: boolean;
    skipUTF8Validation: boolean;
  }) => EventEmitter & { write(bytes: Buffer): void };
};

/** Decodes frames as a websocket client does (`ws`'s own receiver), returning each text message. */
function decode(bytes: Buffer): string[] {
  const messages: string[] = [];
  const receiver = new Receiver({ isServer: false, skipUTF8Validation: false });
  receiver.on('message', (data: Buffer, isBinary: boolean) => {
    expect(isBinary).toBe(false);
    messages.push(data.toString());
  });
  receiver.on('error', (error: Error) => {
    throw error;
  });
  receiver.write(bytes);
  return messages;
}

describe('websocket frames written directly', () => {
  it('frames payloads of every length class as a client decodes them (7-bit, 16-bit and 64-bit lengths, UTF-8)', () => {
    for (const length of [0, 1, 125, 126, 127, 65_535, 65_536, 70_000]) {
      const payload = 'x'.repeat(length);
      expect(decode(textFrame(payload))).toEqual([payload]);
    }
    // Lengths count bytes, not characters.
    const rupees = '₹'.repeat(40);
    expect(textFrame(rupees).length).toBe(2 + 120);
    expect(decode(textFrame(rupees))).toEqual([rupees]);
  });

  it('carries a Socket.IO event of the default namespace inside an Engine.IO message packet', () => {
    const frames = Buffer.concat([
      eventFrame('bet-message', { success: true, message: 'Bet placed successfully.' }),
      eventFrame('get-balance', undefined),
    ]);
    expect(decode(frames)).toEqual([
      '42["bet-message",{"success":true,"message":"Bet placed successfully."}]',
      '42["get-balance"]',
    ]);
  });

  const socketWith = (
    over: {
      readyState?: string;
      writeBuffer?: unknown[];
      name?: string;
      wsState?: number;
      queue?: unknown[];
      tcp?: Partial<{ writable: boolean; destroyed: boolean }>;
    } = {},
  ) => {
    const tcp = { writable: true, destroyed: false, write: () => true, cork() {}, uncork() {}, ...over.tcp };
    return {
      tcp,
      socket: {
        conn: {
          readyState: over.readyState ?? 'open',
          writeBuffer: over.writeBuffer ?? [],
          transport: {
            name: over.name ?? 'websocket',
            socket: { readyState: over.wsState ?? 1, _sender: { _queue: over.queue ?? [] }, _socket: tcp },
          },
        },
      },
    };
  };

  it('builds the same frame from a message as the events stream carries it (its data still JSON text)', () => {
    for (const message of [
      { room: 'user:u', event: 'bet-result', data: { betId: 'b-1', message: 'You won ₹19.60 on Green!\n', win: true } },
      { room: null, event: 'request-refresh-token', data: undefined },
    ]) {
      const [read] = readEntry(encodeEntry([message]));
      // The same event: byte for byte but for the entry's ASCII escapes of characters such as ₹.
      const event = (frame: Buffer) => JSON.parse(decode(frame)[0]!.slice(2)) as unknown;
      expect(event(textFrame(`4${read!.packet}`))).toEqual(event(eventFrame(message.event, message.data)));
      expect(messageFrame(read!)).toEqual(textFrame(`4${read!.packet}`));
    }
  });

  it("builds the same frame from a message read from an entry's bytes, its data copied as they are, at every length class", () => {
    for (const size of [0, 100, 110, 65_500, 65_530, 70_000]) {
      for (const message of [
        { room: 'user:u', event: 'bet-result', data: { betId: 'b-1', text: 'x'.repeat(size) } },
        { room: 'user:u', event: 'bet-result', data: { betId: 'b-1', text: `${'x'.repeat(size)} ₹` } },
        { room: null, event: 'request-refresh-token', data: undefined },
      ]) {
        const [read] = readEntryBytes(Buffer.from(encodeEntry([message])));
        const [text] = decode(messageFrame(read!));
        expect(text!.startsWith('42')).toBe(true);
        expect(JSON.parse(text!.slice(2))).toEqual(
          message.data === undefined ? [message.event] : [message.event, message.data],
        );
        if (!message.data?.text.includes('₹'))
          expect(messageFrame(read!)).toEqual(eventFrame(message.event, message.data));
      }
    }
  });

  it('writes directly only to an open websocket with nothing queued before it, so frames never overtake each other', () => {
    const open = socketWith();
    expect(directConnection(open.socket)).toBe(open.tcp);
    expect(directConnection(socketWith({ writeBuffer: [{ type: 'message' }] }).socket)).toBeUndefined();
    expect(directConnection(socketWith({ queue: [[() => {}]] }).socket)).toBeUndefined();
    expect(directConnection(socketWith({ name: 'polling' }).socket)).toBeUndefined();
    expect(directConnection(socketWith({ readyState: 'closing' }).socket)).toBeUndefined();
    expect(directConnection(socketWith({ wsState: 2 }).socket)).toBeUndefined();
    expect(directConnection(socketWith({ tcp: { writable: false } }).socket)).toBeUndefined();
    expect(directConnection(socketWith({ tcp: { destroyed: true } }).socket)).toBeUndefined();
    expect(directConnection({})).toBeUndefined();
  });
});
