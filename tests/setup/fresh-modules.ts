import { afterAll, vi } from "vitest";

// Test files share their runner (isolate: false) and, with it, the modules they import: evaluating the app's
// modules again for every file cost more than all the tests together. Every module-level cache of the app is
// keyed by what it caches (an env, a database binding, a language's texts), so it holds for any file.

// No spy or fake clock passes to the next file, even when a test failed before restoring its own.
afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});
