export * from './envelope.js';
export * from './auth.js';
export * from './user.js';
export * from './wallet.js';
export * from './bet.js';
export * from './admin.js';
export * from './socket.js';
export * from './health.js';
