import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { BEACON_SCHEME, roundTimeMs, type BeaconChain, type BeaconRound } from '@app/domain';
import { drandChainHash } from './chain-hash.js';
import { RoundSigner } from './round-signer.js';

/**
 * A drand-compatible HTTP relay of a chain of its own (DESIGN §3): what `npm start`, the integration tests and the
 * benchmark use in place of quicknet, which this machine's tests cannot reach. It speaks drand's HTTP API (`/info`,
 * `/public/{round}`, `/public/latest`, `/chains`, `/health`, with or without the chain hash in front), uses the same
 * signature scheme as quicknet with a test key, and serves a round only once its time has come, as drand does: so
 * nothing served by it is known before the lock of the period that uses it, and the round engine waits for it exactly
 * as it waits for quicknet. Fault modes let a test play a relay that is down, hangs, forges or lags.
 */

/**
 * How the relay answers: `normal`; `down` (503 to every request); `silent` (requests hang until the mode changes or
 * the beacon closes); `forged` (rounds signed by another key); `stale` (every round request answered with the round
 * before it, or before the latest when the round asked for is not produced yet; round 1 has none before it).
 */
export type LocalBeaconMode = 'normal' | 'down' | 'silent' | 'forged' | 'stale';

export interface LocalBeaconOptions {
  /** TCP port; 0 (default) takes any free one. */
  readonly port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  readonly host?: string;
  /** Seconds between rounds (default 3, as quicknet; tests use 1). */
  readonly period?: number;
  /** Unix seconds of round 1 (default: about an hour ago, a multiple of the period, so that round times fall on the same whole seconds as quicknet's for a 3-s period). */
  readonly genesisTime?: number;
  /** Text the key is derived from (the same seed, the same key and, with the same genesis and period, the same chain hash); default: a random key. */
  readonly seed?: string;
}

export interface LocalBeacon {
  /** Base URL, e.g. `http://127.0.0.1:40123` (a relay URL for DRAND_URLS). */
  readonly url: string;
  /** The chain it serves (hash and public key for DRAND_CHAIN_HASH and DRAND_PUBLIC_KEY). */
  readonly chain: BeaconChain;
  readonly mode: LocalBeaconMode;
  setMode(mode: LocalBeaconMode): void;
  /** The newest round produced at `nowMs` (0 before genesis). */
  latestRound(nowMs?: number): number;
  /** Stops listening and drops every connection, hanging requests included. */
  close(): Promise<void>;
}

/** drand's `metadata.beaconID` of the local chain (hashed into its chain hash, as quicknet's "quicknet" is). */
export const LOCAL_BEACON_ID = 'winround-local';

const MODES: readonly LocalBeaconMode[] = ['normal', 'down', 'silent', 'forged', 'stale'];

function defaultGenesis(period: number, nowMs: number): number {
  return Math.floor((Math.floor(nowMs / 1000) - 3600) / period) * period;
}

function assertOptions(port: number, period: number, genesisTime: number): void {
  if (!Number.isSafeInteger(port) || port < 0 || port > 65_535)
    throw new RangeError(`port must be 0..65535, got ${String(port)}`);
  if (!Number.isSafeInteger(period) || period < 1)
    throw new RangeError(`period must be a whole number of seconds ≥ 1, got ${String(period)}`);
  if (!Number.isSafeInteger(genesisTime) || genesisTime < 0)
    throw new RangeError(`genesisTime must be whole unix seconds, got ${String(genesisTime)}`);
}

/** Starts a local drand relay; resolves once it listens. */
export async function startLocalBeacon(options: LocalBeaconOptions = {}): Promise<LocalBeacon> {
  const { port = 0, host = '127.0.0.1', period = 3, seed } = options;
  const genesisTime = options.genesisTime ?? defaultGenesis(period, Date.now());
  assertOptions(port, period, genesisTime);
  const beacon = new LocalBeaconServer(host, period, genesisTime, seed);
  await beacon.listen(port);
  return beacon;
}

class LocalBeaconServer implements LocalBeacon {
  readonly chain: BeaconChain;
  private readonly info: Record<string, unknown>;
  private readonly signer: RoundSigner;
  private readonly forger: RoundSigner;
  private readonly server: Server;
  /** Requests held while silent, answered when the mode changes. */
  private readonly held = new Set<{ req: IncomingMessage; res: ServerResponse }>();
  private currentMode: LocalBeaconMode = 'normal';
  private closing?: Promise<void>;
  private baseUrl = '';

