/**
 * What an integration test file started and has not closed yet, kept on the test's global object so the
 * integration environment (scripts/jest/int-environment.mjs) closes it after the file's last hook — also when a
 * `beforeAll` timed out while the stack was still starting. `close()` becomes idempotent.
 */
interface Closeable {
  close(): Promise<void>;
}

const state = globalThis as typeof globalThis & { __testStackOpen?: Set<Closeable>; __testStackEnded?: boolean };

export async function tracked<T extends Closeable>(thing: T): Promise<T> {
  const open = (state.__testStackOpen ??= new Set());
  const closeOnce = thing.close.bind(thing);
  let closing: Promise<void> | undefined;
  thing.close = () => {
    open.delete(thing);
    return (closing ??= closeOnce());
  };
  if (state.__testStackEnded) {
    await thing.close();
    throw new Error(
      'a test stack finished starting after its test file had ended (did a beforeAll time out?); it was closed again',
    );
  }
  open.add(thing);
  return thing;
}

/** How many started stacks are still open (for tests of the clean-up itself). */
export function openStacks(): number {
  return state.__testStackOpen?.size ?? 0;
}
