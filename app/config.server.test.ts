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

describe("Web Push's VAPID keys", () => {
  // A pair as `npm run vapid-keys` prints it (a test pair: nothing is ever signed with it).
  const vapid = {
    VAPID_PUBLIC_KEY: "BL4Ugm22Fd27D3vQP3IHux6tO0L_5kk22K-LRbEGggRELkyXGMQim3PHTFrAtMU_znfH8JjgIQ4bntZGAtmfGyo",
    VAPID_PRIVATE_KEY: "Z4hNzHmlX3yVzt65zTzlk3UAO7Vc_24-irX4PkWkoAU",
    VAPID_SUBJECT: "mailto:support@example.in",
  };

  it("are all three or none", () => {
    expect(getConfig({ ...base, ...vapid }).vapid).toEqual({
      publicKey: vapid.VAPID_PUBLIC_KEY,
      privateKey: vapid.VAPID_PRIVATE_KEY,
      subject: vapid.VAPID_SUBJECT,
    });
    expect(getConfig({ ...base }).vapid).toBeNull();
    expect(getConfig({ ...base, ...vapid, VAPID_SUBJECT: undefined }).vapid).toBeNull();
  });

  it("refuse a key of the wrong length or alphabet, and a subject that is neither mailto: nor https:", () => {
    expect(() => getConfig({ ...base, ...vapid, VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY.slice(1) })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => getConfig({ ...base, ...vapid, VAPID_PRIVATE_KEY: `${vapid.VAPID_PRIVATE_KEY}=` })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => getConfig({ ...base, ...vapid, VAPID_PRIVATE_KEY: vapid.VAPID_PRIVATE_KEY.replace("_", "/") })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => getConfig({ ...base, ...vapid, VAPID_SUBJECT: "support@example.in" })).toThrow(/VAPID_SUBJECT/);
    expect(getConfig({ ...base, ...vapid, VAPID_SUBJECT: "https://godavaripulasa.example" }).vapid?.subject).toBe("https://godavaripulasa.example");
  });
});
