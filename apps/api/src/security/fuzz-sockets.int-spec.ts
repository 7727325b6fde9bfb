import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import fc from 'fast-check';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { CLIENT_EVENTS, SOCKET_PATH } from '@app/contracts';
import { currentPeriod, isValidBet, STAKES } from '@app/domain';
import { reconcile } from '@app/ledger';
import { COMMAND_FIELD, decodeCommand } from '@app/realtime';
import { RedisService } from '@app/redis';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { SOCKET_MAX_MESSAGE_BYTES } from '../realtime/redis-io.adapter.js';
import { RoundsService } from '../rounds/rounds.service.js';
import {
  connected,
  createUser,
  newSession,
  startTestApi,
  TEST_API_KEY,
  type TestApi,
  type TestUser,
} from '@app/testing';
import { HOSTILE_KEYS, hostileText, hostileValuesJson } from './testing/hostile.js';
import { checkProperty, clip, forgedToken } from './testing/fuzz-settings.js';
import { INTERNAL_DETAIL } from './testing/responses.js';
import { changedParts, snapshotState, type StateSnapshot } from './testing/state.js';

jest.setTimeout(300_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Gap between two messages of one socket: under the per-socket rate limit, so every case reaches its handler. */
const PACE_MS = 110;
const RESERVED = new Set(['disconnect', 'disconnecting', 'error', 'newListener', 'removeListener']);
/** Hostile values for socket messages: nesting a client library can still encode (a message is at most 4 KB). */
const hostileValueJson = hostileValuesJson(300);

/**
 * Every client socket event (SPEC section 7, the contract's CLIENT_EVENTS and whatever a server socket listens
 * to) with generated hostile payloads, as a player and as the super-admin; and the handshake and raw frames as an
 * anonymous client. Asserts: no handler error (nothing logged at error level), no internal detail in any event a
 * client receives, the socket stays up, no money or account record changes, and nothing but a well-formed bet of
 * the running period reaches a bet stream.
 */
describe('socket fuzz: every client event with hostile payloads', () => {
  let api: TestApi;
  let player: TestUser;
  let admin: TestUser;
  let events: string[];
  let state: StateSnapshot;
  const errors: string[] = [];

  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMITS: 'false' } });
    player = await createUser(api, { main: 10_000_00 });
    admin = await createUser(api, { role: 'super-admin' });
    jest.spyOn(Logger.prototype, 'error').mockImplementation(function (this: Logger, message: unknown) {
      errors.push(
        clip(
          message instanceof Error
            ? `${message.name}: ${message.message}`
            : String(typeof message === 'object' ? JSON.stringify(message) : message),
          400,
        ),
      );
    });
    // The events a signed-in server socket listens to, beside those the contract lists.
    const probe = await connect({ apiKey: TEST_API_KEY, token: player.token });
    const serverSocket = api.app.get(RealtimeGateway).server.sockets.sockets.get(probe.id!);
    const listened = (serverSocket?.eventNames() ?? []).map(String).filter((e) => !RESERVED.has(e));
    probe.disconnect();
    const spec = [
      'new-token',
      'get-game-results',
      'get-all-game-results',
      'send-period-id-current',
      'get-balance',
      'get-current-bet',
      'place-bet',
    ];
    events = [...new Set([...spec, ...CLIENT_EVENTS, ...listened])];
    expect(listened.length).toBeGreaterThan(0);
    // Every event a server socket handles is part of the contract (so the web client and this suite know it).
    expect(listened.filter((e) => !(CLIENT_EVENTS as readonly string[]).includes(e))).toEqual([]);
    state = await snapshotState(api.db);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await api?.close();
  });

  function connect(auth: Record<string, unknown>): Promise<Socket> {
    return connected(api.socket(auth) as unknown as Socket);
  }

  async function streamEntries(): Promise<Array<{ id: string; fields: string[] }>> {
    const redis = api.app.get(RedisService);
    const all: Array<{ id: string; fields: string[] }> = [];
    for (let p = 0; p < api.config.BET_PARTITIONS; p++) {
      const entries = (await redis.client.xrange(redis.keys.betCommands(p), '-', '+')) as Array<[string, string[]]>;
      all.push(...entries.map(([id, fields]) => ({ id, fields })));
    }
    return all;
  }

  /** Arguments for one emit: shaped like the event's payload (place-bet, get-bet-outcomes, new-token) or anything at all. */
  function argumentsFor(event: string) {
    const period = () => currentPeriod(Date.now(), api.app.get(RoundsService).periodConfig).periodId;
    const value = fc.oneof(
      { weight: 3, arbitrary: hostileValueJson.map((j) => JSON.parse(j) as unknown) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, null, 0, '', [], {}) },
    );
    const shaped =
      event === 'place-bet'
        ? fc
            .record(
              {
                periodId: fc.oneof(fc.constant('<current>'), hostileText, value),
                betType: fc.oneof(fc.constantFrom('color', 'bigSmall', 'number'), hostileText, value),
                betValue: fc.oneof(
                  fc.constantFrom('red', 'green', 'violet', 'big', 'small', '0', '7', '9', '10'),
                  hostileText,
                  value,
                ),
                amount: fc.oneof(fc.constantFrom(...STAKES, 0, -10, 10.5, 1e308, 2 ** 53 + 2), value),
              },
              { requiredKeys: [] },
            )
            .map((p) => (p.periodId === '<current>' ? { ...p, periodId: period() } : p))
        : event === 'get-bet-outcomes'
          ? fc.record(
              {
                commandIds: fc.oneof(fc.array(fc.oneof(fc.uuid(), hostileText), { maxLength: 25 }), value),
                betIds: fc.oneof(fc.array(fc.oneof(fc.uuid(), hostileText), { maxLength: 25 }), value),
              },
              { requiredKeys: [] },
            )
          : event === 'new-token'
            ? fc.record(
                {
                  token: fc.oneof(
                    hostileText,
                    value,
                    fc.constant(forgedToken({ alg: 'none' }, { sub: admin.id, role: 'super-admin', sid: admin.id })),
                  ),
                },
                { requiredKeys: [] },
              )
            : value;
    const withExtras = fc
      .tuple(shaped, fc.array(fc.tuple(fc.constantFrom(...HOSTILE_KEYS), value), { maxLength: 2 }))
      .map(([base, extras]) =>
        base && typeof base === 'object' && !Array.isArray(base)
          ? JSON.parse(
              `{${[...Object.entries(base), ...extras].map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v ?? null)}`).join(',')}}`,
            )
          : base,
      );
    return fc.tuple(
      fc.array(
        fc.oneof(
          { weight: 3, arbitrary: shaped },
          { weight: 1, arbitrary: withExtras },
          { weight: 1, arbitrary: value },
        ),
        { maxLength: 3 },
      ),
      fc.boolean(),
    );
  }

  for (const who of ['player', 'admin'] as const) {
    it(`as ${who}: no handler error, no internals, socket up, nothing stored or queued that is not a valid bet`, async () => {
      const user = who === 'player' ? player : admin;
      const received: Array<[string, unknown]> = [];
      let disconnected = '';
      let socket: Socket | undefined;
      const ensureConnected = async () => {
        if (socket?.connected) return socket;
        socket = await connect({ apiKey: TEST_API_KEY, token: await newSession(api, user) });
        disconnected = '';
        socket.onAny((event: string, ...args: unknown[]) => received.push([event, args]));
        socket.on('disconnect', (reason) => (disconnected = reason));
        return socket;
      };
      for (const event of events) {
        await checkProperty(
          `${event} as ${who}`,
          fc.asyncProperty(argumentsFor(event), async ([args, withAck]) => {
            const live = await ensureConnected();
            received.length = 0;
            const before = errors.length;
            const emit = live.emit as (event: string, ...args: unknown[]) => void;
            emit.call(
              live,
              event,
              ...args,
              ...(withAck ? [(...reply: unknown[]) => received.push(['(ack)', reply])] : []),
            );
            // A message over the size limit closes its own connection (by design): wait for that before the next
            // case; any other message must leave the socket up.
            const oversized = Buffer.byteLength(JSON.stringify([event, ...args])) > SOCKET_MAX_MESSAGE_BYTES - 16;
            await sleep(PACE_MS);
            for (let waited = 0; oversized && !disconnected && waited < 3_000; waited += 50) await sleep(50);
            const text = JSON.stringify(received);
            const problems = [
              ...errors.slice(before).map((e) => `logged error: ${e}`),
              ...(INTERNAL_DETAIL.test(text) ? [`internal detail sent: ${clip(text, 400)}`] : []),
              ...(disconnected && !oversized ? [`socket disconnected: ${disconnected}`] : []),
              ...received
                .filter(([e, a]) => e === 'exception' && /internal server error/i.test(JSON.stringify(a)))
                .map(() => 'exception: internal server error'),
            ];
            const after = await snapshotState(api.db);
            const changed = changedParts(state, after);
            state = after;
            if (changed.length) problems.push(`changed: ${changed.join(', ')}`);
            expect({ event, args: clip(JSON.stringify(args) ?? 'undefined', 300), problems }).toEqual({
              event,
              args: clip(JSON.stringify(args) ?? 'undefined', 300),
              problems: [],
            });
          }),
        );
      }
      socket?.disconnect();
      // Only well-formed bets of a real period, at an allowed stake, by a known user were handed on.
      for (const { fields } of await streamEntries()) {
        const command = fields[0] === COMMAND_FIELD ? decodeCommand(fields[1] ?? '') : null;
        if (fields[0] !== COMMAND_FIELD) continue;
        expect(command).not.toBeNull();
        expect([player.id, admin.id]).toContain(command!.userId);
        expect(isValidBet(command!.betType, command!.betValue)).toBe(true);
        expect((STAKES as readonly number[]).map((s) => s * 100)).toContain(command!.amount);
        expect(command!.periodId).toMatch(/^\d{12}$/);
      }
    });
  }

  it('as anonymous: hostile handshakes are refused with a plain message and never sign in', async () => {
    const allowed = new Set([
      'API key is missing.',
      'API key is invalid.',
      'Please log in to continue.',
      'Your session has expired. Please log in again.',
    ]);
    const value = hostileValueJson.map((j) => JSON.parse(j) as unknown);
    const auth = fc.oneof(
      fc.record({ apiKey: value, token: value }, { requiredKeys: [] }),
      fc.record({
        apiKey: fc.constant(TEST_API_KEY),
        token: fc.oneof(
          hostileText,
          value,
          fc.constantFrom(
            forgedToken({ alg: 'none' }, { sub: player.id, role: 'user', sid: player.id }),
            forgedToken({ alg: 'HS256' }, { sub: admin.id, role: 'super-admin', sid: admin.id, exp: 9_999_999_999 }),
          ),
        ),
      }),
      fc.constantFrom<Record<string, unknown>>({}, { apiKey: TEST_API_KEY }, { apiKey: TEST_API_KEY, token: '' }),
    );
    await checkProperty(
      'handshake as anonymous',
      fc.asyncProperty(auth, async (handshake) => {
        const before = errors.length;
        const outcome = await new Promise<string>((resolve) => {
          const socket = io(api.url, {
            path: SOCKET_PATH,
            transports: ['websocket'],
            auth: handshake,
            reconnection: false,
            forceNew: true,
            timeout: 5_000,
          });
          setTimeout(() => {
            socket.disconnect();
            resolve('no answer within 6 s');
          }, 6_000).unref();
          socket.once('connect', () => {
            socket.disconnect();
            resolve('connected');
          });
          socket.once('connect_error', (error) => {
            socket.disconnect();
            resolve(error.message);
          });
          // A handshake over the message size limit is dropped with its connection (by design): closed, and no
          // refusal follows (the manager also reports a close just before an ordinary refusal).
          socket.io.on('close', () => setTimeout(() => resolve('closed'), 1_000).unref());
        });
        const oversized = Buffer.byteLength(JSON.stringify(handshake)) > SOCKET_MAX_MESSAGE_BYTES - 32;
        const verdict = allowed.has(outcome) || (outcome === 'closed' && oversized) ? 'refused' : outcome;
        expect({ verdict, errors: errors.slice(before) }).toEqual({ verdict: 'refused', errors: [] });
      }),
    );
  });

  it('as anonymous: raw Engine.IO / Socket.IO frames never crash the server or leak internals', async () => {
    const frames = fc.array(
      fc.oneof(
        fc.constantFrom(
          '40',
          '40{}',
          '40[]',
          '40"x"',
          '40null',
          '42["place-bet",{}]',
          '41',
          '4',
          '2',
          '3',
          '6',
          '9',
          '',
          '4{',
          '42[',
          '43["x"]',
          '44{"a":1}',
          '45-["a",{"_placeholder":true,"num":99}]',
          '40/admin,{}',
          '40/,{}',
        ),
        hostileValueJson.map((j) => `40${j}`),
        hostileValueJson.map((j) => `42["place-bet",${j}]`),
        hostileText,
        fc.uint8Array({ maxLength: 64 }),
      ),
      { minLength: 1, maxLength: 6 },
    );
    await checkProperty(
      'raw frames as anonymous',
      fc.asyncProperty(frames, async (list) => {
        const before = errors.length;
        const replies: string[] = [];
        const ws = new WebSocket(`${api.url.replace('http', 'ws')}${SOCKET_PATH}/?EIO=4&transport=websocket`);
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        });
        ws.on('message', (data) => replies.push(String(data)));
        for (const frame of list) if (ws.readyState === WebSocket.OPEN) ws.send(frame);
        await sleep(60);
        ws.close();
        const text = replies.join('\n');
        expect({ leaked: INTERNAL_DETAIL.test(text) ? clip(text) : null, errors: errors.slice(before) }).toEqual({
          leaked: null,
          errors: [],
        });
      }),
    );
    // The server still serves.
    expect((await api.request('GET', '/api/v1/health')).status).toBe(200);
    const socket = await connect({ apiKey: TEST_API_KEY, token: await newSession(api, player) });
    expect(socket.connected).toBe(true);
    socket.disconnect();
  });

  it('leaves the ledger reconciled', async () => {
    expect((await reconcile(api.db)).ok).toBe(true);
    expect(errors).toEqual([]);
  });
});
