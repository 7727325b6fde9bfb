import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { readEntry, userRoom, type SocketMessage } from '@app/realtime';
import { RedisKeys, type FencedLease, type RedisService } from '@app/redis';
import { deleteRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '@app/redis/testing';
import { ResultsPublisher, type PublicationKind } from './results-publisher.js';

/** Records when each slice is published, beside the slices' own reads. */
class RecordingPublisher extends ResultsPublisher {
  constructor(
    redis: RedisService,
    private readonly log: string[],
  ) {
    super(redis);
  }
  override async publishOnce(
    lease: FencedLease,
    kind: PublicationKind,
    periodId: string,
    messages: SocketMessage[],
  ): Promise<boolean> {
    const published = await super.publishOnce(lease, kind, periodId, messages);
    this.log.push(`publish ${periodId.split(':').at(-1)}`);
    return published;
  }
}

describe('results publisher: the players online first, the rest at a resting pace', () => {
  let client: Redis;
  let keys: RedisKeys;
  let prefix: string;
  const LEASE_VALUE = 'clock#1';
  let lease: FencedLease;

  beforeAll(async () => {
    client = new Redis(TEST_REDIS_URL);
    prefix = testRedisPrefix();
    keys = new RedisKeys(prefix);
    // A held lease, as the round clock's publisher holds it (its value carries the fencing token).
    lease = { key: keys.lease('round-clock'), value: LEASE_VALUE } as FencedLease;
    await client.set(lease.key, LEASE_VALUE);
  });
  afterAll(async () => {
    client.disconnect();
    await deleteRedisPrefix(prefix);
  });

  it('reads ahead while online players wait, then rests after each slice as long as it took; every slice once', async () => {
    const [online, away] = [randomUUID(), randomUUID()];
    await client
      .multi()
      .zadd(keys.presenceNodes, Date.now() + 60_000, 'node-a')
      .sadd(keys.presence('node-a'), online)
      .exec();
    const log: string[] = [];
    const at: Record<string, number> = {};
    const publisher = new RecordingPublisher({ client, keys } as unknown as RedisService, log);
    const message = (id: string, n: number): SocketMessage => ({
      room: userRoom(id),
      event: 'bet-result',
      data: { n },
    });
    const plan = [[online], [online, away], [away], [away]];
    let given: string[] = [];
    async function* slices(first: string[]) {
      given = first;
      for (const [n, rooms] of plan.entries()) {
        log.push(`read ${n}`);
        at[n] = performance.now();
        // The rest's slices take a while to build.
        if (n >= 2) await new Promise((r) => setTimeout(r, 60));
        yield rooms.map((id) => message(id, n));
      }
      log.push('read end');
    }

    expect(await publisher.publishSlices(lease, 'P1', slices, 60_000)).toBe(4);
    expect(given).toEqual([online]);
    // Slice 1 is read while slice 0 goes out; from slice 1 on (a player away), each is read after the previous
    // one went out and the publisher rested.
    expect(log).toEqual([
      'read 0',
      'read 1',
      'publish 0',
      'publish 1',
      'read 2',
      'publish 2',
      'read 3',
      'publish 3',
      'read end',
    ]);
    // Slice 2 took at least 60 ms to build: the publisher rested at least as long before reading slice 3.
    expect(at[3]! - at[2]!).toBeGreaterThanOrEqual(115);

    const entries = await client.xrange(keys.results, '-', '+');
    const rooms = entries.flatMap(([, fields]) => readEntry(fields[1]!).map((m) => m.room));
    expect(rooms).toEqual(plan.flat().map(userRoom));
    // The snapshot went with the publication; published again (a successor), nothing goes out twice.
    expect(await client.exists(keys.resultsOnline('P1'))).toBe(0);
    expect(await publisher.publishSlices(lease, 'P1', slices, 60_000)).toBe(0);
    expect(await client.xlen(keys.results)).toBe(entries.length);
  });

  it('rests only within its time: past it, the rest goes out at full speed', async () => {
    const [online, away] = [randomUUID(), randomUUID()];
    await client
      .multi()
      .zadd(keys.presenceNodes, Date.now() + 60_000, 'node-b')
      .sadd(keys.presence('node-b'), online)
      .exec();
    const at: number[] = [];
    async function* slices() {
      for (const [n, rooms] of [[online], [away], [away], [away]].entries()) {
        at.push(performance.now());
        await new Promise((r) => setTimeout(r, 60));
        yield rooms.map((id): SocketMessage => ({ room: userRoom(id), event: 'bet-result', data: { n } }));
      }
    }
    // 250 ms to rest in. Slice 1 is read ahead while slice 0 goes out (at about 60 ms) and is there at about 120 ms:
    // a 60-ms rest ends within the 250 ms, so slice 2 is read at about 180 ms. Slice 2 is there at about 240 ms: a
    // rest would end past the 250 ms, so slice 3 is read at once.
    expect(
      await new ResultsPublisher({ client, keys } as unknown as RedisService).publishSlices(lease, 'P2', slices, 250),
    ).toBe(4);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(115);
    expect(at[3]! - at[2]!).toBeLessThan(110);
  });

  it('stops resting when the process stops: the rest under way ends and none follows', async () => {
    const [online, away] = [randomUUID(), randomUUID()];
    await client
      .multi()
      .zadd(keys.presenceNodes, Date.now() + 60_000, 'node-c')
      .sadd(keys.presence('node-c'), online)
      .exec();
    const publisher = new ResultsPublisher({ client, keys } as unknown as RedisService);
    async function* slices() {
      yield [{ room: userRoom(online), event: 'bet-result', data: {} }];
      for (let n = 1; n < 6; n++) {
        // Each of the rest takes 600 ms to build: rested after, 600 ms more each.
        await new Promise((r) => setTimeout(r, 600));
        yield [{ room: userRoom(away), event: 'bet-result', data: { n } }];
      }
    }
    const started = performance.now();
    const publishing = publisher.publishSlices(lease, 'P3', slices, 60_000);
    // Stopped in the first rest (slice 1 is built at about 600 ms and rested after until about 1,200 ms).
    await new Promise((r) => setTimeout(r, 900));
    publisher.hurry();
    expect(await publishing).toBe(6);
    // Without the hurry: 5 × 600 ms built and 5 × 600 ms rested, 6 s. With it: 3 s of building, one rest cut short
    // and none after (the margin is for a busy machine's timers, far from another rest's 600 ms).
    expect(performance.now() - started).toBeLessThan(4_200);
  });

  it('announces at the draw to the players of the snapshot the results go out under, and counts the slices that went out', async () => {
    const [online, later] = [randomUUID(), randomUUID()];
    await client
      .multi()
      .zadd(keys.presenceNodes, Date.now() + 60_000, 'node-d')
      .sadd(keys.presence('node-d'), online)
      .exec();
    const publisher = new ResultsPublisher({ client, keys } as unknown as RedisService);
    const result = (n: number): SocketMessage => ({ room: userRoom(online), event: 'bet-result', data: { n } });
    let announcedTo: string[] = [];
    // Three slices; the second fails to be read (a lost connection): the first went out, the rest did not.
    async function* failing(first: string[]) {
      announcedTo = first;
      yield [result(0)];
      throw new Error('connection lost');
    }
    expect(await publisher.announcedSlices('P4')).toBe(0);
    await expect(publisher.publishAnnouncement(lease, 'P4', failing)).rejects.toThrow('connection lost');
    const snapshot = announcedTo;
    expect(snapshot).toContain(online);
    expect(await publisher.announcedSlices('P4')).toBe(1);
    // Announced again (the settlement retried, or a successor's): the same snapshot, the recorded slice skipped.
    await client.sadd(keys.presence('node-d'), later);
    async function* all(first: string[]) {
      announcedTo = first;
      for (let n = 0; n < 20; n++) yield [result(n)];
    }
    expect(await publisher.publishAnnouncement(lease, 'P4', all)).toBe(19);
    expect(announcedTo).toEqual(snapshot);
    expect(announcedTo).not.toContain(later);
    expect(await publisher.announcedSlices('P4')).toBe(20);
    const entries = await client.xrange(keys.results, '-', '+');
    const told = entries.flatMap(([, fields]) => readEntry(fields[1]!)).filter((m) => m.room === userRoom(online));
    expect(told.map((m) => m.data)).toEqual(Array.from({ length: 20 }, (_, n) => ({ n })));

    // The results after the settlement are read with the same players and the count of slices announced; the
    // snapshot goes with them.
    let given: [string[], number] = [[], -1];
    async function* settled(first: string[], announced: number) {
      given = [first, announced];
      yield [{ room: userRoom(online), event: 'balance-update', data: {} }];
    }
    expect(await publisher.publishSlices(lease, 'P4', settled, 60_000)).toBe(1);
    expect(given).toEqual([snapshot, 20]);
    expect(await client.exists(keys.resultsOnline('P4'))).toBe(0);

    // Published again after the snapshot was dropped (a successor, the publication done but not marked): a new
    // snapshot cannot say whose results were announced, so none is left out; every slice is recorded, none goes out.
    expect(await publisher.publishSlices(lease, 'P4', settled, 60_000)).toBe(0);
    expect(given[1]).toBe(0);
    // A slice left empty (its results all announced) keeps its number, and so does the one after it.
    async function* withEmpty() {
      yield [];
      yield [{ room: userRoom(online), event: 'balance-update', data: {} }] as SocketMessage[];
    }
    expect(await publisher.publishSlices(lease, 'P6', withEmpty, 60_000)).toBe(1);
    expect(await client.exists(keys.published('results', 'P6:0'))).toBe(0);
    expect(await client.exists(keys.published('results', 'P6:1'))).toBe(1);

    // Fenced: a publisher whose lease is gone announces nothing.
    const lost = { key: lease.key, value: 'clock#0' } as FencedLease;
    await expect(publisher.publishAnnouncement(lost, 'P5', all)).rejects.toThrow('no longer held');
    expect(await publisher.announcedSlices('P5')).toBe(0);
  });
});
