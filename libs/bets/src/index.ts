export * from './bet-batch-parse.js';
export * from './decide-batch.js';
export * from './bet-batch.service.js';
export * from './bet-outcomes.js';
export * from './bet-arbiter.js';
export * from './bets-commitment.js';
