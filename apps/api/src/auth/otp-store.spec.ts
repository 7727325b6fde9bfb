import { InMemoryOtpStore } from './testing/in-memory-otp-store.js';
import { describeOtpStore } from './testing/otp-store.contract.js';

describeOtpStore('in memory', async () => ({ store: new InMemoryOtpStore(), db: undefined, close: async () => {} }));
