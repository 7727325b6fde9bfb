import { Inject, Injectable } from '@nestjs/common';
import { appendMessages, userRoom, type SocketMessage } from '@app/realtime';
import { RedisService, type FencedLease } from '@app/redis';

/** How long Redis remembers that a period's results went out (far longer than any republish window). */
const RECORD_TTL_MS = 24 * 3600 * 1000;

/**
 * The players online for a period's results: taken once (the union of the live api nodes' presence sets, with a
 * marker member so that an empty snapshot still exists) and read back as it was by every later publisher. Returns
 * '1' (taken now) or '0' (read back), then the members.
 * KEYS: live nodes, snapshot. ARGV: presence-set prefix, ttl ms, marker.
 */
const ONLINE_SNAPSHOT = `
local taken = '0'
if redis.call('exists', KEYS[2]) == 0 then
  taken = '1'
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  local nodes = redis.call('ZRANGEBYSCORE', KEYS[1], now, '+inf')
  local sets = {}
  for i, node in ipairs(nodes) do sets[i] = ARGV[1] .. node end
  if #sets > 0 then redis.call('SUNIONSTORE', KEYS[2], unpack(sets)) end
  redis.call('SADD', KEYS[2], ARGV[3])
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
end
local members = redis.call('SMEMBERS', KEYS[2])
table.insert(members, 1, taken)
return members
`;
/**
 * How long a snapshot is kept when its publisher never finished (a successor republishes within seconds); a
 * finished publication deletes it.
 */
const ONLINE_SNAPSHOT_TTL_MS = 3600 * 1000;
const SNAPSHOT_MARKER = '-';
/**
 * Once the online players' results are out, the publisher rests this many times as long as each slice took: half
 * of a core at most for the rest of the period's results.
 */
const REST_PAUSE_RATIO = 1;

export type PublicationKind = 'game-result' | 'results';

export class NotLeaderError extends Error {
  readonly code = 'FENCED';
}

@Injectable()
export class ResultsPublisher {
  /** Set when the process stops: no more rests, and the one under way ends at once. */
  private hurried = false;
  private wake?: () => void;

  constructor(@Inject(RedisService) private readonly redis: RedisService) {}

  /** From now on, publishes without resting (the process is stopping: what is left goes out at full speed). */
  hurry(): void {
    this.hurried = true;
    this.wake?.();
  }

