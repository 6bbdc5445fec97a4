import { describe, expect, it } from "vitest";
import { claimThenCall } from "./gateway-step.server";

describe("claimThenCall", () => {
  const step = (claimed: boolean, call: () => Promise<string>) => {
    const done: string[] = [];
    const run = claimThenCall({
      claim: async () => (done.push("claim"), claimed),
      lost: () => new Error("taken by another request"),
      call: async () => (done.push("call"), call()),
      undo: async () => done.push("undo"),
      failed: (cause) => new Error(`gateway: ${String(cause)}`),
    });
    return { run, done };
  };

  it("claims first, then calls the gateway and gives its answer", async () => {
    const { run, done } = step(true, async () => "plink_1");
    await expect(run).resolves.toBe("plink_1");
    expect(done).toEqual(["claim", "call"]);
  });

  it("never calls the gateway for a step another request claimed", async () => {
    const { run, done } = step(false, async () => "plink_2");
    await expect(run).rejects.toThrow("taken by another request");
    expect(done).toEqual(["claim"]);
  });

  it("undoes the claim when the gateway fails, and throws the step's own error", async () => {
    const { run, done } = step(true, async () => Promise.reject(new Error("503")));
    await expect(run).rejects.toThrow("gateway: Error: 503");
    expect(done).toEqual(["claim", "call", "undo"]);
  });
});
