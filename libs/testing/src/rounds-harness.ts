import { Redis } from 'ioredis';
import type { Database } from '@app/db';
import { currentPeriod, type PeriodConfig, type PeriodTimes } from '@app/domain';
import {
  COMMAND_FIELD,
  encodeCommand,
  EventsTail,
  partitionOf,
  uuidv7,
  type BetCommand,
  type SocketMessage,
} from '@app/realtime';
import { RedisKeys } from '@app/redis';
import { TEST_REDIS_URL } from '@app/redis/testing';
import { sleep } from './wait.js';

/** Drives the bet pipeline the way the gateway does: XADD commands to their partition stream. */
export class BetSender {
  readonly redis = new Redis(TEST_REDIS_URL);
  readonly keys: RedisKeys;

  constructor(
    prefix: string,
    private readonly partitions: number,
  ) {
    this.keys = new RedisKeys(prefix);
  }

  command(
    userId: string,
    periodId: string,
    betType: string,
    betValue: string,
    amountPaise: number,
    id = uuidv7(),
  ): BetCommand {
    return { id, userId, periodId, betType, betValue, amount: amountPaise };
  }

  async send(command: BetCommand): Promise<string> {
    return (await this.redis.xadd(
      this.keys.betCommands(partitionOf(command.userId, this.partitions)),
      '*',
      COMMAND_FIELD,
      encodeCommand(command),
    ))!;
  }

  close(): void {
    this.redis.disconnect();
  }
}

/** Collects every message published on the events and results streams (what api nodes deliver to sockets). */
export class MessageLog {
  readonly messages: SocketMessage[] = [];
  private readonly tails: EventsTail[];

  constructor(prefix: string) {
    const keys = new RedisKeys(prefix);
    this.tails = [keys.events, keys.results].map(
      (stream) =>
        new EventsTail(
          new Redis(TEST_REDIS_URL),
          stream,
          (m) => void this.messages.push(...m.map((w) => w.toSocketMessage())),
        ),
    );
  }
  async start() {
    for (const tail of this.tails) await tail.start();
  }
  async stop() {
    await Promise.all(this.tails.map((t) => t.stop()));
  }
  to(userId: string, event?: string): SocketMessage[] {
    return this.messages.filter((m) => m.room === `user:${userId}` && (!event || m.event === event));
  }
  /** The messages of `event` to a room that is not a player's (e.g. `commitments`). */
  toRoom(room: string, event: string): SocketMessage[] {
    return this.messages.filter((m) => m.room === room && m.event === event);
  }
  broadcasts(event: string): SocketMessage[] {
    return this.messages.filter((m) => m.room === null && m.event === event);
  }
}

/** Waits until a fresh period has just started (at least `minLeftMs` of betting left before its lock). */
export async function freshPeriod(config: PeriodConfig, minLeftMs: number): Promise<PeriodTimes> {
  for (;;) {
    const p = currentPeriod(Date.now(), config);
    if (p.lockTime - Date.now() >= minLeftMs) return p;
    await sleep(p.endTime - Date.now() + 5);
  }
}

/** Waits for the next period to start and returns it (its announcement comes after this call). */
export async function nextPeriod(config: PeriodConfig): Promise<PeriodTimes> {
  const now = currentPeriod(Date.now(), config);
  await sleep(now.endTime - Date.now() + 5);
  return currentPeriod(Date.now(), config);
}

export async function periodStatus(db: Database, id: string): Promise<string | undefined> {
  return (await db.selectFrom('periods').select('status').where('id', '=', id).executeTakeFirst())?.status;
}
