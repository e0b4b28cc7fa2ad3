/**
 * Waits until `check` passes (returns without throwing), trying again every
 * `intervalMs`. There is no deadline of its own on purpose: on a busy machine
 * an event comes late, not never, so the only limit is the test's own
 * timeout (vitest's or Playwright's), which then names the test that waited.
 * A clock here would turn a slow machine into a red run.
 */
export async function eventually<T>(check: () => T | Promise<T>, intervalMs = 20): Promise<T> {
  for (;;) {
    try {
      return await check();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
