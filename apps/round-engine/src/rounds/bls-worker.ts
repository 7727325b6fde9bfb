import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BlsUnavailableError, type BlsShortVerify } from '@app/domain';

/**
 * The BLS pairing check of beacon rounds (about 25 ms of CPU each) in a worker thread of its own, so the round clock's
 * event loop — which in a single-engine deployment also applies bet batches — never stalls on it. The check is the
 * domain's (`verifyShortSignature` of @noble/curves, the same library and calls); the worker only moves it off the loop.
 */
const WORKER = `
const { parentPort } = require('node:worker_threads');
let scheme;
parentPort.on('message', async ({ id, url, dst, signature, message, publicKey, warm }) => {
  try {
    scheme ??= (await import(url)).bls12_381.shortSignatures;
  } catch (error) {
    parentPort.postMessage({ id, unavailable: String(error && error.message || error) });
    return;
  }
  let ok;
  try {
    if (warm) {
      // One whole check of a signature made here with a fixed key: hash to the curve, the pairings, all compiled.
      const key = new Uint8Array(32).fill(1);
      const point = scheme.hash(new Uint8Array(32), dst);
      ok = scheme.verify(scheme.sign(point, key), point, scheme.getPublicKey(key));
    } else ok = scheme.verify(signature, scheme.hash(message, dst), publicKey);
  } catch {
    // Bytes that are not a point of the curve (or not in its subgroup): not a valid signature.
    ok = false;
  }
  parentPort.postMessage({ id, ok });
});
`;

/** The file the worker imports: the very @noble/curves module the domain's check loads. */
export const NOBLE_BLS = pathToFileURL(createRequire(import.meta.url).resolve('@noble/curves/bls12-381.js')).href;

export class BlsWorker {
  private worker?: Worker;
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (ok: boolean) => void; reject: (error: Error) => void }>();

  /**
   * `dst`: the hash-to-curve domain of the rounds' messages; `url`: the module the worker loads the curve from. When the
   * check itself cannot run (the module does not load, the thread stops) `verify` rejects with a BlsUnavailableError
   * rather than calling the signature bad: a round is never refused as forged for a fault of this machine.
   */
  constructor(
    private readonly dst: string,
    private readonly url: string = NOBLE_BLS,
  ) {}

  readonly verify: BlsShortVerify = (signature, message, publicKey) => this.ask({ signature, message, publicKey });

  /**
   * Starts the thread and runs one whole check in it (a signature it makes itself), so that the first round to be
   * checked does not pay for loading the curve and compiling the pairing code: 0.4 s on a quiet 2-core box and
   * several times that on a busy one, enough to make a standby's first draw after it takes over late. Resolves with
   * that check's verdict (true unless the library is broken).
   */
  warm(): Promise<boolean> {
    return this.ask({ warm: true });
  }

  private ask(check: object): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      const id = this.next++;
      this.waiting.set(id, { resolve, reject });
      this.thread().postMessage({ id, url: this.url, dst: this.dst, ...check });
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER, { eval: true });
    worker.unref();
    worker.on('message', ({ id, ok, unavailable }: { id: number; ok?: boolean; unavailable?: string }) => {
      const waiting = this.waiting.get(id);
      this.waiting.delete(id);
      if (unavailable === undefined) waiting?.resolve(ok === true);
      else waiting?.reject(new BlsUnavailableError(`the BLS check could not run: ${unavailable}`));
    });
    worker.on('error', (error) => this.fail(new BlsUnavailableError(`the BLS worker failed: ${error.message}`)));
    worker.on('exit', () => this.fail(new BlsUnavailableError('the BLS worker stopped')));
    return (this.worker = worker);
  }

  private fail(error: Error): void {
    this.worker = undefined;
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
