import { performance } from 'node:perf_hooks';

/** What a slice needs of the event loop: a clock, and a way to let the loop run everything else once. */
export interface SliceLoop {
  now(): number;
  turn(): Promise<void>;
}

const EVENT_LOOP: SliceLoop = {
  now: () => performance.now(),
  turn: () => new Promise<void>((resolve) => setImmediate(resolve)),
};

/**
 * Long work done in slices with the event loop turning in between, each slice given as long as the rest of the loop
 * took while it waited (at least `minMs`, at most `maxMs`). A fixed slice starves the work when the loop is busy:
 * under a round start's load one turn of an api node's loop (reading thousands of sockets, answering their requests)
 * can take hundreds of milliseconds, and delivery that wrote 5 ms a turn then wrote bet answers at a fraction of the
 * rate they came in. Given what the rest took, the work gets about half of a busy loop and never holds it longer
 * than `maxMs`; on a quiet loop the slices stay at `minMs`.
 */
export class FairSlices {
  private sliceStart: number;
  private budget: number;

  constructor(
    private readonly minMs: number,
    private readonly maxMs: number,
    private readonly loop: SliceLoop = EVENT_LOOP,
  ) {
    this.sliceStart = loop.now();
    this.budget = minMs;
  }

  /** Whether this slice has used its time. */
  spent(): boolean {
    return this.loop.now() - this.sliceStart >= this.budget;
  }

  /** The time the current slice may take (ms). */
  get sliceMs(): number {
    return this.budget;
  }

  /** Lets the event loop turn; the next slice may last as long as the rest of the loop took meanwhile. */
  async yield(): Promise<void> {
    const yieldedAt = this.loop.now();
    await this.loop.turn();
    const now = this.loop.now();
    this.budget = Math.min(this.maxMs, Math.max(this.minMs, now - yieldedAt));
    this.sliceStart = now;
  }
}
