import { describe, expect, it } from "vitest";
import { workerLogLine } from "./worker-logs.mjs";

describe("the Workers' log lines the local store prints", () => {
  it("shows console.log at the 'log' level only, and warnings and errors at both, on stderr", () => {
    const mail = { level: "log", message: "[mail] your verification code is 123456" };
    expect(workerLogLine(mail, "log")).toEqual({ stream: "stdout", text: `${mail.message}\n` });
    expect(workerLogLine(mail, "warn")).toBeNull();
    expect(workerLogLine({ level: "warn", message: "slow" }, "warn")).toEqual({ stream: "stderr", text: "slow\n" });
    expect(workerLogLine({ level: "error", message: "failed" }, "warn")).toEqual({ stream: "stderr", text: "failed\n" });
  });

  it("shows a Worker's uncaught exception as an error, and none of workerd's own notices", () => {
    const uncaught = "uncaught exception; source = Uncaught (in promise); stack = TypeError: x is undefined";
    expect(workerLogLine({ level: "info", message: uncaught }, "warn")).toEqual({ stream: "stderr", text: `${uncaught}\n` });
    for (const message of [
      "uncaught exception; exception = workerd/api/global-scope.c++:49: failed: jsg.TypeError: Can't read from request stream after response has been sent.",
      "exception = kj/async.c++:212: disconnected: operation canceled",
    ]) {
      expect(workerLogLine({ level: "info", message }, "log")).toBeNull();
    }
  });
});
