import { describe, expect, it } from "vitest";
import { quietEnv } from "./local.mjs";

describe("the environment of every local wrangler and Miniflare run", () => {
  it("reaches no network of its own: no Request.cf download, no update check, no metrics", () => {
    expect(quietEnv).toMatchObject({
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      WRANGLER_HIDE_BANNER: "true",
      WRANGLER_SEND_METRICS: "false",
    });
  });
});
