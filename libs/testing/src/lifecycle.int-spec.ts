import { jest } from '@jest/globals';

// The integration environment (scripts/jest/int-environment.mjs) gives every beforeAll and afterAll hook at least
// three minutes, whatever the file's own timeout: starting a real stack on a busy machine may take longer than a
// test may. Here the file's timeout is 300 ms and the hook takes a second.
jest.setTimeout(300);

describe('hooks of an integration file', () => {
  let started = 0;
  beforeAll(async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    started = Date.now();
  });

  it('may take longer than its tests to start what they need', () => {
    expect(started).toBeGreaterThan(0);
  });

  it("while a test keeps the file's timeout", async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });
});
