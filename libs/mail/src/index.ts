export * from './otp-mail.js';
export * from './mailer.js';
export * from './mail-queue.js';
export * from './dispute-mail.js';
export * from './payment-mail.js';
