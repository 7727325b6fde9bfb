export * from './redis-keys.js';
export * from './redis.service.js';
export * from './redis.module.js';
export * from './lease.js';
