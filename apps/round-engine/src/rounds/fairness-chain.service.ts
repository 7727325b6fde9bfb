import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql } from 'kysely';
import { AppConfig } from '@app/config';
import { Database } from '@app/db';
import { generateChainTip, type HashChainCheckpoints } from '@app/domain';

const CHECKPOINT_INTERVAL = 1000;
const CHAIN_LOCK = 727_010;
/** Hashes computed between two yields to the event loop while walking a chain (a few milliseconds). */
const HASHES_PER_SLICE = 4096;

export interface LoadedChain {
  id: number;
  length: number;
  commitment: string;
  checkpoints: HashChainCheckpoints;
}

function sha256(bytes: Uint8Array): Uint8Array {
  return createHash('sha256').update(bytes).digest();
}

/**
 * Walks a chain once (N hashes) from its tip, keeping every `interval`-th seed (the same checkpoints as
 * `buildChainCheckpoints` of the domain), yielding to the event loop every few milliseconds: leases keep being
 * renewed and the process keeps answering while a 1,000,000-link chain is walked.
 */
export async function walkChain(tipHex: string, length: number, interval = CHECKPOINT_INTERVAL): Promise<HashChainCheckpoints> {
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
 * The provably-fair hash chain (DESIGN §3): one secret tip seed[N] generated once, seed[i-1] = SHA-256(seed[i]),
 * seed[0] published as the commitment. Checkpoints every 1,000 links keep any seed[k] at most 999 hashes away.
 * No code path chooses a seed or a result: a period's seed is fixed by its index when the period opens.
 *
 * The active chain is loaded by `preload()` before the engine competes for the round clock's lease, without
 * blocking the event loop, so a standby that takes over can draw at once.
 */
@Injectable()
export class FairnessChainService {
  private readonly logger = new Logger('FairnessChain');
  private chain?: LoadedChain;
  private loading?: Promise<LoadedChain>;

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** True once the active chain is in memory. */
  get loaded(): boolean {
    return !!this.chain;
  }

  /** Loads (or creates) the active chain; call before competing for leadership. */
  async preload(): Promise<LoadedChain> {
    return this.active();
  }

  /** The active chain (the newest), created on first use. Safe when several engines start at once. */
  async active(): Promise<LoadedChain> {
    if (this.chain) return this.chain;
    this.loading ??= this.loadNewest().finally(() => (this.loading = undefined));
    return (this.chain = await this.loading);
  }

  /** The chain a period was opened in: the active one, or another loaded on demand (after a roll-over elsewhere). */
  async byId(id: number): Promise<LoadedChain> {
    const active = await this.active();
    if (active.id === id) return active;
    const row = await this.db.selectFrom('fairness_chains').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const loaded = await this.load(row);
    if (row.id > active.id) this.chain = loaded;
    return loaded;
  }

  /** Starts a new chain (first start, or the active one is used up). */
  async rollOver(): Promise<LoadedChain> {
    this.chain = await this.create(this.chain?.id);
    return this.chain;
  }

  private async loadNewest(): Promise<LoadedChain> {
    const row = await this.db.selectFrom('fairness_chains').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row ? this.load(row) : this.create(undefined);
  }

  private async load(row: { id: number; tip: string; length: number; commitment: string }): Promise<LoadedChain> {
    const started = Date.now();
    const checkpoints = await walkChain(row.tip, row.length);
    if (checkpoints.seeds[0] !== row.commitment) throw new Error(`fairness chain ${row.id} does not match its commitment`);
    this.logger.log({ msg: 'fairness chain loaded', chainId: row.id, length: row.length, ms: Date.now() - started });
    return { id: row.id, length: row.length, commitment: row.commitment, checkpoints };
  }

  /**
   * Generates a chain (outside any lock, without blocking), then records it unless another engine recorded a newer
   * chain meanwhile (then that one is loaded instead).
   */
  private async create(after: number | undefined): Promise<LoadedChain> {
    const length = this.config.FAIRNESS_CHAIN_LENGTH;
    const started = Date.now();
    const tip = generateChainTip((n) => new Uint8Array(randomBytes(n)));
    const checkpoints = await walkChain(tip, length);
    const commitment = checkpoints.seeds[0]!;
    const recorded = await this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(trx);
      const newest = await trx.selectFrom('fairness_chains').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
      if (newest && (after === undefined || newest.id > after)) return { existing: newest };
      const row = await trx.insertInto('fairness_chains').values({ commitment, tip, length }).returning('id').executeTakeFirstOrThrow();
      return { id: row.id };
    });
    if ('existing' in recorded) return this.load(recorded.existing!);
    this.logger.log({ msg: 'fairness chain created', chainId: recorded.id, length, commitment, ms: Date.now() - started });
    return { id: recorded.id!, length, commitment, checkpoints };
  }

  /** seed[k] of a loaded chain (secret until its period is drawn): at most 999 hashes from a checkpoint. */
  seed(chain: LoadedChain, k: number): string {
    const { length, interval, seeds } = chain.checkpoints;
    if (!Number.isSafeInteger(k) || k < 0 || k > length) throw new RangeError(`Seed index must be 0..${length}, got ${String(k)}`);
    const i = Math.ceil(k / interval);
    let current: Uint8Array = Buffer.from(seeds[i]!, 'hex');
    for (let n = Math.min(i * interval, length) - k; n > 0; n--) current = sha256(current);
    return Buffer.from(current).toString('hex');
  }
}
