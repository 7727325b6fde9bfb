import { createHash } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/contracts';
import { currentPeriod, nextPeriodId, previousPeriodId } from '@app/domain';
import {
  createUser,
  eventually,
  expectLedgerReconciles,
  sleep,
  startTestApi,
  startTestEngine,
  TEST_API_KEY,
  type TestApi,
  type TestEngine,
  type TestUser,
} from '@app/testing';

const ROUNDS = { ROUND_SECONDS: '4', LOCK_SECONDS: '1', BET_PARTITIONS: '2', FAIRNESS_CHAIN_LENGTH: '3000' };
const periodConfig = { roundSeconds: 4, lockSeconds: 1 };
/** Rounds walked; the periods whose whole life (opened ahead → drawn) falls inside the walk are checked. */
const WALK_ROUNDS = 6;
/** How far down the chain a public value is followed (a period's seed follows from any later chain element). */
const CHAIN_STEPS = 2000;

type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Every byte a client could see: each HTTP response and socket packet, with the time it arrived. */
class PublicBytes {
  readonly items: Array<{ at: number; seq: number; source: string; text: string }> = [];

  add(source: string, value: unknown): void {
    this.items.push({
      at: Date.now(),
      seq: this.items.length,
      source,
      text: typeof value === 'string' ? value : JSON.stringify(value),
    });
  }

  /** What arrived before `ms` (so was produced before it). */
  before(ms: number) {
    return this.items.filter((item) => item.at < ms);
  }
}

