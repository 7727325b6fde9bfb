import { createTestDatabase } from '@app/testing';
import { OtpRepository } from './otp.repository.js';
import { describeOtpStore } from './testing/otp-store.contract.js';

describeOtpStore('Postgres', async () => {
  const database = await createTestDatabase();
  return { store: new OtpRepository(), db: database.db, close: () => database.drop() };
});
