import { setMaxListeners } from 'node:events';
import {
  BEACON_SCHEME,
  isBeaconRound,
  verifyBeacon,
  type BeaconChain,
  type BeaconRound,
  type BlsShortVerify,
} from '@app/domain';
import { checkChainInfo } from './chain-info.js';
import { LruCache } from './lru.js';
import { getJson, type RelayAnswer } from './relay-request.js';

/** Where the client reports relays that misbehave (a Nest Logger or pino logger fits). */
export interface BeaconLogger {
  warn(entry: Record<string, unknown>): void;
}

export interface BeaconClientOptions {
  /** Relay base URLs (e.g. https://api.drand.sh), all asked at once. */
  readonly relays: readonly string[];
  /** The chain's hash (64 hex), as configured (DRAND_CHAIN_HASH). */
  readonly chainHash: string;
  /** The chain's public key (G2, 192 hex), as configured (DRAND_PUBLIC_KEY): the only key whose rounds are accepted. */
  readonly publicKey: string;
  /** Default: the global fetch. */
  readonly fetch?: typeof fetch;
  /** Time-out of each request to a relay, in ms (default 2000). */
  readonly timeoutMs?: number;
  readonly logger?: BeaconLogger;
  /** The BLS pairing check (default: in this thread; the round engine passes one that runs in a worker thread). */
  readonly blsVerify?: BlsShortVerify;
}

/** Running totals for metrics: every counter only grows. */
export interface BeaconClientStats {
  /** HTTP requests sent to relays. */
  requests: number;
  /** Requests with no usable answer: network errors, time-outs, any non-2xx status (425/404 for a round not produced yet included). */
  failures: number;
  /** Of those failures, the 425/404 answers to a round (normal when asking at the round's time: a relay has not produced it yet). */
  tooEarly: number;
  /** Answers refused: not a round, another round than asked, or a signature that does not verify under the public key. */
  rejected: number;
}

const DEFAULT_TIMEOUT_MS = 2000;
/** Verified rounds kept (a period uses one; a few hundred covers hours of periods asked again, e.g. on recovery). */
const CACHE_ROUNDS = 512;
const HEX_64 = /^[0-9a-f]{64}$/;
const HEX_192 = /^[0-9a-f]{192}$/;

/**
 * Fetches verified rounds of one drand chain from its relays (DESIGN §3): what the round engine uses to get the
 * beacon of a period. Trusts no relay: a round is returned only if it is the round asked for and its BLS signature
 * verifies under the configured public key, so a relay can withhold a round (then another relay answers, or the
 * period is refunded) but never choose one. Relays are asked all at once and the first verified answer wins.
 * Network trouble never throws: it shows in `stats` and as `null`.
 */
export class BeaconClient {
  readonly stats: BeaconClientStats = { requests: 0, failures: 0, tooEarly: 0, rejected: 0 };
  readonly relays: readonly string[];
  readonly chainHash: string;
  readonly publicKey: string;
  private readonly fetchFn: typeof fetch;
  private readonly timeoutMs: number;
  private readonly logger?: BeaconLogger;
  private readonly blsVerify?: BlsShortVerify;
  private readonly verified = new LruCache<number, BeaconRound>(CACHE_ROUNDS);
  private readonly pending = new Map<number, Promise<BeaconRound | null>>();
  private chain?: BeaconChain;
  private chainPending?: Promise<BeaconChain>;

  constructor(options: BeaconClientOptions) {
    const chainHash = options.chainHash.toLowerCase();
    const publicKey = options.publicKey.toLowerCase();
    if (!HEX_64.test(chainHash)) throw new RangeError('chainHash must be 64 hex characters');
    if (!HEX_192.test(publicKey)) throw new RangeError('publicKey must be 192 hex characters (a compressed G2 point)');
    if (options.relays.length === 0) throw new RangeError('at least one relay URL is required');
    this.relays = Object.freeze(options.relays.map(relayBase));
    this.chainHash = chainHash;
    this.publicKey = publicKey;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.blsVerify = options.blsVerify;
    if (!(this.timeoutMs > 0)) throw new RangeError('timeoutMs must be positive');
    this.logger = options.logger;
  }

  /**
   * The chain's info from the first relay whose `/info` matches the configured hash and key (and hashes to that
   * hash); cached once found. Throws, naming each relay's problem, when none does.
   */
  async info(): Promise<BeaconChain> {
    if (this.chain) return this.chain;
    this.chainPending ??= this.fetchInfo().finally(() => (this.chainPending = undefined));
    return this.chainPending;
  }

