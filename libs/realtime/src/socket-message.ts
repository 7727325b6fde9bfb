import { isAscii } from 'node:buffer';

/** A message for sockets: to one room (`user:{id}`) or, with room null, to every connected socket. */
export interface SocketMessage {
  room: string | null;
  event: string;
  data: unknown;
}

export const userRoom = (userId: string) => `user:${userId}`;
/** The room of every signed-in administrator's sockets (the console's live pending counts). */
export const ADMIN_ROOM = 'admins';
/**
 * The room of the sockets that asked for each period's bet commitment (`watch-commitments`): `bets-committed` goes
 * there, not to every socket (a player's screen has no use for it; the commitment is also in the fairness API).
 */
export const COMMITMENTS_ROOM = 'commitments';

/** Field of a Redis events-stream entry holding its messages (`encodeEntry`). */
export const EVENTS_FIELD = 'm';
/** Most messages in one stream entry (large fan-outs such as settlement are chunked). */
export const MESSAGES_PER_ENTRY = 500;
/**
 * Most characters of one stream entry's text (`encodeEntries`; an entry holding one longer message is longer). V8
 * keeps a string over 128 KiB in its large-object space, allocated and released page by page, and writing it to a
 * socket copies it whole: a round's results in entries of 500 bet-results (about 330 KiB each) cost 8–10 µs a
 * message to encode against 4–7 µs in entries under this size (`load-tests/entries-bench.mjs`).
 */
export const ENTRY_MAX_CHARS = 64 * 1024;
/**
 * Approximate length the events streams are trimmed to. Api nodes tail them from "now"; the backlog only has to
 * cover a node's brief stall, and an entry can hold hundreds of messages.
 */
export const EVENTS_STREAM_MAXLEN = 5_000;

/** What an answer key of a command's bet-message starts with (the rest is the command's outcome key). */
export const COMMAND_ANSWER = 'command:';

/**
 * The key a message is answered once under on a socket, or undefined for messages that may repeat (balance, lists):
 * the bet-message answering a command id, the bet-result of a bet, a period's refund notice (once per period and
 * text) and an account notice (once per transaction and kind) reach a socket once, whichever way they come.
 */
export function answerKey(event: string, data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  if (event === 'bet-result' && typeof d.betId === 'string') return `result:${d.betId}`;
  // An account notice (a payment reviewed, a bonus credited): once per transaction and kind.
  if (event === 'notice' && typeof d.transactionId === 'string' && typeof d.kind === 'string')
    return `account:${d.kind}:${d.transactionId}`;
  if (event !== 'bet-message') return undefined;
  if (typeof d.commandId === 'string') return `${COMMAND_ANSWER}${d.commandId}`;
  // Not the answer to a command: a notice about a period (its bets were refunded), once per period and text.
  if (typeof d.periodId === 'string' && typeof d.message === 'string') return `notice:${d.periodId}:${d.message}`;
  return undefined;
}

/**
 * A message as an events-stream entry carries it: its room, event and answer key readable at once, its data still
 * JSON text. An api node reads every entry but writes only its own sockets' messages, and writes the JSON text into
 * their frames as it is: a message for a room it does not hold is never parsed, and none is encoded again.
 */
export class WireMessage {
  private parsed?: { data: unknown };
  private text?: string;

  constructor(
    readonly room: string | null,
    readonly event: string,
    /** `answerKey(event, data)`, or undefined. */
    readonly answer: string | undefined,
    /**
     * The data as JSON text ('' for none), or as its bytes when read from an entry's bytes (ASCII only, see
     * `readEntryBytes`): then decoded only if something asks for the text.
     */
    private readonly source: string | Buffer,
  ) {}

  static of(message: SocketMessage): WireMessage {
    return new WireMessage(
      message.room,
      message.event,
      answerKey(message.event, message.data),
      message.data === undefined ? '' : JSON.stringify(message.data),
    );
  }

  /** The data as JSON text ('' for none). */
  get json(): string {
    if (typeof this.source === 'string') return this.source;
    return (this.text ??= this.source.toString('latin1'));
  }

