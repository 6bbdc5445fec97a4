import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DAMAGE, pngFile, setUpClaimsWorld, videoFile } from "../../tests/setup/claims";
import { headerOnlyPng, jpegOfSize, truncatedJpeg } from "../../tests/setup/images";
import { MAX_PHOTO_BYTES } from "~/catalog/photos";
import { fileClaim, orderClaims } from "./claims.server";
import { rejectClaim } from "./decide.server";
import { formatDateTimeIst } from "~/lib/dates";

const w = setUpClaimsWorld();
const { deps, one, all } = w;

const claimsOf = (orderId: number) => all<{ id: number; status: string; kind: string }>("SELECT id, status, kind FROM claims WHERE order_id = ?", orderId);

describe("reporting a problem after delivery", () => {
  it("the owner reports transit damage with a photo: the claim, its file in R2, the order's history and the admins' notice", async () => {
    const { order, user, deliveredAt } = await w.deliveredOrder("link");
    await fileClaim(deps, user, order.number, { ...DAMAGE, files: [pngFile("crushed")] }, deliveredAt + 60_000);
    const [claim] = await all("SELECT * FROM claims WHERE order_id = ?", order.id);
    expect(claim).toMatchObject({
      user_id: user.id,
      kind: "transit_damage",
      status: "open",
      description: DAMAGE.description,
      created_at: deliveredAt + 60_000,
    });
    const [file] = await all("SELECT * FROM claim_evidence WHERE claim_id = ?", claim.id);
    expect(file).toMatchObject({ media: "image", content_type: "image/png", width: 640, height: 480, position: 0 });
    const stored = await env.CLAIM_EVIDENCE.get(`claims/${file.name}`);
    expect(stored?.httpMetadata?.contentType).toBe("image/png");
    expect(await one("SELECT from_value, to_value, note, actor_user_id FROM order_events WHERE order_id = ? AND kind = 'claim'", order.id)).toEqual({
      from_value: String(claim.id),
      to_value: "open",
      note: "Transit damage",
      actor_user_id: user.id,
    });
    const notice = await one("SELECT title, message FROM notifications WHERE user_id = ? AND type = 'claim'", w.admin.id);
    expect(notice.title).toBe(`New claim: ${order.number}`);
    expect(notice.message).toContain(`reported transit damage on order ${order.number}`);
    const view = await orderClaims(deps, order, deliveredAt + 60_000);
    expect(view.reportUntil).toBeNull();
    expect(view.claims[0].evidence).toEqual([
      { url: `/orders/${order.number}/evidence/${file.name}`, media: "image", contentType: "image/png", width: 640, height: 480 },
    ]);
  });

  it("is open until exactly 2 hours after the order was marked delivered; at 2 h + 1 s it is refused and nothing is stored", async () => {
    const on = await w.deliveredOrder("cash");
    expect((await orderClaims(deps, on.order, on.lastMoment)).reportUntil).toBe(on.lastMoment);
    await fileClaim(deps, on.user, on.order.number, { ...DAMAGE, files: [pngFile("at the boundary")] }, on.lastMoment);
    expect(await claimsOf(on.order.id)).toHaveLength(1);

    const late = await w.deliveredOrder("cash");
    expect((await orderClaims(deps, late.order, late.lastMoment + 1000)).reportUntil).toBeNull();
    await expect(fileClaim(deps, late.user, late.order.number, { ...DAMAGE, files: [pngFile("one second late")] }, late.lastMoment + 1000)).rejects.toThrow(
      `Problems must be reported within 2 hours of delivery. For order ${late.order.number} that time ended on ${formatDateTimeIst(late.lastMoment)}.`,
    );
    expect(await claimsOf(late.order.id)).toEqual([]);
    expect(await all("SELECT 1 FROM claim_evidence e JOIN claims c ON c.id = e.claim_id WHERE c.order_id = ?", late.order.id)).toEqual([]);
  });

  it("counts from the time of delivery, not of the order or shipment", async () => {
    const delivered = Date.now() + 5 * 60 * 60_000;
    const { order, user } = await w.deliveredOrder("cash", delivered);
    await fileClaim(deps, user, order.number, { ...DAMAGE, kind: "not_delivered", files: [] }, delivered + 90 * 60_000);
    expect(await claimsOf(order.id)).toMatchObject([{ status: "open", kind: "not_delivered" }]);
  });

  it("only the order's owner may report, and not before delivery", async () => {
    const { order, deliveredAt } = await w.deliveredOrder("cash");
    const stranger = await one("SELECT id, name, email, 0 AS isAdmin FROM users WHERE id = ?", (await w.customer()).id);
    await expect(fileClaim(deps, stranger as never, order.number, { ...DAMAGE, files: [pngFile("not mine")] }, deliveredAt)).rejects.toThrow("Order not found");
    await expect(fileClaim(deps, w.admin, order.number, { ...DAMAGE, files: [pngFile("admin")] }, deliveredAt)).rejects.toThrow("Order not found");

    const { order: shipped } = await w.paidOrder(1);
    await w.weigh(shipped, 1000);
    await w.move(shipped, "order_confirmed");
    const owner = await one("SELECT id, name, email, 0 AS isAdmin FROM users WHERE id = ?", shipped.userId);
    await expect(fileClaim(deps, owner as never, shipped.number, { ...DAMAGE, files: [pngFile("early")] })).rejects.toThrow(
      "A problem can be reported once the order has been delivered.",
    );
    expect([...(await claimsOf(order.id)), ...(await claimsOf(shipped.id))]).toEqual([]);
  });

  it("one open claim per order: two reports at once leave one; another may follow a decision within the window", async () => {
    const { order, user, deliveredAt } = await w.deliveredOrder("cash");
    const results = await Promise.allSettled(
      ["first", "second", "third"].map((seed) => fileClaim(deps, user, order.number, { ...DAMAGE, files: [pngFile(seed)] }, deliveredAt + 1000)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason.message).toBe("A problem reported on this order is still being reviewed. We will reply to it first.");
    }
    const [open] = await claimsOf(order.id);
    // The database itself keeps a second open claim out, whatever checked before it.
    await expect(
      env.DB.prepare("INSERT INTO claims (order_id, user_id, kind, description) VALUES (?, ?, 'wrong_product', 'Another report')")
        .bind(order.id, user.id)
        .run(),
    ).rejects.toThrow(/UNIQUE/);
    expect(await all("SELECT name FROM claim_evidence WHERE claim_id = ?", open.id)).toHaveLength(1);
    expect(await all("SELECT 1 FROM order_events WHERE order_id = ? AND kind = 'claim'", order.id)).toHaveLength(1);

    await rejectClaim(deps, w.admin, { id: open.id, reason: "The photo shows a whole, fresh fish." }, deliveredAt + 2000);
    await fileClaim(deps, user, order.number, { ...DAMAGE, kind: "wrong_product", files: [pngFile("another look")] }, deliveredAt + 3000);
    expect((await claimsOf(order.id)).map((c) => c.status).sort()).toEqual(["open", "rejected"]);
  });
});

