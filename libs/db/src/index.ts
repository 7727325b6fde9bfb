export * from './schema.js';
export * from './database.js';
export * from './migrate.js';
export * from './db.module.js';
export { migrations } from './migrations/index.js';
export * from './read-database.js';
