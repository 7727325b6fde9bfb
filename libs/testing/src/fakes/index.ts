export * from './in-memory-database.js';
export * from './recording-queue.js';