  /** The data's JSON as the bytes it was read from (a view into the entry, not a copy), when read from bytes. */
  get jsonBytes(): Buffer | undefined {
    return typeof this.source === 'string' ? undefined : this.source;
  }

  /** The data, parsed on first use. */
  get data(): unknown {
    this.parsed ??= { data: this.json === '' ? undefined : JSON.parse(this.json) };
    return this.parsed.data;
  }

  /** The Socket.IO event packet of the default namespace: `2["event",data]`. */
  get packet(): string {
    return `2[${JSON.stringify(this.event)}${this.json === '' ? '' : `,${this.json}`}]`;
  }

  toSocketMessage(): SocketMessage {
    return { room: this.room, event: this.event, data: this.data };
  }
}

/** Whether a header field (room, event, answer key) holds a tab or a line break. */
const breaksLine = (text: string) => text.indexOf('\t') >= 0 || text.indexOf('\n') >= 0;
/** Events checked already (a handful of names, repeated in every entry). */
const eventsChecked = new Set<string>();

const NON_ASCII = /[\u0080-\uffff]/;
const NON_ASCII_ALL = /[\u0080-\uffff]/g;
const escapeUnit = (unit: string) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * JSON text with every non-ASCII character written as its `\uXXXX` escape (the same value to any JSON reader): an
 * entry's data is then ASCII, so its lengths count bytes too and an api node reads it without decoding it
 * (`readEntryBytes`).
 */
function asciiJson(json: string): string {
  return NON_ASCII.test(json) ? json.replace(NON_ASCII_ALL, escapeUnit) : json;
}

/**
 * The text of an events-stream entry: one message per line, `room TAB event TAB answer key TAB length TAB data`,
 * with an empty room for every socket, an empty key for none, the data as JSON text ('' for none) and its length
 * (UTF-16 code units, as JavaScript counts them) so a reader steps from message to message without scanning the
 * data. The data is written in ASCII (non-ASCII characters escaped), so those lengths count its bytes as well. The
 * header fields never hold a tab or a line break (an answer key that would is not kept: the message is then never
 * treated as a repeat).
 */
export function encodeEntry(messages: readonly SocketMessage[]): string {
  const lines: string[] = new Array<string>(messages.length);
  for (let i = 0; i < messages.length; i++) lines[i] = encodeLine(messages[i]!);
  return lines.join('\n');
}

/**
 * `messages` as the texts of consecutive entries, in order: each holds at most `maxMessages` messages and at most
 * `maxChars` characters (`ENTRY_MAX_CHARS`), unless one message alone is longer (it then has an entry of its own).
 */
export function encodeEntries(
  messages: readonly SocketMessage[],
  maxChars = ENTRY_MAX_CHARS,
  maxMessages = MESSAGES_PER_ENTRY,
): string[] {
  const entries: string[] = [];
  let lines: string[] = [];
  let chars = 0;
  for (const message of messages) {
    const line = encodeLine(message);
    if (lines.length > 0 && (lines.length >= maxMessages || chars + 1 + line.length > maxChars)) {
      entries.push(lines.join('\n'));
      lines = [];
      chars = 0;
    }
    chars += (lines.length > 0 ? 1 : 0) + line.length;
    lines.push(line);
  }
  if (lines.length > 0) entries.push(lines.join('\n'));
  return entries;
}

/** One message's line of an entry (`encodeEntry`). */
function encodeLine({ room, event, data }: SocketMessage): string {
  if (!eventsChecked.has(event)) {
    if (breaksLine(event) || event === '') throw new Error(`not an event an entry can carry: ${JSON.stringify(event)}`);
    if (eventsChecked.size < 256) eventsChecked.add(event);
  }
  if (room === '' || (room !== null && breaksLine(room)))
    throw new Error(`not a room an entry can carry: ${JSON.stringify(room)}`);
  let answer = answerKey(event, data) ?? '';
  if (breaksLine(answer)) answer = '';
  const json = data === undefined ? '' : asciiJson(JSON.stringify(data));
  return `${room ?? ''}\t${event}\t${answer}\t${json.length}\t${json}`;
}

