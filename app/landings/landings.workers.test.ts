import { describe, expect, it } from "vitest";
import { cookieOf, outcome, runRoute } from "../../tests/setup/claims-pages";
import { setUpFishWorld } from "../../tests/setup/fish-trust";
import { all, one } from "../../tests/setup/sql";
import { fishMessages } from "~/i18n/fish.messages";
import { action as landingsAction } from "~/routes/admin-dashboard_.landings";
import { auctionFishCode, tieAuctionFish, weighLotFish } from "./landings.server";

const { w, withPhotos, landing, photo, errorOf } = setUpFishWorld();
const e = fishMessages.errors;

describe("landings", () => {
  const post = async (fields: Record<string, string>, userId = w.admin.id, file?: File) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append("photo", file);
    return runRoute(landingsAction, "/admin-dashboard/landings", { cookie: await cookieOf(userId), init: { method: "POST", body: form }, deps: withPhotos });
  };
  const istNow = (offsetHours = 0) => new Date(Date.now() + (5.5 + offsetHours) * 3_600_000).toISOString().slice(0, 16);

  it("come seeded with the Godavari landings", async () => {
    expect((await all<{ name: string }>("SELECT name FROM landing_places ORDER BY id")).map((p) => p.name)).toEqual([
      "Yanam",
      "Dowleswaram",
      "Narsapuram",
      "Antarvedi",
      "Kotipalli",
    ]);
  });

  it("refuses a place not on the list (or hidden), a time in the future or missing, a boat on two lines, a photo that is not one; records a good one", async () => {
    const yanam = (await one<{ id: number }>("SELECT id FROM landing_places WHERE name = 'Yanam'")).id;
    const bad = await post(
      { intent: "landing", place: "999", landed_at: istNow(2), boat: "one\ntwo" },
      w.admin.id,
      new File([new TextEncoder().encode("not a photo")], "x.jpg"),
    );
    expect(bad.status).toBe(400);
    expect((bad as { body: { fields: Record<string, string> } }).body.fields).toEqual({
      place: e.place,
      landed_at: e.landedAt,
      boat: e.boat,
      photo: `x.jpg: ${e.notPhoto}`,
    });
    await post({ intent: "place-hide", id: String(yanam) });
    expect(((await post({ intent: "landing", place: String(yanam), landed_at: istNow(-1), boat: "" })) as { body: { fields: object } }).body.fields).toEqual({
      place: e.place,
    });
    await post({ intent: "place-show", id: String(yanam) });
    expect(await all("SELECT * FROM landings")).toEqual([]);
    const good = await post({ intent: "landing", place: String(yanam), landed_at: istNow(-1), boat: " Boat  Ganga " }, w.admin.id, photo());
    expect(outcome(good)).toBe("→ /admin-dashboard/landings");
    expect(await one("SELECT boat, photo_name IS NOT NULL AS photo FROM landings")).toEqual({ boat: "Boat Ganga", photo: 1 });
  });

  it("keeps a list of places: a new one needs both names, a name twice is refused", async () => {
    expect(outcome(await post({ intent: "place-add", name: "Bhadrachalam", name_te: "భద్రాచలం" }))).toBe("→ /admin-dashboard/landings");
    expect(errorOf(await post({ intent: "place-add", name: "Bhadrachalam", name_te: "భద్రాచలం" }))).toBe(e.placeTaken);
    expect(errorOf(await post({ intent: "place-add", name: "X", name_te: "" }))).toBe(e.placeName);
  });

  it("are the admin's alone: a customer's and a stranger's posts change nothing", async () => {
    const yanam = (await one<{ id: number }>("SELECT id FROM landing_places WHERE name = 'Yanam'")).id;
    for (const who of [w.customer.id]) {
      expect(outcome(await post({ intent: "landing", place: String(yanam), landed_at: istNow(-1), boat: "" }, who))).toMatch(/^→ \/(login)?$/);
      expect(outcome(await post({ intent: "place-hide", id: String(yanam) }, who))).toMatch(/^→ \/(login)?$/);
    }
    const signedOut = await runRoute(landingsAction, "/admin-dashboard/landings", {
      init: { method: "POST", body: new URLSearchParams({ intent: "place-add", name: "Rajahmundry", name_te: "రాజమండ్రి" }) },
    });
    expect(outcome(signedOut)).toBe("→ /login");
    expect(await all("SELECT * FROM landings")).toEqual([]);
    expect(await one("SELECT hidden FROM landing_places WHERE id = ?", yanam)).toEqual({ hidden: 0 });
    expect(await all("SELECT * FROM landing_places WHERE name = 'Rajahmundry'")).toEqual([]);
  });

  it("a fish weighed for an auction lot gets its page, and the lot shows it", async () => {
    const landingId = await landing();
    const form = new FormData();
    form.append("landing", String(landingId));
    form.append("grams", "1450");
    form.append("photos", photo());
    const { code } = await weighLotFish(w.deps, form);
    const fish = await one<{ id: number }>("SELECT id FROM fish WHERE code = ?", code);
    const auction = await one<{ id: number }>(
      "INSERT INTO auctions (title, description, start_price_paise, current_price_paise, end_time, status, seller_name) VALUES ('Lot', 'A lot', 100, 100, ?, 'active', 'x') RETURNING id",
      Date.now() + 3_600_000,
    );
    await tieAuctionFish(w.deps, auction.id, fish.id);
    expect(await auctionFishCode(w.deps, auction.id)).toBe(code);
    const noPhoto = new FormData();
    noPhoto.append("landing", String(landingId));
    noPhoto.append("grams", "1450");
    await expect(weighLotFish(w.deps, noPhoto)).rejects.toThrow(e.photoMissing);
  });
});
