export * from './log-context.js';
export * from './logger.js';
export * from './metrics.js';
