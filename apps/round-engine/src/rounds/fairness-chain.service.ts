import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { AppConfig } from '@app/config';
import { Database } from '@app/db';
import { buildChainCheckpoints, createHashChain, seedFromCheckpoints, type HashChainCheckpoints } from '@app/domain';

const CHECKPOINT_INTERVAL = 1000;
const CHAIN_LOCK = 727_010;

export interface LoadedChain {
  id: number;
  length: number;
  commitment: string;
  checkpoints: HashChainCheckpoints;
}

/**
 * The provably-fair hash chain (DESIGN §3): one secret tip seed[N] generated once, seed[i-1] = SHA-256(seed[i]),
 * seed[0] published as the commitment. Checkpoints every 1,000 links keep any seed[k] at most 999 hashes away.
 * No code path chooses a seed or a result: a period's seed is fixed by its index when the period opens.
 */
@Injectable()
export class FairnessChainService {
  private readonly logger = new Logger('FairnessChain');
  private chain?: LoadedChain;

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** The active chain (the newest), created on first use. Safe when several engines start at once. */
  async active(): Promise<LoadedChain> {
    if (this.chain) return this.chain;
    this.chain = await this.db.connection().execute(async (conn) => {
      await sql`SELECT pg_advisory_lock(${CHAIN_LOCK})`.execute(conn);
      try {
        const row = await conn.selectFrom('fairness_chains').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
        if (row) {
          const started = Date.now();
          const checkpoints = buildChainCheckpoints(row.tip, row.length, CHECKPOINT_INTERVAL);
          if (checkpoints.seeds[0] !== row.commitment) throw new Error(`fairness chain ${row.id} does not match its commitment`);
          this.logger.log({ msg: 'fairness chain loaded', chainId: row.id, length: row.length, ms: Date.now() - started });
          return { id: row.id, length: row.length, commitment: row.commitment, checkpoints };
        }
        return this.create(conn);
      } finally {
        await sql`SELECT pg_advisory_unlock(${CHAIN_LOCK})`.execute(conn);
      }
    });
    return this.chain;
  }

  /** Starts a new chain (first start, or the active one is used up). */
  async rollOver(): Promise<LoadedChain> {
    this.chain = await this.db.connection().execute(async (conn) => {
      await sql`SELECT pg_advisory_lock(${CHAIN_LOCK})`.execute(conn);
      try {
        return await this.create(conn);
      } finally {
        await sql`SELECT pg_advisory_unlock(${CHAIN_LOCK})`.execute(conn);
      }
    });
    return this.chain;
  }

  private async create(conn: Pick<Database, 'insertInto'>): Promise<LoadedChain> {
    const length = this.config.FAIRNESS_CHAIN_LENGTH;
    const started = Date.now();
    const created = createHashChain((n) => new Uint8Array(randomBytes(n)), length, CHECKPOINT_INTERVAL);
    const row = await conn
      .insertInto('fairness_chains')
      .values({ commitment: created.commitmentHex, tip: created.tipHex, length })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.logger.log({ msg: 'fairness chain created', chainId: row.id, length, commitment: created.commitmentHex, ms: Date.now() - started });
    return { id: row.id, length, commitment: created.commitmentHex, checkpoints: created.checkpoints };
  }

  /** seed[k] of a loaded chain (secret until its period is drawn). */
  seed(chain: LoadedChain, k: number): string {
    return seedFromCheckpoints(chain.checkpoints, k);
  }
}
