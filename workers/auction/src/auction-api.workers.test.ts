import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { MAX_JSON_BYTES } from "../../../app/web/body-limit.server";
import { chunkedUpload, jsonOfSize } from "../../../tests/setup/chunked-body";
import { jpegOfSize, truncatedJpeg } from "../../../tests/setup/images";
import { person } from "./auction-room.fixtures";
import { MAX_IMAGE_BYTES } from "./input";
import type { AuctionJson } from "./listing";
import { RECENT_BIDS } from "../../../app/auctions/auction";

const HOUR = 3_600_000;

async function insertAuction(
  id: number,
  fields: { endTime: number; status?: string; image?: string | null; price?: number; te?: { title: string; description: string } },
) {
  await env.DB.prepare(
    "INSERT INTO auctions (id, title, description, title_te, description_te, product_image, start_price_paise, current_price_paise, end_time, status, bid_count, seller_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 'Godavari Pulasa')",
  )
    .bind(
      id,
      `Auction ${id}`,
      `About auction ${id}`,
      fields.te?.title ?? null,
      fields.te?.description ?? null,
      fields.image ?? null,
      100_000,
      fields.price ?? 3_000_000,
      fields.endTime,
      fields.status ?? "active",
    )
    .run();
}

async function list(): Promise<{ status: number; body: { success: boolean; auctions: AuctionJson[]; error?: string } }> {
  const res = await SELF.fetch("https://auction.test/api/auction");
  return { status: res.status, body: await res.json() };
}

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare("DELETE FROM auction_bids"), env.DB.prepare("DELETE FROM auctions")]);
});

describe("GET /api/auction", () => {
  it("answers success with an empty list when there are no auctions", async () => {
    expect(await list()).toEqual({ status: 200, body: { success: true, auctions: [] } });
  });

  it("returns the spec's auction shape with rupee amounts and ISO end times", async () => {
    const end = Date.now() + HOUR;
    await insertAuction(7, { endTime: end, image: "/media/x.webp", price: 2_512_350 });
    const { body } = await list();
    expect(body.auctions).toEqual([
      {
        id: 7,
        title: "Auction 7",
        description: "About auction 7",
        title_te: null,
        description_te: null,
        product_image: "/media/x.webp",
        current_price: 25123.5,
        end_time: new Date(end).toISOString(),
        status: "active",
        bid_count: 0,
        bids: [],
        seller: { name: "Godavari Pulasa" },
      },
    ]);
  });

  it("lists running auctions first, soonest ending first, and leaves out cancelled ones", async () => {
    const now = Date.now();
    await insertAuction(1, { endTime: now - HOUR, status: "ended" });
    await insertAuction(2, { endTime: now + 5 * HOUR });
    await insertAuction(3, { endTime: now + HOUR });
    await insertAuction(4, { endTime: now + HOUR, status: "cancelled" });
    const { body } = await list();
    expect(body.auctions.map((a) => a.id)).toEqual([3, 2, 1]);
  });

  it("includes only the most recent bids, newest first", async () => {
    await insertAuction(1, { endTime: Date.now() + HOUR });
    const inserts = Array.from({ length: RECENT_BIDS + 3 }, (_, i) =>
      env.DB.prepare("INSERT INTO auction_bids (auction_id, bidder_name, amount_paise, created_at) VALUES (1, ?, ?, ?)").bind(
        `Bidder ${i}`,
        3_000_000 + i * 10_000,
        1_000 + i,
      ),
    );
    await env.DB.batch(inserts);
    const [auction] = (await list()).body.auctions;
    expect(auction.bids).toHaveLength(RECENT_BIDS);
    expect(auction.bids[0]).toMatchObject({ bidder_name: `Bidder ${RECENT_BIDS + 2}`, amount: 30_000 + (RECENT_BIDS + 2) * 100 });
    expect(auction.bids.at(-1)?.bidder_name).toBe("Bidder 3");
  });
});

