export * from './bet-batch.service.js';
