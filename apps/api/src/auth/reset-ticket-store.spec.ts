import { randomUUID } from 'node:crypto';
import { InMemoryResetTickets } from './testing/in-memory-reset-tickets.js';
import { describeResetTicketStore } from './testing/reset-ticket-store.contract.js';

describeResetTicketStore('in memory', async () => ({
  store: new InMemoryResetTickets(),
  db: undefined,
  user: async () => randomUUID(),
  close: async () => {},
}));
