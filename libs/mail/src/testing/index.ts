export * from './mail-catcher.js';