describe("a claim's photos and videos", () => {
  const report = async (files: File[], kind: "transit_damage" | "wrong_product" | "not_delivered" = "transit_damage") => {
    const { order, user, deliveredAt } = await w.deliveredOrder("cash");
    const result = fileClaim(deps, user, order.number, { ...DAMAGE, kind, files }, deliveredAt);
    return { order, result };
  };

  it("needs one for transit damage and a wrong product, none for a parcel that never came, at most 5", async () => {
    await expect((await report([])).result).rejects.toThrow("Add at least one photo or video of the problem");
    await expect((await report([], "wrong_product")).result).rejects.toThrow("Add at least one photo or video of the problem");
    await expect((await report([], "not_delivered")).result).resolves.toBeUndefined();
    const six = ["a", "b", "c", "d", "e", "f"].map((s) => pngFile(s));
    const { order, result } = await report(six);
    await expect(result).rejects.toThrow("Add at most 5 photos or videos");
    expect(await claimsOf(order.id)).toEqual([]);
  });

  it("judges each file by its bytes, not its name or type, and names the file it refuses", async () => {
    const { order, result } = await report([
      new File([pngFile("real").slice()], "holiday.mp4", { type: "video/mp4" }),
      videoFile("isom", "clip.bin"),
      videoFile("qt  ", "IMG_0001.MOV"),
    ]);
    await result;
    const files = await all(
      "SELECT media, content_type FROM claim_evidence e JOIN claims c ON c.id = e.claim_id WHERE c.order_id = ? ORDER BY position",
      order.id,
    );
    expect(files).toEqual([
      { media: "image", content_type: "image/png" },
      { media: "video", content_type: "video/mp4" },
      { media: "video", content_type: "video/quicktime" },
    ]);
    const text = new File(["<?php system($_GET['c']); ?>"], "photo.jpg", { type: "image/jpeg" });
    const refused = await report([pngFile("fine"), text]);
    await expect(refused.result).rejects.toThrow("photo.jpg: Upload a JPEG, PNG, WebP or AVIF photo, or an MP4, WebM or MOV video");
    const heif = videoFile("heic", "IMG_0002.HEIC");
    await expect((await report([heif])).result).rejects.toThrow("IMG_0002.HEIC: Upload a JPEG");
    expect(await claimsOf(refused.order.id)).toEqual([]);
  });

  it("refuses a photo that cannot be read: a header alone, a JPEG cut off", async () => {
    const damaged = "This photo cannot be read: it is damaged or cut off. Choose another photo.";
    await expect((await report([new File([headerOnlyPng()], "IMG_1.png")])).result).rejects.toThrow(`IMG_1.png: ${damaged}`);
    const cut = await report([pngFile("fine"), new File([truncatedJpeg()], "IMG_2.jpg")]);
    await expect(cut.result).rejects.toThrow(`IMG_2.jpg: ${damaged}`);
    expect(await claimsOf(cut.order.id)).toEqual([]);
  });

  it("photos up to 15 MB (a phone's), videos up to 25 MB, 30 MB together", async () => {
    const big = new File([jpegOfSize(MAX_PHOTO_BYTES + 1)], "big.jpg");
    await expect((await report([big])).result).rejects.toThrow("big.jpg: A photo may be at most 15 MB");
    // Larger than any video too, a photo is still told the photos' limit.
    await expect((await report([new File([jpegOfSize(26 * 1024 * 1024)], "huge.jpg")])).result).rejects.toThrow("huge.jpg: A photo may be at most 15 MB");
    await expect((await report([videoFile("mp42", "huge.mp4", 26 * 1024 * 1024)])).result).rejects.toThrow("huge.mp4: A video may be at most 25 MB");
    const phone = await report([new File([jpegOfSize(MAX_PHOTO_BYTES, "phone")], "IMG_3.jpg")]);
    await phone.result;
    expect(await claimsOf(phone.order.id)).toHaveLength(1);
    await expect((await report([videoFile("mp42", "long.mp4", 25 * 1024 * 1024 + 1)])).result).rejects.toThrow("long.mp4: A video may be at most 25 MB");
    const twenty = (name: string) => videoFile("mp42", name, 16 * 1024 * 1024);
    await expect((await report([twenty("a.mp4"), twenty("b.mp4")])).result).rejects.toThrow("The files together may be at most 30 MB");
    const { order, result } = await report([videoFile("mp42", "full.mp4", 25 * 1024 * 1024)]);
    await result;
    expect(await claimsOf(order.id)).toHaveLength(1);
  });
});
