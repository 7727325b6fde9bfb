import type { Queue } from 'bullmq';

export interface RecordedJob<T> {
  name: string;
  data: T;
  opts: unknown;
}

/**
 * A BullMQ queue that keeps what was added instead of writing to Redis: give it to a producer (e.g.
 * `new MailQueue(queue.asQueue())`) to see which jobs a service enqueues, with their data and options.
 */
export class RecordingQueue<T> {
  readonly jobs: RecordedJob<T>[] = [];

  async add(name: string, data: T, opts?: unknown): Promise<{ id: string; name: string; data: T }> {
    this.jobs.push({ name, data: structuredClone(data), opts });
    return { id: String(this.jobs.length), name, data };
  }

  asQueue(): Queue<T> {
    return this as unknown as Queue<T>;
  }
}
