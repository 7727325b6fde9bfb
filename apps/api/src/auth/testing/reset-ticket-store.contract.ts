import type { ResetTicketRepository } from '../reset-ticket.repository.js';

/** What a reset-ticket store scenario needs from its world (Postgres, or memory). */
export interface ResetTicketWorld {
  store: ResetTicketRepository;
  /** What the store's methods are given as executor (the database; ignored by the fake). */
  db: any;
  /** An account id tickets can name. */
  user(): Promise<string>;
  close(): Promise<void>;
}

let n = 0;
const hash = () => `${Date.now().toString(16)}${++n}`.padEnd(64, 'f');
const identity = () => `reset.${Date.now()}.${++n}@gmail.com`;

/** The behaviour PasswordResetService relies on, run against Postgres and the in-memory store of its unit tests. */
export function describeResetTicketStore(name: string, makeWorld: () => Promise<ResetTicketWorld>): void {
  describe(`reset-ticket store: ${name}`, () => {
    let world: ResetTicketWorld;
    beforeAll(async () => {
      world = await makeWorld();
    });
    afterAll(() => world.close());

    const issue = async (emailKey: string, userId: string | null, ttlMinutes = 10) => {
      const ticketHash = hash();
      await world.store.issue(world.db, { ticketHash, emailKey, userId, ip: '198.51.100.4', ttlMinutes });
      return ticketHash;
    };

    it('finds an open ticket with its identity and account, and uses it once', async () => {
      const userId = await world.user();
      const key = identity();
      const ticket = await issue(key, userId);
      const open = await world.store.findOpen(world.db, ticket);
      expect(open).toEqual({ id: expect.any(String), email_key: key, user_id: userId });
      expect(await world.store.consume(world.db, open!.id)).toBe(true);
      expect(await world.store.consume(world.db, open!.id)).toBe(false);
      expect(await world.store.findOpen(world.db, ticket)).toBeUndefined();
      expect(await world.store.findOpen(world.db, hash())).toBeUndefined();
    });

    it('closes the open tickets of an identity when a new one is issued, and keeps a ticket of no account', async () => {
      const key = identity();
      const first = await issue(key, null);
      const second = await issue(key, null);
      expect(await world.store.findOpen(world.db, first)).toBeUndefined();
      expect(await world.store.findOpen(world.db, second)).toMatchObject({ email_key: key, user_id: null });
    });

    it('neither finds nor uses an expired ticket', async () => {
      const ticket = await issue(identity(), await world.user(), 0);
      expect(await world.store.findOpen(world.db, ticket)).toBeUndefined();
    });
  });
}
