export * from './socket-message.js';
export * from './events-publisher.js';
export * from './events-stream.js';
export * from './events-tail.js';
export * from './realtime.module.js';
export * from './bet-commands.js';
export * from './bet-wire.js';
export * from './account-notices.js';