  private rest(ms: number): Promise<void> {
    if (this.hurried) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private recordKey(kind: PublicationKind, periodId: string): string {
    return this.redis.keys.published(kind, periodId);
  }

  /**
   * Publishes `messages` for `periodId` unless they were published before. `game-result` goes to the events
   * stream, `results` (bet-results, refund notices, balances) to the results stream.
   * @returns true when published now, false when already published earlier (by this or another leader).
   */
  async publishOnce(
    lease: FencedLease,
    kind: PublicationKind,
    periodId: string,
    messages: SocketMessage[],
  ): Promise<boolean> {
    const value = lease.value;
    if (!value) throw new NotLeaderError(`not the round clock's leader: results of ${periodId} not published`);
    const stream = kind === 'results' ? this.redis.keys.results : this.redis.keys.events;
    // Appended only while this publisher holds the round clock's lease (its value carries the fencing token) and only
    // if no publication of the same kind for the same period was recorded before; the record and the entries go in
    // together. One entry is encoded per turn of the event loop: the bet batches sharing it go on meanwhile.
    const outcome = await appendMessages(this.redis.client, stream, messages, {
      once: { lease: { key: lease.key, value }, record: this.recordKey(kind, periodId), recordTtlMs: RECORD_TTL_MS },
      yieldBetweenEntries: true,
    });
    if (outcome === 'not-leader')
      throw new NotLeaderError(`the round clock's lease is no longer held: results of ${periodId} not published`);
    return outcome === 'appended';
  }

  /**
   * The players with a live socket on a live api node, as first seen for `periodId`'s results: every later call
   * for the same period (a successor republishing it) gets the same list, until `forgetOnline`.
   */
  async onlineFor(periodId: string): Promise<string[]> {
    return (await this.snapshot(periodId)).online;
  }

  /** `onlineFor`, and whether the snapshot was taken now (none was kept for the period). */
  private async snapshot(periodId: string): Promise<{ online: string[]; taken: boolean }> {
    const keys = this.redis.keys;
    const [taken, ...members] = (await this.redis.client.eval(
      ONLINE_SNAPSHOT,
      2,
      keys.presenceNodes,
      keys.resultsOnline(periodId),
      keys.presence(''),
      String(ONLINE_SNAPSHOT_TTL_MS),
      SNAPSHOT_MARKER,
    )) as string[];
    return { online: members.filter((id) => id !== SNAPSHOT_MARKER), taken: taken === '1' };
  }

  /**
   * Publishes a drawn period's bet-results for the players online (`onlineFor`: the snapshot its results will be
   * published under) slice by slice as `read` yields them, each slice at most once under its own record
   * (`{periodId}:drawn:{n}`), without resting: everyone it reaches is watching. `announcedSlices` then says how many
   * went out, and `publishSlices` leaves those players' bet-results out of the same slices.
   * @returns how many slices were published now.
   */
  async publishAnnouncement(
    lease: FencedLease,
    periodId: string,
    read: (online: string[]) => AsyncIterable<SocketMessage[]>,
  ): Promise<number> {
    const online = await this.onlineFor(periodId);
    return this.publishEach(lease, `${periodId}:drawn`, read(online), new Set(online.map(userRoom)), 0);
  }

  /**
   * How many leading slices of a period's announcement at the draw are recorded as published (they go out in order,
   * each with its record, so the recorded ones are the first ones).
   */
  async announcedSlices(periodId: string): Promise<number> {
    const CHECKED_AT_ONCE = 16;
    for (let from = 0; ; from += CHECKED_AT_ONCE) {
      const pipeline = this.redis.client.pipeline();
      for (let n = from; n < from + CHECKED_AT_ONCE; n++)
        pipeline.exists(this.recordKey('results', `${periodId}:drawn:${n}`));
      const found = ((await pipeline.exec()) ?? []).map(([error, count]) => {
        if (error) throw error;
        return count === 1;
      });
      const missing = found.indexOf(false);
      if (missing !== -1) return from + missing;
    }
  }

  /** Drops a period's snapshot once all its slices went out (a republish then finds every slice recorded). */
  async forgetOnline(periodId: string): Promise<void> {
    await this.redis.client.del(this.redis.keys.resultsOnline(periodId));
  }

  /**
   * Publishes a period's results (bet-results, refund notices, balances) slice by slice as `slices` yields them,
   * each slice at most once under its own record (`{periodId}:{n}`: the slices of a period are the same each time
   * they are read, so a successor republishing a period skips those that went out).
   *
   * `slices` is given the players online (`onlineFor`), whose results it yields first, and how many slices of the
   * period's announcement at the draw went out (`announcedSlices`), whose bet-results it leaves out. How many
   * slices there are depends only on how many results there are, so a publication finished under one snapshot is
   * recognised in full by a republish under any other.
   *
   * Pace: while the online players' slices go out, the next slice is read and built as the previous one goes to
   * Redis. From the first slice with a player who is not online on, nobody waits on a screen: after each slice
   * the publisher rests as long as the slice took (`REST_PAUSE_RATIO`), so the round that has just opened keeps
   * most of the machine for its bets. It rests only within `restWithinMs` of its start (half a round, from the
   * clock): the next round's settlement waits for this publication and must never be delayed by a rest.
   * @returns how many slices were published now.
   */
  async publishSlices(
    lease: FencedLease,
    periodId: string,
    read: (online: string[], announced: number) => AsyncIterable<SocketMessage[]>,
    restWithinMs = 0,
  ): Promise<number> {
    const restUntil = performance.now() + restWithinMs;
    // The announcement at the draw took the snapshot these results are read under. A snapshot taken now (none was
    // kept: the announcement never ran, or a finished publication dropped it, or it expired) need not be that one,
    // so nothing is left out: a result told twice is dropped by the socket that had it, one never told is lost.
    const { online, taken } = await this.snapshot(periodId);
    const announced = taken ? 0 : await this.announcedSlices(periodId);
    const published = await this.publishEach(
      lease,
      periodId,
      read(online, announced),
      new Set(online.map(userRoom)),
      restUntil,
    );
    await this.forgetOnline(periodId);
    return published;
  }

  private async publishEach(
    lease: FencedLease,
    periodId: string,
    slices: AsyncIterable<SocketMessage[]>,
    onlineRooms: Set<string>,
    restUntil: number,
  ): Promise<number> {
    const iterator = slices[Symbol.asyncIterator]();
    let published = 0;
    let next = iterator.next();
    let resting = false;
    try {
      for (let n = 0; ; n++) {
        const started = performance.now();
        const slice = await next;
        if (slice.done) break;
        resting ||= slice.value.some((m) => m.room === null || !onlineRooms.has(m.room));
        // Read ahead while online players wait; handled below (awaited at the top of the loop, or dropped with the
        // iterator when publishing fails).
        if (!resting) next = iterator.next();
        next.catch(() => {});
        // A slice left empty (announced bet-results only) keeps its number: the slices after it keep theirs.
        if (slice.value.length > 0 && (await this.publishOnce(lease, 'results', `${periodId}:${n}`, slice.value)))
          published++;
        if (resting) {
          const pause = (performance.now() - started) * REST_PAUSE_RATIO;
          if (performance.now() + pause <= restUntil) await this.rest(pause);
          next = iterator.next();
          next.catch(() => {});
        }
      }
    } finally {
      await next.catch(() => {});
      await iterator.return?.(undefined);
    }
    return published;
  }
}
