export * from './bet-batch.service.js';
export * from './bet-outcomes.js';