  /**
   * Round `round`, verified, or null when no relay gives it (not produced yet, relays down, slow or lying). Resolves
   * within about `timeoutMs` (plus verification); concurrent calls for one round share one fetch.
   */
  async round(round: number): Promise<BeaconRound | null> {
    if (!Number.isSafeInteger(round) || round < 1)
      throw new RangeError(`round must be a positive integer, got ${String(round)}`);
    const cached = this.verified.get(round);
    if (cached) return cached;
    let pending = this.pending.get(round);
    if (!pending) {
      pending = this.fetchRound(round).finally(() => this.pending.delete(round));
      this.pending.set(round, pending);
    }
    return pending;
  }

  private async fetchRound(round: number): Promise<BeaconRound | null> {
    const done = new AbortController();
    setMaxListeners(this.relays.length + 1, done.signal);
    const attempts = this.relays.map(async (relay) => {
      const beacon = await this.askRelay(relay, round, done.signal);
      if (!beacon) throw new Error('no verified round');
      return beacon;
    });
    try {
      const beacon = await Promise.any(attempts);
      this.verified.set(round, beacon);
      return beacon;
    } catch {
      return null;
    } finally {
      // Stops the slower relays' requests (and their verification) once one relay has answered.
      done.abort();
    }
  }

  private async askRelay(relay: string, round: number, done: AbortSignal): Promise<BeaconRound | null> {
    const answer = await this.get(`${relay}/${this.chainHash}/public/${round}`, done);
    if (!answer.ok) {
      if (answer.cancelled) return null;
      this.stats.failures += 1;
      if (answer.status === 425 || answer.status === 404) this.stats.tooEarly += 1;
      else this.logger?.warn({ msg: 'drand relay failed', relay, round, reason: answer.reason });
      return null;
    }
    if (done.aborted) return null;
    if (!isBeaconRound(answer.body)) return this.reject(relay, round, 'malformed');
    const { round: got, randomness, signature } = answer.body;
    const beacon: BeaconRound = Object.freeze({ round: got, randomness, signature });
    let check: Awaited<ReturnType<typeof verifyBeacon>>;
    try {
      check = await verifyBeacon({ publicKey: this.publicKey, scheme: BEACON_SCHEME }, beacon, round, this.blsVerify);
    } catch (error) {
      // The check could not run here (BlsUnavailableError): the round is neither taken nor called forged.
      this.stats.failures += 1;
      const reason = error instanceof Error ? error.message : String(error);
      this.logger?.warn({ msg: 'drand round not verified', relay, round, reason });
      return null;
    }
    return check.ok ? beacon : this.reject(relay, round, check.reason);
  }

  private reject(relay: string, round: number, reason: string): null {
    this.stats.rejected += 1;
    this.logger?.warn({ msg: 'drand relay answer rejected', relay, round, reason });
    return null;
  }

  private async fetchInfo(): Promise<BeaconChain> {
    const done = new AbortController();
    setMaxListeners(this.relays.length + 1, done.signal);
    const problems: string[] = [];
    const attempts = this.relays.map(async (relay) => {
      const answer = await this.get(`${relay}/${this.chainHash}/info`, done.signal);
      if (!answer.ok) {
        if (!answer.cancelled) this.stats.failures += 1;
        problems.push(`${relay}: ${answer.reason}`);
        throw new Error(answer.reason);
      }
      const check = checkChainInfo(answer.body, { chainHash: this.chainHash, publicKey: this.publicKey });
      if (!check.ok) {
        this.stats.rejected += 1;
        this.logger?.warn({ msg: 'drand relay chain info rejected', relay, reason: check.reason });
        problems.push(`${relay}: ${check.reason}`);
        throw new Error(check.reason);
      }
      return check.chain;
    });
    try {
      this.chain = await Promise.any(attempts);
      return this.chain;
    } catch {
      throw new Error(
        `No drand relay serves the chain ${this.chainHash} with the configured public key (${problems.join('; ')})`,
      );
    } finally {
      done.abort();
    }
  }

  private get(url: string, done: AbortSignal): Promise<RelayAnswer> {
    this.stats.requests += 1;
    return getJson(this.fetchFn, url, this.timeoutMs, done);
  }
}

/** A relay's base URL without trailing slashes; throws on what is not an http(s) URL. */
function relayBase(relay: string): string {
  const trimmed = relay.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new RangeError(`relay ${JSON.stringify(relay)} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RangeError(`relay ${JSON.stringify(relay)} is not an http(s) URL`);
  return trimmed;
}
