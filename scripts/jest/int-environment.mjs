// The integration tests' Jest environment: Node's, plus a last clean-up. An api node or round engine a test file
// started (libs/testing/src/lifecycle.ts keeps them on the test's global object) and did not close — typically
// because a `beforeAll` timed out while it was still starting, so its `afterAll` had nothing to close — is closed
// here, after the file's last hook. A stack that finishes starting later closes itself (it sees the file ended).
// Without this, its leases and timers would outlive the file and fail whichever file runs next in that worker.
import { TestEnvironment } from 'jest-environment-node';

export default class IntegrationEnvironment extends TestEnvironment {
  async teardown() {
    const state = this.global;
    state.__testStackEnded = true;
    const open = [...(state.__testStackOpen ?? [])].reverse();
    for (const item of open) {
      try {
        await item.close();
      } catch (error) {
        console.warn(
          `closing a test stack left open failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    await super.teardown();
  }
}
