import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql } from 'kysely';
import { AppConfig } from '@app/config';
import { Database } from '@app/db';
import { generateChainTip, periodIdAt, type HashChainCheckpoints } from '@app/domain';
import { fairnessKeyId, sealTip, unsealTip } from './fairness-seal.js';

const CHECKPOINT_INTERVAL = 1000;
const CHAIN_LOCK = 727_010;
/** Hashes computed between two yields to the event loop while walking a chain (a few milliseconds). */
const HASHES_PER_SLICE = 4096;
/** Chains kept walked in memory (the running one, the next announced one, one more for late periods). */
const LOADED_KEPT = 3;

export interface LoadedChain {
  id: number;
  length: number;
  commitment: string;
  /** The first period it covers (null: a chain created before first periods were recorded; it covers from the start). */
  firstPeriodId: string | null;
  checkpoints: HashChainCheckpoints;
}

interface ChainRow {
  id: number;
  commitment: string;
  tip: string | null;
  tip_sealed: string | null;
  key_id: string | null;
  length: number;
  first_period_id: string | null;
}

function sha256(bytes: Uint8Array): Uint8Array {
  return createHash('sha256').update(bytes).digest();
}

/**
 * Walks a chain once (N hashes) from its tip, keeping every `interval`-th seed (the same checkpoints as
 * `buildChainCheckpoints` of the domain), yielding to the event loop every few milliseconds: leases keep being
 * renewed and the process keeps answering while a 1,000,000-link chain is walked.
 */
export async function walkChain(
  tipHex: string,
  length: number,
  interval = CHECKPOINT_INTERVAL,
): Promise<HashChainCheckpoints> {
  const count = Math.ceil(length / interval) + 1;
  const seeds = new Array<string>(count);
  let current: Uint8Array = Buffer.from(tipHex, 'hex');
  seeds[count - 1] = tipHex;
  for (let index = length - 1; index >= 0; index -= 1) {
    current = sha256(current);
    if (index % interval === 0) seeds[index / interval] = Buffer.from(current).toString('hex');
    if (index % HASHES_PER_SLICE === 0) await yieldToEventLoop();
  }
  return { length, interval, seeds };
}

/**
 * The provably-fair hash chains (DESIGN §3). Each chain is one secret tip seed[N], seed[i-1] = SHA-256(seed[i]), and
 * its commitment seed[0], published with the first period it covers. A chain's tip is stored only sealed under
 * FAIRNESS_KEY, which api nodes never hold: nothing in the database, a backup or a replica lets anyone compute a seed
 * before it is revealed. Checkpoints every 1,000 links, kept in memory only, keep any seed[k] at most 999 hashes away.
 *
 * The next chain is generated ahead and announced (commitment, first period, time of announcement) at least
 * FAIRNESS_CHAIN_NOTICE_HOURS before the running one runs out; a chain created in a hurry (the first one of a
 * deployment, or when no announced chain is there in time) is recorded as announced when it was, and the fairness
 * page flags it. No code path chooses a seed or a result: a period's seed is fixed by its chain and index.
 */
@Injectable()
export class FairnessChainService {
  private readonly logger = new Logger('FairnessChain');
  private readonly loaded = new Map<number, LoadedChain>();
  private readonly loading = new Map<number, Promise<LoadedChain>>();
  private preparing?: Promise<void>;

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private get key(): Buffer {
    return this.config.fairnessKey;
  }

  /**
   * Seals the tips of chains stored in clear (before migration 0015), then walks the chain of the running period
   * (creating the first one) and the next one if announced, so a standby that takes over the clock can draw at once.
   * Call before competing for leadership.
   */
  async preload(): Promise<void> {
    await this.sealClearTips();
    const current = periodIdAt(Date.now(), this.config.periodConfig);
    await this.forPeriod(current);
    const next = await this.db
      .selectFrom('fairness_chains')
      .select('id')
      .where('first_period_id', '>', current)
      .orderBy('first_period_id')
      .limit(1)
      .executeTakeFirst();
    if (next) await this.byId(next.id);
  }

  /** Every chain stored with a clear tip gets it sealed under FAIRNESS_KEY, and the clear copy is erased. */
  private async sealClearTips(): Promise<void> {
    const clear = await this.db
      .selectFrom('fairness_chains')
      .select(['id', 'commitment', 'tip'])
      .where('tip', 'is not', null)
      .execute();
    if (clear.length === 0) return;
    const keyId = fairnessKeyId(this.key);
    await this.db.transaction().execute(async (trx) => {
      for (const row of clear) {
        await trx
          .updateTable('fairness_chains')
          .set({ tip_sealed: sealTip(this.key, row.tip!, row.commitment), key_id: keyId, tip: null })
          .where('id', '=', row.id)
          .where('tip', 'is not', null)
          .execute();
      }
    });
    this.logger.warn({
      msg: 'fairness chain tips stored in clear were sealed under FAIRNESS_KEY',
      chains: clear.map((c) => c.id),
      keyId,
    });
  }

