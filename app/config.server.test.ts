import { describe, expect, it } from "vitest";
import { contentContext, getConfig } from "./config.server";
import { brandName } from "./i18n/lang";

const base = {
  ENVIRONMENT: "test",
  SUPPORT_EMAIL: "support@example.in",
  SUPPORT_PHONE: "+91 90000 00000",
  WHATSAPP_NUMBER: "+91 90000 00000",
  SOCIAL_HANDLE: "@example",
};

describe("auction reminder configuration", () => {
  it("is 10 minutes before the end unless the env says otherwise", () => {
    expect(getConfig({ ...base }).auctionReminderMs).toBe(10 * 60_000);
    expect(getConfig({ ...base, AUCTION_REMINDER_MINUTES: "3" }).auctionReminderMs).toBe(3 * 60_000);
    expect(() => getConfig({ ...base, AUCTION_REMINDER_MINUTES: "0" })).toThrow();
  });
});

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

describe("the store's name in each language", () => {
  it("is Godavari Pulasa in English and గోదావరి పులస in Telugu unless the env names it", () => {
    const config = getConfig({ ...base });
    expect([brandName(config, "en"), brandName(config, "te")]).toEqual(["Godavari Pulasa", "గోదావరి పులస"]);
    const named = getConfig({ ...base, BRAND_NAME: "River Hilsa Co", BRAND_NAME_TE: " రివర్ హిల్సా " });
    expect([brandName(named, "en"), brandName(named, "te")]).toEqual(["River Hilsa Co", "రివర్ హిల్సా"]);
    expect(() => getConfig({ ...base, BRAND_NAME_TE: "  " })).toThrow("BRAND_NAME_TE");
  });

  it("is the one the Telugu articles and policies name the store by", () => {
    const named = getConfig({ ...base, BRAND_NAME_TE: "రివర్ హిల్సా" });
    expect(contentContext(named, "te").brand).toBe("రివర్ హిల్సా");
    expect(contentContext(named, "en").brand).toBe("Godavari Pulasa");
  });
});
