import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BlsShortVerify } from '@app/domain';

/**
 * The BLS pairing check of beacon rounds (about 25 ms of CPU each) in a worker thread of its own, so the round clock's
 * event loop — which in a single-engine deployment also applies bet batches — never stalls on it. The check is the
 * domain's (`verifyShortSignature` of @noble/curves, the same library and calls); the worker only moves it off the loop.
 */
const WORKER = `
const { parentPort } = require('node:worker_threads');
let scheme;
parentPort.on('message', async ({ id, url, dst, signature, message, publicKey }) => {
  try {
    scheme ??= (await import(url)).bls12_381.shortSignatures;
    parentPort.postMessage({ id, ok: scheme.verify(signature, scheme.hash(message, dst), publicKey) });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: String(error && error.message || error) });
  }
});
`;

/** The file the worker imports: the very @noble/curves module the domain's check loads. */
const NOBLE_BLS = pathToFileURL(createRequire(import.meta.url).resolve('@noble/curves/bls12-381.js')).href;

export class BlsWorker {
  private worker?: Worker;
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (ok: boolean) => void; reject: (error: Error) => void }>();

  constructor(private readonly dst: string) {}

  readonly verify: BlsShortVerify = (signature, message, publicKey) =>
    new Promise<boolean>((resolve, reject) => {
      const id = this.next++;
      this.waiting.set(id, { resolve, reject });
      this.thread().postMessage({ id, url: NOBLE_BLS, dst: this.dst, signature, message, publicKey });
    });

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER, { eval: true });
    worker.unref();
    worker.on('message', ({ id, ok }: { id: number; ok: boolean }) => {
      this.waiting.get(id)?.resolve(ok);
      this.waiting.delete(id);
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => this.fail(new Error('the BLS worker stopped')));
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