describe("GET /api/auction/:id", () => {
  it("answers one auction, or 404 in the error shape", async () => {
    await insertAuction(5, { endTime: Date.now() + HOUR });
    const ok = await SELF.fetch("https://auction.test/api/auction/5");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true, auction: { id: 5 } });
    const missing = await SELF.fetch("https://auction.test/api/auction/99");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, error: "Auction not found" });
  });

  it("answers an auction's Telugu title and description, in the list and on its own, beside the English ones", async () => {
    const te = { title: "రాయల్ పులస", description: "దౌలేశ్వరం వద్ద పట్టిన ఒకే పెద్ద పులస." };
    await insertAuction(6, { endTime: Date.now() + HOUR, te });
    const expected = { title: "Auction 6", description: "About auction 6", title_te: te.title, description_te: te.description };
    expect((await list()).body.auctions[0]).toMatchObject(expected);
    expect(await (await SELF.fetch("https://auction.test/api/auction/6")).json()).toMatchObject({ success: true, auction: expected });
  });

  it("answers unknown paths with a JSON 404", async () => {
    const res = await SELF.fetch("https://auction.test/api/nothing");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: "Not found" });
  });

  it("answers a known path asked with another method 405 with Allow, and keeps a refusal's own status and message", async () => {
    await insertAuction(6, { endTime: Date.now() + HOUR });
    const wrong = await SELF.fetch("https://auction.test/api/auction/6", { method: "DELETE" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("Allow")).toBe("GET");
    expect(await wrong.json()).toEqual({ success: false, error: "Method not allowed" });
    expect((await SELF.fetch("https://auction.test/api/bids")).headers.get("Allow")).toBe("POST");
    const anonymous = await SELF.fetch("https://auction.test/api/auction/6/cancel", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ reason: "Storm" }),
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ success: false, error: "Please login to continue" });
    const customer = await person("Bid Customer");
    const refused = await SELF.fetch("https://auction.test/api/auction/6/cancel", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: customer.bearer },
      body: JSON.stringify({ reason: "Storm" }),
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ success: false, error: "Access denied. Admin privileges required." });
  });
});

describe("watching an auction", () => {
  it("sends the current state to a new watcher over a WebSocket", async () => {
    await insertAuction(11, { endTime: Date.now() + HOUR });
    const res = await SELF.fetch("https://auction.test/api/auction/11/watch", { headers: { Upgrade: "websocket" } });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const message = new Promise<string>((resolve) => ws.addEventListener("message", (e) => resolve(e.data as string)));
    ws.accept();
    expect(JSON.parse(await message)).toMatchObject({ type: "state", auction: { id: 11, status: "active", version: 1, you: null } });
    ws.close();
  });

  it("refuses unknown ids without creating an object", async () => {
    const res = await SELF.fetch("https://auction.test/api/auction/404/watch", { headers: { Upgrade: "websocket" } });
    expect(res.status).toBe(404);
  });
});

describe("body limits (chunked, no Content-Length)", () => {
  const send = (path: string, headers: Record<string, string>, body: string | Uint8Array) =>
    SELF.fetch(chunkedUpload(`https://auction.test${path}`, { method: "POST", headers, body }).request);

  it("refuses a JSON body one byte over the cap with 413, and reads one of exactly the cap", async () => {
    const json = { "Content-Type": "application/json" };
    const tooLarge = await send("/api/bids", json, jsonOfSize(MAX_JSON_BYTES + 1, { auction_id: 999, amount: 100 }));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await tooLarge.json()).toEqual({ success: false, error: "Request body too large" });
    // The Worker stops reading past the cap (workerd then logs that this test's body pump lost its reader).
    const huge = chunkedUpload("https://auction.test/api/bids", {
      method: "POST",
      headers: json,
      body: jsonOfSize(4 * 1024 * 1024, { auction_id: 999, amount: 100 }),
    });
    expect((await SELF.fetch(huge.request)).status).toBe(413);
    expect(huge.sent()).toBeLessThan(MAX_JSON_BYTES + 200_000);
    // Read and parsed: the bid names an auction that does not exist.
    const atCap = await send("/api/bids", json, jsonOfSize(MAX_JSON_BYTES, { auction_id: 999, amount: 100 }));
    expect(atCap.status).toBe(404);
    expect(await atCap.json()).toEqual({ success: false, error: "Auction not found" });
  });

  it("refuses an image upload one byte over MAX_IMAGE_BYTES with 413, and stores one of exactly that size", async () => {
    const admin = { Authorization: (await person("Image Admin", { admin: true })).bearer, "Content-Type": "application/octet-stream" };
    const tooLarge = await send("/api/auction/images", admin, jpegOfSize(MAX_IMAGE_BYTES + 1));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await tooLarge.json()).toEqual({ success: false, error: "The image must be a whole JPEG, PNG or WebP photo of at most 15 MB" });
    const atCap = await send("/api/auction/images", admin, jpegOfSize(MAX_IMAGE_BYTES));
    expect(atCap.status).toBe(201);
    expect(await atCap.json()).toMatchObject({ success: true, url: expect.stringMatching(/^\/api\/auction\/images\/[0-9a-f-]{36}\.jpg$/) });
    // A photo's start without the rest is no photo.
    const cut = await send("/api/auction/images", admin, truncatedJpeg());
    expect([cut.status, await cut.json()]).toEqual([400, { success: false, error: "The image must be a whole JPEG, PNG or WebP photo of at most 15 MB" }]);
  });
});
