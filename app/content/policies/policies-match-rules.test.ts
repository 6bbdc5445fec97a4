import { describe, expect, it } from "vitest";
import { CLAIM_WINDOW_MS, isWithinClaimWindow } from "~/claims/rules";
import { formatSlotHours, DELIVERY_SLOTS } from "~/delivery/slots";
import { checkoutMessages } from "~/i18n/checkout.messages";
import type { Lang } from "~/i18n/lang";
import { checkoutMessages as teCheckout } from "~/i18n/te/checkout.messages";
import { formatRupees } from "~/lib/money";
import { ADVANCE_PAISE, AUCTION_PAY_MS, stateForPincode } from "~/orders/rules";
import { CUSTOMER_CANCELLABLE, FULFILMENT } from "~/orders/status";
import type { ContentContext, PolicyPage } from "../types";
import { getPolicy } from ".";
import { POLICY_PATHS, type PolicyPath } from "./paths";

const c: ContentContext = {
  product: "Pulasa",
  brand: "Godavari Pulasa",
  supportEmail: "help@example.in",
  supportPhone: "+91 90000 11111",
  whatsapp: "+91 90000 22222",
  socialHandle: "@godavaripulasa",
};

/** A policy page as its reader sees it: every heading and text, one after another. */
function pageText(path: PolicyPath, lang: Lang): string {
  const page = getPolicy(c, path, lang) as PolicyPage;
  const blocks = page.sections.flatMap((s) => [s.heading, ...s.blocks.flatMap((b) => ("text" in b ? [b.text] : b.items))]);
  return [page.title, page.description, page.intro, ...blocks].join("\n");
}
const allPolicies = (lang: Lang) => POLICY_PATHS.map((path) => pageText(path, lang)).join("\n");

const HOUR_MS = 60 * 60_000;
/** How each language says "within N hours": the number the policy states is read from it. */
const WITHIN_HOURS: Record<Lang, RegExp> = { en: /within (\d+) hours of delivery/g, te: /డెలివరీ అయిన (\d+) గంటల్లోపు/g };
const labels = (lang: Lang) => (lang === "te" ? teCheckout : checkoutMessages).status.labels;

describe.each(["en", "te"] as const)("the policies (%s) say what the shop does", (lang) => {
  it("the window for reporting a problem is the one the claim form enforces", () => {
    const stated = [...allPolicies(lang).matchAll(WITHIN_HOURS[lang])].map((m) => Number(m[1]));
    expect(stated.length).toBeGreaterThan(2);
    for (const hours of stated) {
      expect(hours * HOUR_MS).toBe(CLAIM_WINDOW_MS);
      expect(isWithinClaimWindow(0, hours * HOUR_MS)).toBe(true);
      expect(isWithinClaimWindow(0, hours * HOUR_MS + 1)).toBe(false);
    }
  });

  it("the advance is the amount checkout takes", () => {
    const amounts = new Set(allPolicies(lang).match(/₹[\d,]+/g));
    expect([...amounts]).toEqual([formatRupees(ADVANCE_PAISE)]);
  });

  it("the pincodes are exactly the ones checkout accepts, each range with its own state", () => {
    const text = pageText("/delivery-info", lang);
    const ranges = [...text.matchAll(/(\d{6})–(\d{6})/g)].map((m) => ({ from: Number(m[1]), to: Number(m[2]), at: m.index }));
    expect(ranges.length).toBe(2);
    const states = lang === "te" ? teCheckout.states : { Telangana: "Telangana", "Andhra Pradesh": "Andhra Pradesh" };
    for (const range of ranges) {
      const state = stateForPincode(String(range.from));
      expect(state).not.toBeNull();
      // The state named just before the range is the one checkout puts those pincodes in.
      const before = text.slice(0, range.at);
      const named = (Object.keys(states) as (keyof typeof states)[]).sort((a, b) => before.lastIndexOf(states[b]) - before.lastIndexOf(states[a]))[0];
      expect(named).toBe(state);
      expect(stateForPincode(String(range.to))).toBe(state);
    }
    // Every first-three-digits group is accepted by checkout exactly when a stated range covers it.
    for (let prefix = 100; prefix <= 999; prefix++) {
      for (const zip of [`${prefix}000`, `${prefix}999`]) {
        const stated = ranges.some((r) => Number(zip) >= r.from && Number(zip) <= r.to);
        expect(stateForPincode(zip) !== null, zip).toBe(stated);
      }
    }
  });

  it("an order can be cancelled from its page until exactly the step the policy names", () => {
    const text = pageText("/returns-refunds", lang);
    const quoted = [...text.matchAll(/['‘]([^'’]+)['’]/g)].map((m) => m[1]);
    const named = FULFILMENT.filter((status) => quoted.includes(labels(lang)[status]));
    expect(named).toHaveLength(1);
    expect(CUSTOMER_CANCELLABLE).toEqual(FULFILMENT.slice(0, FULFILMENT.indexOf(named[0])));
    expect(text).toContain(lang === "te" ? teCheckout.orders.cancelTitle : checkoutMessages.orders.cancelTitle);
  });

  it("the delivery slots are the hours checkout offers, and delivery is free", () => {
    const text = pageText("/delivery-info", lang);
    for (const slot of DELIVERY_SLOTS) expect(text).toContain(formatSlotHours(slot, lang));
    expect(text).not.toMatch(/distance-based|దూరాన్ని బట్టి ఛార్జీ/);
  });

  it("a won lot's advance is due within the time its order holds it", () => {
    const text = pageText("/terms-conditions", lang);
    const hours = AUCTION_PAY_MS / HOUR_MS;
    expect(text).toContain(lang === "te" ? `${hours} గంటల్లోగా` : `within ${hours} hours of the close`);
  });

  it("the tracking answer names the steps by the order page's labels, in their order", () => {
    const text = pageText("/help-support", lang);
    const at = FULFILMENT.map((status) => text.indexOf(labels(lang)[status]));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
});
