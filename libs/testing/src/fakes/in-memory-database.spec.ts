import { inMemoryDatabase, type Snapshots } from './in-memory-database.js';
import { RecordingQueue } from './recording-queue.js';

class Counter implements Snapshots {
  value = 0;
  snapshot(): unknown {
    return this.value;
  }
  restore(snapshot: unknown): void {
    this.value = snapshot as number;
  }
}

describe('inMemoryDatabase', () => {
  it('commits what a transaction stored, and rolls every store back when it throws', async () => {
    const a = new Counter();
    const b = new Counter();
    const db = inMemoryDatabase(a, b);
    await db.transaction().execute(async () => {
      a.value = 1;
    });
    await expect(
      db.transaction().execute(async () => {
        a.value = 5;
        b.value = 7;
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect([a.value, b.value]).toEqual([1, 0]);
  });

  it('runs transactions one at a time, as row locks would, even when one fails', async () => {
    const db = inMemoryDatabase();
    const order: string[] = [];
    const slow = (name: string, fail = false) =>
      db.transaction().execute(async () => {
        order.push(`${name} begins`);
        await new Promise((r) => setTimeout(r, 5));
        order.push(`${name} ends`);
        if (fail) throw new Error(name);
      });
    await Promise.allSettled([slow('first', true), slow('second')]);
    expect(order).toEqual(['first begins', 'first ends', 'second begins', 'second ends']);
  });

  it('refuses anything but transactions, so a service cannot run half on a fake', () => {
    const db = inMemoryDatabase();
    expect(() => db.selectFrom('users')).toThrow('the in-memory database has no selectFrom()');
  });
});

describe('RecordingQueue', () => {
  it('keeps each job added with its name, a copy of its data and its options', async () => {
    const queue = new RecordingQueue<{ to: string }>();
    const data = { to: 'asha@gmail.com' };
    await queue.asQueue().add('otp', data, { attempts: 6 });
    data.to = 'changed@gmail.com';
    expect(queue.jobs).toEqual([{ name: 'otp', data: { to: 'asha@gmail.com' }, opts: { attempts: 6 } }]);
  });
});
