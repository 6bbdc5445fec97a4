import { describe, expect, it } from "vitest";
import { enRouteText, messagePhone, retryDelayMs } from "./en-route";

/** The GSM 03.38 basic alphabet (its extension table costs two characters each and is not used here). */
const GSM7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;

/** The store's and the fish's names, as configuration gives them in each language. */
const names = { brand: "Godavari Pulasa", product: "Pulasa" };
const teluguNames = { brand: "గోదావరి పులస", product: "పులస" };

describe("the en-route SMS text", () => {
  it("names the store, the product, the order and its delivery date and slot, within one GSM-7 message", () => {
    const text = enRouteText(names, { number: "PUL-2611-7F3K", deliveryDate: "2026-11-26", deliverySlot: "evening" });
    expect(text).toBe("Godavari Pulasa: Your Pulasa order PUL-2611-7F3K is on its way. Delivery: Thu, 26 November, Evening, 3:00 PM - 8:00 PM (IST).");
    expect(text).toMatch(GSM7);
    expect(text.length).toBeLessThanOrEqual(160);
    const morning = enRouteText(names, { number: "PUL-2611-7F3K", deliveryDate: "2026-11-27", deliverySlot: "morning" });
    expect(morning).toContain("Delivery: Fri, 27 November, Morning, 7:00 AM - 11:00 AM (IST).");
  });

  it("in Telugu for a Telugu account, its date and slot in Telugu too", () => {
    const text = enRouteText(teluguNames, { number: "PUL-2611-7F3K", deliveryDate: "2026-11-26", deliverySlot: "evening" }, "te");
    expect(text).toBe("గోదావరి పులస: మీ పులస ఆర్డర్ PUL-2611-7F3K బయలుదేరింది. డెలివరీ: గురు, 26 నవంబర్, సాయంత్రం 3:00 - రాత్రి 8:00 (IST).");
    expect(enRouteText(teluguNames, { number: "PUL-2611-7F3K", deliveryDate: null, deliverySlot: null }, "te")).toBe(
      "గోదావరి పులస: మీ పులస ఆర్డర్ PUL-2611-7F3K బయలుదేరింది.",
    );
  });

  it("without a delivery date (a won auction's order) says only that it is on its way", () => {
    expect(enRouteText({ brand: "River Hilsa Co", product: "Hilsa" }, { number: "PUL-2611-7F3K", deliveryDate: null, deliverySlot: null })).toBe(
      "River Hilsa Co: Your Hilsa order PUL-2611-7F3K is on its way.",
    );
  });
});

describe("where and when a message goes", () => {
  it("texts the order's phone as +91 and ten digits, and nothing when there is no usable number", () => {
    expect(messagePhone("+919876543210")).toBe("+919876543210");
    expect(messagePhone("98765 43210")).toBe("+919876543210");
    expect(messagePhone("")).toBeNull();
    expect(messagePhone(null)).toBeNull();
    expect(messagePhone("+44 20 7946 0958")).toBeNull();
  });

  it("waits 5 minutes after a failed try, doubling, never more than an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((t) => retryDelayMs(t) / 60_000)).toEqual([5, 10, 20, 40, 60, 60, 60]);
  });
});
