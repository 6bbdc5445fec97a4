import { afterAll, vi } from "vitest";

// Test files share their runner (isolate: false): each imports the code under test afresh, as if alone.
vi.resetModules();

// No spy or fake clock passes to the next file, even when a test failed before restoring its own.
afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});