/**
 * The messages of an entry's text, their data left as JSON text; with `keep`, only those it accepts (told each one's
 * room, null for every socket, and answer key), and the others' data is not even read. Reads an entry of earlier
 * releases (a JSON array) too.
 */
export function readEntry(
  text: string,
  keep?: (room: string | null, answer: string | undefined) => boolean,
): WireMessage[] {
  if (text.startsWith('['))
    return (JSON.parse(text) as SocketMessage[])
      .map((m) => WireMessage.of(m))
      .filter((m) => !keep || keep(m.room, m.answer));
  const messages: WireMessage[] = [];
  let start = 0;
  while (start < text.length) {
    const a = text.indexOf('\t', start);
    const b = text.indexOf('\t', a + 1);
    const c = text.indexOf('\t', b + 1);
    const d = text.indexOf('\t', c + 1);
    const length = Number(text.slice(c + 1, d));
    const end = d + 1 + length;
    if (
      a < 0 ||
      b < 0 ||
      c < 0 ||
      d < 0 ||
      !Number.isInteger(length) ||
      length < 0 ||
      end > text.length ||
      (end < text.length && text.charCodeAt(end) !== 10)
    ) {
      throw new Error('malformed events entry');
    }
    const room = a > start ? text.slice(start, a) : null;
    const answer = c > b + 1 ? text.slice(b + 1, c) : undefined;
    if (!keep || keep(room, answer))
      messages.push(new WireMessage(room, text.slice(a + 1, b), answer, text.slice(d + 1, end)));
    start = end + 1;
  }
  return messages;
}

const TAB = 9;
const LINE_FEED = 10;
const DIGIT_0 = 48;

/**
 * `readEntry` for an entry as Redis returned it, as bytes: a message `keep` refuses costs a few byte searches and
 * its room's text, and one it keeps carries its data as a view into these bytes (`WireMessage.jsonBytes`), which a
 * websocket frame is built from without decoding or encoding the JSON. The lengths an entry gives count UTF-16 code
 * units: they count bytes only in an all-ASCII entry (`encodeEntry` writes the data in ASCII; a refund notice's
 * answer key, or an entry of an earlier release, may hold other characters): any other entry is decoded and read as
 * text.
 */
export function readEntryBytes(
  bytes: Buffer,
  keep?: (room: string | null, answer: string | undefined) => boolean,
): WireMessage[] {
  if (bytes.length === 0 || bytes[0] === 0x5b /* [ */ || !isAscii(bytes))
    return readEntry(bytes.toString('utf8'), keep);
  const messages: WireMessage[] = [];
  const end = bytes.length;
  let start = 0;
  while (start < end) {
    const a = bytes.indexOf(TAB, start);
    const b = a < 0 ? -1 : bytes.indexOf(TAB, a + 1);
    const c = b < 0 ? -1 : bytes.indexOf(TAB, b + 1);
    const d = c < 0 ? -1 : bytes.indexOf(TAB, c + 1);
    if (d < 0 || d === c + 1 || d - c > 16) throw new Error('malformed events entry');
    let length = 0;
    for (let i = c + 1; i < d; i++) {
      const digit = bytes[i]! - DIGIT_0;
      if (digit < 0 || digit > 9) throw new Error('malformed events entry');
      length = length * 10 + digit;
    }
    const stop = d + 1 + length;
    if (stop > end || (stop < end && bytes[stop] !== LINE_FEED)) throw new Error('malformed events entry');
    const room = a > start ? bytes.toString('latin1', start, a) : null;
    const answer = c > b + 1 ? bytes.toString('latin1', b + 1, c) : undefined;
    if (!keep || keep(room, answer)) {
      messages.push(
        new WireMessage(
          room,
          bytes.toString('latin1', a + 1, b),
          answer,
          length === 0 ? '' : bytes.subarray(d + 1, stop),
        ),
      );
    }
    start = stop + 1;
  }
  return messages;
}

/** The messages of an entry's text, parsed. */
export function decodeEntry(text: string): SocketMessage[] {
  return readEntry(text).map((m) => m.toSocketMessage());
}
