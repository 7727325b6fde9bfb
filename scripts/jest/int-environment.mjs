// The integration tests' Jest environment: Node's, plus two guards against a busy machine.
//
// 1. Time to start and stop. A file's `beforeAll` starts a real api node, round engine or both (modules loaded and
//    transpiled on first use, databases cloned, leases taken); on a machine busy with other work that can take far
//    longer than a test's own budget. Every `beforeAll` and `afterAll` hook gets at least HOOK_TIMEOUT_MS, whatever
//    the file's `jest.setTimeout` says; tests keep their own timeouts.
// 2. A last clean-up. An api node or round engine a test file started (libs/testing/src/lifecycle.ts keeps them on
//    the test's global object) and did not close — typically because a `beforeAll` timed out while it was still
//    starting, so its `afterAll` had nothing to close — is closed when the file's run finishes, after its last hook
//    and while its modules are still loaded (closing needs them: a database client loads its socket module on first
//    use; once the environment is torn down it cannot). A stack that finishes starting later closes itself (it sees
//    the file ended). Without this, its leases, timers and connections would outlive the file and slow or fail
//    whichever files run next in that worker.
import { TestEnvironment } from 'jest-environment-node';

/** The least time a `beforeAll` or `afterAll` hook of an integration file is given. */
export const HOOK_TIMEOUT_MS = 180_000;

export default class IntegrationEnvironment extends TestEnvironment {
  async handleTestEvent(event, state) {
    if (event.name === 'add_hook' && (event.hookType === 'beforeAll' || event.hookType === 'afterAll')) {
      const hook = state.currentDescribeBlock?.hooks.at(-1);
      if (hook && hook.type === event.hookType) hook.timeout = Math.max(hook.timeout ?? 0, HOOK_TIMEOUT_MS);
    }
    if (event.name === 'run_finish') await this.closeOpenStacks();
  }

  async closeOpenStacks() {
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
  }

  async teardown() {
    // Normally done at run_finish; this catches a run that ended without it.
    await this.closeOpenStacks();
    await super.teardown();
  }
}
