import type { Database } from '@app/db';

/** Something an in-memory fake keeps, which a rolled-back transaction puts back as it was. */
export interface Snapshots {
  snapshot(): unknown;
  restore(snapshot: unknown): void;
}

/**
 * A stand-in for `Database` where a service only opens transactions and hands them to its repositories, and those
 * repositories are in-memory fakes that ignore the executor. Transactions run one at a time (as row locks would
 * serialise them) and a transaction that throws leaves the given stores as they were before it (rollback).
 * Anything else a service asks of the database throws, so a unit test cannot silently run half on a fake.
 */
export function inMemoryDatabase(...stores: Snapshots[]): Database {
  let queue: Promise<unknown> = Promise.resolve();
  const executor: Record<string, unknown> = {};
  const transaction = () => ({
    execute<T>(work: (trx: Database) => Promise<T>): Promise<T> {
      const run = queue.then(async () => {
        const before = stores.map((s) => s.snapshot());
        try {
          return await work(fake);
        } catch (error) {
          stores.forEach((s, i) => s.restore(before[i]));
          throw error;
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
  });
  const fake = new Proxy(executor, {
    get(_, name) {
      if (name === 'transaction') return transaction;
      if (name === 'then') return undefined;
      throw new Error(
        `the in-memory database has no ${String(name)}(): give the service an in-memory repository for it`,
      );
    },
  }) as unknown as Database;
  return fake;
}