const sha256 = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/** Every 32-byte value written in hex (any case; every 64-character window of a longer hex run) or base64. */
function thirtyTwoByteValues(text: string): string[] {
  const values: string[] = [];
  for (const [run] of text.toLowerCase().matchAll(/[0-9a-f]{64,}/g)) {
    for (let i = 0; i + 64 <= run.length; i++) values.push(run.slice(i, i + 64));
  }
  for (const [token] of text.matchAll(/(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{43}=?(?![A-Za-z0-9+/_-])/g)) {
    const bytes = Buffer.from(token.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) values.push(bytes.toString('hex'));
  }
  return values;
}

interface Origin {
  /** Arrival time or position of the earliest collected value it follows from. */
  order: number;
  source: string;
}

/**
 * For every value reachable by hashing a collected 32-byte value 0…CHAIN_STEPS times, the earliest (by `order`:
 * arrival time, or position in one socket's stream) collected value it follows from. A seed maps to an order
 * before its draw exactly when something public by then revealed it (it or a later chain element).
 */
function derivable(
  items: PublicBytes['items'],
  order: (item: PublicBytes['items'][number]) => number,
): Map<string, Origin> {
  const earliest = new Map<string, Origin>();
  for (const item of items) {
    for (const value of thirtyTwoByteValues(item.text)) {
      const seen = earliest.get(value);
      if (!seen || order(item) < seen.order) earliest.set(value, { order: order(item), source: item.source });
    }
  }
  const reach = new Map<string, Origin>();
  for (const [value, origin] of [...earliest].sort((a, b) => a[1].order - b[1].order)) {
    let current = value;
    for (let step = 0; step <= CHAIN_STEPS; step++) {
      // Reached earlier already: everything below it is too.
      if (reach.has(current)) break;
      reach.set(current, { order: origin.order, source: `${origin.source} (${step} SHA-256 steps)` });
      current = sha256(current);
    }
  }
  return reach;
}

describe('seed secrecy: no seed is knowable before its period is drawn', () => {
  let api: TestApi;
  let engine: TestEngine;

  beforeAll(async () => {
    api = await startTestApi({ env: ROUNDS });
    engine = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX },
    });
  });
  afterAll(async () => {
    await engine.close();
    await api.close();
  });

  it('walks real rounds and finds no seed, nor a later chain element, in anything public before the draw', async () => {
    const seen = new PublicBytes();
    const player: TestUser = await createUser(api, { main: 1_000_000 });
    const socket = api.socket({ apiKey: TEST_API_KEY, token: player.token }) as GameSocket;
    // Every packet the signed-in player's socket receives, raw (events, acks, errors).
    socket.io.on('packet', (packet) =>
      seen.add(`player socket ${Array.isArray(packet.data) ? packet.data[0] : packet.type}`, packet),
    );
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });

    let walking = true;
    const started = Date.now();
    /** Each answer of GET /fairness/periods/:id, with when it was asked and when it came. */
    const periodReads: Array<{ periodId: string; sentAt: number; at: number; body: string }> = [];

    /** Every public read, for the current, next, following, previous and far-future periods. */
    const pollHttp = async () => {
      while (walking) {
        const now = currentPeriod(Date.now(), periodConfig).periodId;
        const next = nextPeriodId(now, periodConfig);
        const ids = [
          now,
          next,
          nextPeriodId(next, periodConfig),
          previousPeriodId(now, periodConfig),
          '209901010001',
          'not-a-period',
        ];
        const paths = ['/api/v1/fairness', '/api/v1/app-config', ...ids.map((id) => `/api/v1/fairness/periods/${id}`)];
        await Promise.all([
          ...paths.map(async (path) => {
            const sentAt = Date.now();
            const response = await api.request('GET', path);
            seen.add(`GET ${path}`, { status: response.status, headers: [...response.headers], body: response.body });
            const periodId = /\/fairness\/periods\/(\d+)$/.exec(path)?.[1];
            if (periodId && response.status === 200)
              periodReads.push({ periodId, sentAt, at: Date.now(), body: JSON.stringify(response.body) });
          }),
          (async () => {
            const response = await api.request('GET', '/api/v1/bet', { token: player.token });
            seen.add('GET /api/v1/bet', { status: response.status, body: response.body });
          })(),
        ]);
        await sleep(150);
      }
    };

    /** Every client event a player may send (about seven a second, under the per-socket limit), and a bet a period. */
    const pollSocket = async () => {
      const betOn = new Set<string>();
      while (walking) {
        socket.emit('send-period-id-current');
        socket.emit('get-game-results');
        socket.emit('get-all-game-results');
        socket.emit('get-balance');
        socket.emit('get-current-bet');
        socket.emit('new-token', { token: player.token });
        const period = currentPeriod(Date.now(), periodConfig);
        if (!betOn.has(period.periodId) && period.lockTime - Date.now() > 500) {
          betOn.add(period.periodId);
          socket.emit('place-bet', { periodId: period.periodId, betType: 'number', betValue: '7', amount: 10 });
        }
        await sleep(1000);
      }
    };

    /** Anonymous clients: without a token, and without an API key. */
    const pollAnonymous = async () => {
      while (walking) {
        for (const auth of [{ apiKey: TEST_API_KEY }, {}]) {
          const anonymous = api.socket(auth) as GameSocket;
          anonymous.io.on('packet', (packet) => seen.add('anonymous socket', packet));
          await new Promise<void>((resolve) => {
            anonymous.on('connect_error', (error) => {
              seen.add('anonymous socket error', { message: error.message, data: (error as { data?: unknown }).data });
              resolve();
            });
            anonymous.on('connect', () => {
              anonymous.emit('send-period-id-current');
              anonymous.emit('get-all-game-results');
              setTimeout(resolve, 300);
            });
          });
          anonymous.disconnect();
        }
        await sleep(1000);
      }
    };

    const pollers = [pollHttp(), pollSocket(), pollAnonymous()];
    await sleep(WALK_ROUNDS * periodConfig.roundSeconds * 1000);
    walking = false;
    await Promise.all(pollers);
    const ended = Date.now();

    // The periods observed from before they were opened (one round ahead) until after they were drawn.
    const checked = await eventually(
      async () => {
        const rows = await api.db
          .selectFrom('periods')
          .select(['id', 'status', 'seed', 'seed_hash', 'start_at', 'lock_at', 'end_at', 'drawn_at'])
          .where('start_at', '>=', new Date(started + periodConfig.roundSeconds * 1000))
          .where('end_at', '<=', new Date(ended))
          .orderBy('start_at')
          .execute();
        return rows.every((r) => r.seed) && rows.length >= WALK_ROUNDS - 3 ? rows : undefined;
      },
      10_000,
      'the walked periods drawn',
    );

    // Every checked period's result has reached the player's socket.
    await eventually(
      async () =>
        checked.every((period) =>
          seen.items.some(
            (item) => item.source === 'player socket game-result' && item.text.includes(`"${period.id}"`),
          ),
        ),
      5000,
      'the results on the socket',
    );

    const byTime = derivable(seen.items, (item) => item.at);
    const socketStream = seen.items.filter((item) => item.source.startsWith('player socket'));
    for (const period of checked) {
      const seed = period.seed!;
      const drawnAfter = period.end_at.getTime();
      // The seed itself, in hex (any case) or base64, in anything that arrived before the period ended …
      const base64 = Buffer.from(seed, 'hex').toString('base64').replace(/=+$/, '');
      const base64url = Buffer.from(seed, 'hex').toString('base64url');
      const leaks = seen
        .before(drawnAfter)
        .filter(
          (item) =>
            item.text.toLowerCase().includes(seed) || item.text.includes(base64) || item.text.includes(base64url),
        );
      expect({ period: period.id, leaks: [...new Set(leaks.map((l) => l.source))] }).toEqual({
        period: period.id,
        leaks: [],
      });
      // … nor any value it follows from by repeated SHA-256 (a later chain element).
      const from = byTime.get(seed);
      expect({ period: period.id, knowableBeforeEnd: from && from.order < drawnAfter ? from.source : null }).toEqual({
        period: period.id,
        knowableBeforeEnd: null,
      });
      // Nor before the period was drawn: the announcement of the next period (whose committed hash is this seed) is
      // public only from the draw on, whether pushed or asked for (`send-period-id-current` may be answered with it
      // before this period's result, pushed through the results stream, reaches the socket). `drawn_at` is the draw
      // transaction's start, before anything it wrote could be read (1 ms for the receipt times' rounding).
      expect(
        socketStream.some(
          (item) => item.source === 'player socket game-result' && item.text.includes(`"${period.id}"`),
        ),
      ).toBe(true);
      const drawnAt = period.drawn_at!.getTime();
      expect({
        period: period.id,
        knowableBeforeDrawn: from && from.order < drawnAt - 1 ? from.source : null,
      }).toEqual({
        period: period.id,
        knowableBeforeDrawn: null,
      });
    }

    // The walk saw what it had to: every period announced with its committed hash (and the right one), served ahead
    // of its start, and every read of it asked once the hash was announced serving the hash. One record a period, so
    // a failure shows the whole walk's timing (ms from each period's start).
    const walk = checked.map((period) => {
      const start = period.start_at.getTime();
      const lock = period.lock_at.getTime();
      const announcements = seen.items.filter(
        (item) => item.source === 'player socket next-period-id' && item.text.includes(period.id),
      );
      const hashes = announcements.map((item) => JSON.parse(item.text).data[1].seedHash).filter(Boolean);
      const firstWithHash = announcements.find((item) => item.text.includes('"seedHash"'));
      // Every read of the period asked once its hash was announced and answered before its lock serves the hash.
      const readsAfterAnnouncement = firstWithHash
        ? periodReads.filter((read) => read.periodId === period.id && read.sentAt > firstWithHash.at && read.at < lock)
        : [];
      return {
        period: period.id,
        hashesRight: hashes.length > 0 && hashes.every((hash) => hash === sha256(period.seed!)),
        announcedAt: firstWithHash ? firstWithHash.at - start : null,
        lockAt: lock - start,
        servedAhead: seen.items.some(
          (item) =>
            item.source === `GET /api/v1/fairness/periods/${period.id}` &&
            item.at < start &&
            item.text.includes('"status":200'),
        ),
        readsBeforeLock: readsAfterAnnouncement.length,
        withoutHash: readsAfterAnnouncement.filter((read) => !read.body.includes(sha256(period.seed!))).length,
      };
    });
    const failures = walk.filter(
      (p) => !p.hashesRight || !p.servedAhead || p.announcedAt === null || p.withoutHash > 0,
    );
    expect({ failures, walk }).toEqual({ failures: [], walk });
    // On a quiet machine every period is announced, and read with its hash, well before its lock; on a loaded one a
    // late draw of the period before can leave less than a poll's turn (or none) before the lock.
    const announcedBeforeLock = walk.filter((p) => p.announcedAt !== null && p.announcedAt < p.lockAt).length;
    const servedBeforeLock = walk.filter((p) => p.readsBeforeLock > 0).length;
    const half = Math.ceil(walk.length / 2);
    expect({
      announcedBeforeLock: announcedBeforeLock >= half,
      servedBeforeLock: servedBeforeLock >= half,
      walk,
    }).toEqual({ announcedBeforeLock: true, servedBeforeLock: true, walk });
    socket.disconnect();
    await expectLedgerReconciles(api.db);
  }, 90_000);
});
