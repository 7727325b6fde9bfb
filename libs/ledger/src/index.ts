export * from './accounts.js';
export * from './journal.js';
export * from './payout-sql.js';
export * from './reconcile.js';
export * from './reconcile-payments.js';
export * from './set-based.js';
export * from './transaction-id.js';
export * from './play-through.js';