  constructor(
    private readonly host: string,
    period: number,
    genesisTime: number,
    seed: string | undefined,
  ) {
    this.signer = new RoundSigner(seed);
    this.forger = new RoundSigner(seed === undefined ? undefined : `${seed}\nforged`);
    const publicKey = this.signer.publicKey;
    // drand's genesis seed is the hash of the group that ran the key generation; this chain has no group, so a hash
    // of what defines it stands in (the scheme included, so the same key under another scheme is another chain).
    const groupHash = bytesToHex(sha256(concatBytes(utf8ToBytes(BEACON_SCHEME), hexToBytes(publicKey))));
    const hash = drandChainHash({ period, genesisTime, publicKey, groupHash, beaconId: LOCAL_BEACON_ID });
    this.chain = Object.freeze({ hash, publicKey, genesisTime, period, scheme: BEACON_SCHEME });
    this.info = {
      public_key: publicKey,
      period,
      genesis_time: genesisTime,
      hash,
      groupHash,
      schemeID: BEACON_SCHEME,
      metadata: { beaconID: LOCAL_BEACON_ID },
    };
    this.server = createServer((req, res) => this.handle(req, res));
  }

  get url(): string {
    return this.baseUrl;
  }

  get mode(): LocalBeaconMode {
    return this.currentMode;
  }

  setMode(mode: LocalBeaconMode): void {
    if (!MODES.includes(mode)) throw new RangeError(`unknown mode ${String(mode)}`);
    this.currentMode = mode;
    if (mode === 'silent') return;
    const held = [...this.held];
    this.held.clear();
    for (const { req, res } of held) if (!res.writableEnded && !res.destroyed) this.handle(req, res);
  }

  latestRound(nowMs = Date.now()): number {
    const sinceGenesis = nowMs - this.chain.genesisTime * 1000;
    return sinceGenesis < 0 ? 0 : Math.floor(sinceGenesis / (this.chain.period * 1000)) + 1;
  }

  async listen(port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, this.host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const { port: bound } = this.server.address() as AddressInfo;
    this.baseUrl = `http://${this.host.includes(':') ? `[${this.host}]` : this.host}:${bound}`;
  }

  close(): Promise<void> {
    this.closing ??= new Promise<void>((resolve) => {
      this.held.clear();
      this.server.close(() => resolve());
      // Keep-alive connections and held requests would otherwise keep close() waiting.
      this.server.closeAllConnections();
    });
    return this.closing;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    try {
      this.route(req, res);
    } catch {
      if (!res.headersSent) send(res, 500, 'internal error');
      else res.destroy();
    }
  }

  private route(req: IncomingMessage, res: ServerResponse): void {
    if (this.closing) return void res.destroy();
    if (this.currentMode === 'silent') {
      const entry = { req, res };
      this.held.add(entry);
      res.once('close', () => this.held.delete(entry));
      return;
    }
    if (this.currentMode === 'down') return send(res, 503, 'relay unavailable');
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, 'method not allowed', { allow: 'GET, HEAD' });
    res.setHeader('access-control-allow-origin', '*');

    const path = new URL(req.url ?? '/', 'http://relay').pathname.split('/').filter(Boolean);
    if (path.length === 1 && path[0] === 'health') {
      const latest = this.latestRound();
      return sendJson(res, 200, { current: latest, expected: latest }, 'no-store');
    }
    if (path.length === 1 && path[0] === 'chains') return sendJson(res, 200, [this.chain.hash], 'no-store');
    // `/{hash}/…`, or the same without the hash (drand's default chain).
    if (path[0] !== 'info' && path[0] !== 'public') {
      if (path[0] !== this.chain.hash) return send(res, 404, 'unknown chain');
      path.shift();
    }
    if (path.length === 1 && path[0] === 'info') return sendJson(res, 200, this.info, 'public, max-age=3600');
    if (path.length === 2 && path[0] === 'public') return this.serveRound(res, path[1]!);
    return send(res, 404, 'not found');
  }

  private serveRound(res: ServerResponse, which: string): void {
    const latest = this.latestRound();
    let round: number;
    if (which === 'latest') {
      if (latest < 1) return send(res, 425, 'no round produced yet');
      round = latest;
    } else {
      round = /^\d{1,15}$/.test(which) ? Number(which) : 0;
      if (round < 1) return send(res, 400, 'round must be a positive integer or "latest"');
    }
    if (this.currentMode === 'stale') round = Math.max(1, Math.min(round, latest) - 1);
    else if (roundTimeMs(this.chain, round) > Date.now()) return send(res, 425, `round ${round} is not produced yet`);
    if (round > latest) return send(res, 425, 'no round produced yet');

    const beacon: BeaconRound = (this.currentMode === 'forged' ? this.forger : this.signer).sign(round);
    const nextMs = roundTimeMs(this.chain, latest + 1) - Date.now();
    const cache =
      which === 'latest'
        ? `public, max-age=${Math.max(0, Math.floor(nextMs / 1000))}`
        : 'public, max-age=604800, immutable';
    sendJson(res, 200, { round: beacon.round, randomness: beacon.randomness, signature: beacon.signature }, cache);
  }
}

function send(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(`${text}\n`);
}

function sendJson(res: ServerResponse, status: number, body: unknown, cacheControl: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': cacheControl });
  res.end(JSON.stringify(body));
}
