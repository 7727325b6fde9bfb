export * from './accounts.js';
export * from './journal.js';
export * from './reconcile.js';
export * from './reconcile-payments.js';
export * from './set-based.js';
