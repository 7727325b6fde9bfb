import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BeaconClient } from '@app/beacon';
import { AppConfig } from '@app/config';
import { Database } from '@app/db';
import { BEACON_DST, firstRoundAtOrAfter, roundTimeMs, type BeaconChain, type BeaconRound } from '@app/domain';
import { BlsWorker } from './bls-worker.js';

/** How often a round not yet obtained is asked for again, and how often the chain's info is, until it answers. */
const RETRY_MS = 500;
const INFO_RETRY_MS = 2000;
/** Verified rounds kept in memory (about an hour of periods). */
const KEPT = 256;

/**
 * The public randomness of the draws (DESIGN §3): the first drand round at or after each period's lock, fetched from
 * every configured relay at once and used only once its BLS signature verifies against the configured chain's key
 * (`@app/beacon`). Nothing here waits: the clock asks for a round when it is due (`request`) and draws once it is at
 * hand (`verified`); a period whose round never comes is refunded by the lifecycle's rule. With FAIRNESS_BEACON=none
 * it is off and draws use the chain alone.
 */
@Injectable()
export class BeaconService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Beacon');
  private readonly client?: BeaconClient;
  private readonly bls = new BlsWorker(BEACON_DST);
  private chainInfo?: BeaconChain;
  private readonly rounds = new Map<number, BeaconRound>();
  private readonly asked = new Map<number, number>();
  private readonly inFlight = new Set<number>();
  private infoTimer?: NodeJS.Timeout;
  private stopped = false;
  /** Rounds obtained and verified, and rounds asked for that no relay gave verified (metrics). */
  obtained = 0;
  missed = 0;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Database) private readonly db: Database,
  ) {
    if (config.FAIRNESS_BEACON === 'drand' && config.DRAND_URLS && config.DRAND_CHAIN_HASH && config.DRAND_PUBLIC_KEY) {
      this.client = new BeaconClient({
        relays: config.DRAND_URLS,
        chainHash: config.DRAND_CHAIN_HASH,
        publicKey: config.DRAND_PUBLIC_KEY,
        logger: { warn: (entry: object) => this.logger.warn(entry) },
        blsVerify: this.bls.verify,
      });
    }
  }

  /** Draws mix in a beacon (FAIRNESS_BEACON=drand). */
  get enabled(): boolean {
    return this.config.FAIRNESS_BEACON === 'drand';
  }

  /** The beacon chain, once its info was fetched and checked against the configured hash and key. */
  get chain(): BeaconChain | undefined {
    return this.chainInfo;
  }

  onApplicationBootstrap(): void {
    if (!this.client || !this.config.hasEngineRole('clock')) return;
    void this.loadInfo();
    // A standby checks its first round the moment it takes over: the check's code is ready before then.
    const started = Date.now();
    this.bls.warm().then(
      (ok) =>
        ok
          ? this.logger.log({ msg: 'beacon check ready', ok, ms: Date.now() - started })
          : // A signature made with the library refused by it: every round would be refused the same way.
            this.logger.error({ msg: 'beacon check refuses a good signature', ok, ms: Date.now() - started }),
      (error: Error) => this.logger.warn({ msg: 'beacon check could not be readied', error: error.message }),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.infoTimer) clearTimeout(this.infoTimer);
    await this.bls.close();
  }

  /** Fetches and checks the chain's info, records the chain (its public key lets anyone verify), retrying until done. */
  private async loadInfo(): Promise<void> {
    if (this.stopped || this.chainInfo || !this.client) return;
    try {
      const chain = await this.client.info();
      await this.db
        .insertInto('beacon_chains')
        .values({
          hash: chain.hash,
          public_key: chain.publicKey,
          genesis_time: chain.genesisTime,
          period: chain.period,
          scheme: chain.scheme,
        })
        .onConflict((oc) => oc.column('hash').doNothing())
        .execute();
      this.chainInfo = chain;
      this.logger.log({
        msg: 'beacon chain ready',
        hash: chain.hash,
        period: chain.period,
        relays: this.config.DRAND_URLS?.length,
      });
    } catch (error) {
      this.logger.warn({ msg: 'beacon chain info not available yet; retrying', error: (error as Error).message });
      this.infoTimer = setTimeout(() => void this.loadInfo(), INFO_RETRY_MS);
    }
  }

  /** The round a period locking at `lockAtMs` mixes in, and when it is produced (undefined until the chain is known). */
  roundFor(lockAtMs: number): { round: number; dueAt: number } | undefined {
    const chain = this.chainInfo;
    if (!chain) return undefined;
    const round = firstRoundAtOrAfter(chain, lockAtMs);
    return { round, dueAt: roundTimeMs(chain, round) };
  }

  /** A verified round at hand, if any. */
  verified(round: number): BeaconRound | undefined {
    return this.rounds.get(round);
  }

  /** Asks the relays for `round` in the background (at most once per half second while it is missing). */
  request(round: number, now = Date.now()): void {
    if (!this.client || this.rounds.has(round) || this.inFlight.has(round)) return;
    if (now - (this.asked.get(round) ?? 0) < RETRY_MS) return;
    this.asked.set(round, now);
    this.inFlight.add(round);
    void this.client
      .round(round)
      .then((beacon) => {
        if (beacon) {
          this.rounds.set(round, beacon);
          this.obtained++;
          while (this.rounds.size > KEPT) this.rounds.delete(this.rounds.keys().next().value!);
        } else this.missed++;
      })
      .catch((error: Error) => {
        this.missed++;
        this.logger.warn({ msg: 'beacon round could not be fetched', round, error: error.message });
      })
      .finally(() => {
        this.inFlight.delete(round);
        while (this.asked.size > KEPT) this.asked.delete(this.asked.keys().next().value!);
      });
  }
}
