import { vi } from "vitest";

// The auction Worker remembers, per isolate, which rooms it has set up and whose credentials it checked in the
// last seconds; a file's fresh storage makes that untrue, so each of its files imports it afresh.
vi.resetModules();