  /** A chain by id, walked (once) and kept in memory. */
  async byId(id: number): Promise<LoadedChain> {
    const have = this.loaded.get(id);
    if (have) return have;
    let pending = this.loading.get(id);
    if (!pending) {
      pending = this.db
        .selectFrom('fairness_chains')
        .select(['id', 'commitment', 'tip', 'tip_sealed', 'key_id', 'length', 'first_period_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
        .then((row) => this.load(row))
        .finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    const chain = await pending;
    this.remember(chain);
    return chain;
  }

  private remember(chain: LoadedChain): void {
    this.loaded.set(chain.id, chain);
    while (this.loaded.size > LOADED_KEPT) this.loaded.delete(Math.min(...this.loaded.keys()));
  }

  /**
   * The chain that covers `periodId`: the one whose first period is the latest at or before it (a chain from before
   * first periods were recorded counts as starting before all). Created now, starting at `periodId`, if none.
   */
  async forPeriod(periodId: string): Promise<LoadedChain> {
    const row = await this.db
      .selectFrom('fairness_chains')
      .select('id')
      .where((eb) => eb.or([eb('first_period_id', 'is', null), eb('first_period_id', '<=', periodId)]))
      .orderBy(sql`first_period_id DESC NULLS LAST`)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? this.byId(row.id) : this.startAt(periodId);
  }

  /** True when a chain is announced to start after `periodId`. */
  async nextAnnounced(periodId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('fairness_chains')
      .select('id')
      .where('first_period_id', '>', periodId)
      .limit(1)
      .executeTakeFirst();
    return !!row;
  }

  /**
   * Generates and announces a chain starting at `firstPeriodId`, in the background (at most one at a time); nothing
   * when one is already being prepared.
   */
  prepare(firstPeriodId: string): void {
    this.preparing ??= this.startAt(firstPeriodId)
      .then((chain) =>
        this.logger.log({
          msg: 'next fairness chain announced',
          chainId: chain.id,
          firstPeriodId,
          commitment: chain.commitment,
        }),
      )
      .catch((error: Error) =>
        this.logger.error({ msg: 'the next fairness chain could not be prepared; will retry', error: error.message }),
      )
      .finally(() => (this.preparing = undefined));
  }

  private async load(row: ChainRow): Promise<LoadedChain> {
    const started = Date.now();
    const tip = this.openTip(row);
    const checkpoints = await walkChain(tip, row.length);
    if (checkpoints.seeds[0] !== row.commitment)
      throw new Error(`fairness chain ${row.id} does not match its commitment`);
    this.logger.log({ msg: 'fairness chain loaded', chainId: row.id, length: row.length, ms: Date.now() - started });
    return {
      id: row.id,
      length: row.length,
      commitment: row.commitment,
      firstPeriodId: row.first_period_id,
      checkpoints,
    };
  }

  private openTip(row: ChainRow): string {
    if (row.tip) return row.tip;
    const keyId = fairnessKeyId(this.key);
    if (row.key_id !== keyId)
      throw new Error(`fairness chain ${row.id} is sealed under key ${row.key_id}; FAIRNESS_KEY is key ${keyId}`);
    return unsealTip(this.key, row.tip_sealed!, row.commitment);
  }

  /**
   * Generates a chain covering periods from `firstPeriodId` (outside any lock, without blocking), then records it,
   * sealed, unless another engine recorded one for that first period meanwhile (then that one is used).
   */
  async startAt(firstPeriodId: string): Promise<LoadedChain> {
    const length = this.config.FAIRNESS_CHAIN_LENGTH;
    const started = Date.now();
    const tip = generateChainTip((n) => new Uint8Array(randomBytes(n)));
    const checkpoints = await walkChain(tip, length);
    const commitment = checkpoints.seeds[0]!;
    const recorded = await this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(trx);
      const existing = await trx
        .selectFrom('fairness_chains')
        .select('id')
        .where('first_period_id', '=', firstPeriodId)
        .executeTakeFirst();
      if (existing) return { existing: existing.id };
      const row = await trx
        .insertInto('fairness_chains')
        .values({
          commitment,
          tip: null,
          tip_sealed: sealTip(this.key, tip, commitment),
          key_id: fairnessKeyId(this.key),
          length,
          first_period_id: firstPeriodId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id };
    });
    if ('existing' in recorded) return this.byId(recorded.existing!);
    this.logger.log({
      msg: 'fairness chain created',
      chainId: recorded.id,
      length,
      firstPeriodId,
      commitment,
      ms: Date.now() - started,
    });
    const chain: LoadedChain = { id: recorded.id!, length, commitment, firstPeriodId, checkpoints };
    this.remember(chain);
    return chain;
  }

  /** seed[k] of a loaded chain (secret until its period is drawn or refunded): at most 999 hashes from a checkpoint. */
  seed(chain: LoadedChain, k: number): string {
    const { length, interval, seeds } = chain.checkpoints;
    if (!Number.isSafeInteger(k) || k < 0 || k > length)
      throw new RangeError(`Seed index must be 0..${length}, got ${String(k)}`);
    const i = Math.ceil(k / interval);
    let current: Uint8Array = Buffer.from(seeds[i]!, 'hex');
    for (let n = Math.min(i * interval, length) - k; n > 0; n--) current = sha256(current);
    return Buffer.from(current).toString('hex');
  }
}
