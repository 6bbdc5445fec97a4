import { describe, expect, it } from "vitest";
import { getConfig } from "./config.server";

const base = {
  ENVIRONMENT: "test",
  SUPPORT_EMAIL: "support@example.in",
  SUPPORT_PHONE: "+91 90000 00000",
  WHATSAPP_NUMBER: "+91 90000 00000",
  SOCIAL_HANDLE: "@example",
};

describe("soft close configuration", () => {
  it("is 2 minutes, at most 30 minutes past the scheduled end, unless the env says otherwise", () => {
    expect(getConfig({ ...base }).softClose).toEqual({ windowMs: 2 * 60_000, capMs: 30 * 60_000 });
    // `--var` and .dev.vars give strings, wrangler.toml numbers: both are read.
    expect(getConfig({ ...base, AUCTION_SOFT_CLOSE_SECONDS: "5", AUCTION_SOFT_CLOSE_CAP_SECONDS: 60 }).softClose).toEqual({ windowMs: 5_000, capMs: 60_000 });
  });

  it("refuses a window that is not a whole number of seconds, or a cap shorter than the window", () => {
    expect(() => getConfig({ ...base, AUCTION_SOFT_CLOSE_SECONDS: "two minutes" })).toThrow("AUCTION_SOFT_CLOSE_SECONDS");
    expect(() => getConfig({ ...base, AUCTION_SOFT_CLOSE_SECONDS: "0" })).toThrow("AUCTION_SOFT_CLOSE_SECONDS");
    expect(() => getConfig({ ...base, AUCTION_SOFT_CLOSE_SECONDS: "1.5" })).toThrow("AUCTION_SOFT_CLOSE_SECONDS");
    expect(() => getConfig({ ...base, AUCTION_SOFT_CLOSE_SECONDS: "300", AUCTION_SOFT_CLOSE_CAP_SECONDS: "120" })).toThrow("AUCTION_SOFT_CLOSE_CAP_SECONDS");
  });
});
