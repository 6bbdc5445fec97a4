import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { setUpFishWorld } from "../../tests/setup/fish-trust";
import { cookieOf, outcome, runRoute } from "../../tests/setup/claims-pages";
import { jpegOfSize, truncatedJpeg } from "../../tests/setup/images";
import { messageOf, ship } from "../../tests/setup/messaging";
import { all, one } from "../../tests/setup/sql";
import { collectOnDelivery } from "~/orders/balance.server";
import { readCatalogueVersion } from "~/catalog/site-version.server";
import { fishMessages } from "~/i18n/fish.messages";
import { fishMessages as teluguFish } from "~/i18n/te/fish.messages";
import { action as orderAction } from "~/routes/admin-dashboard.orders.$number";
import { headers as fishHeaders, loader as fishLoader } from "~/routes/fish.$code";
import { loader as fishVideo } from "~/routes/fish.$code_.video";
import { loader as orderPage } from "~/routes/orders.$number._index";
import { MAX_WEIGHING_FORM_BYTES } from "../../workers/request-guards";
import { FISH_CODE_PATTERN, newFishCode } from "./rules";

const { w, withPhotos, landing, photo, errorOf } = setUpFishWorld();
const e = fishMessages.errors;
const MB = 1024 * 1024;

type Part = [name: string, value: string | File];

/** The weighing form as a browser without JavaScript sends it: the version, each line's weight, landing and files. */
async function weighingForm(order: { id: number; number: string }, parts: (itemId: number) => Part[], version?: number) {
  const itemId = await w.itemId(order.id);
  const form = new FormData();
  form.append("intent", "weights");
  form.append("version", String(version ?? (await w.version(order.number))));
  form.append(`weight-${itemId}`, "1800");
  for (const [name, value] of parts(itemId)) form.append(name, value);
  return form;
}

async function postWeighing(number: string, form: FormData, userId = w.admin.id) {
  return runRoute(orderAction, `/admin-dashboard/orders/${number}`, {
    cookie: await cookieOf(userId),
    params: { number },
    init: { method: "POST", body: form },
    deps: withPhotos,
  });
}

/** What a refused weighing must leave as it was. */
async function unchanged(order: { id: number; number: string }, version: number) {
  expect(await w.version(order.number)).toBe(version);
  expect((await one<{ weight_grams: number | null }>("SELECT weight_grams FROM order_items WHERE order_id = ?", order.id)).weight_grams).toBeNull();
  expect(await all("SELECT * FROM fish")).toEqual([]);
  expect(await all("SELECT * FROM fish_photos")).toEqual([]);
}

describe("weighing an order needs a photo of each fish on the scale", () => {
  it("refuses a weighing without a photo, with a clear message, and changes nothing", async () => {
    const order = await w.paidOrder(w.customer.id);
    const landingId = await landing();
    const version = await w.version(order.number);
    const answer = await postWeighing(
      order.number,
      await weighingForm(order, (id) => [
        [`landing-${id}`, String(landingId)],
        [`photo-${id}`, new File([], "")],
      ]),
    );
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toBe(e.photoMissing);
    await unchanged(order, version);
  });

  it("refuses bytes that are no photo behind a .jpg name, a damaged photo and a photo over 15 MB, naming the file; nothing changes", async () => {
    const order = await w.paidOrder(w.customer.id);
    const landingId = await landing();
    const version = await w.version(order.number);
    const cases: [File, string][] = [
      [new File([new TextEncoder().encode("<html><script>alert(1)</script></html>")], "scale.jpg"), `scale.jpg: ${e.notPhoto}`],
      [new File([truncatedJpeg()], "cut.jpg"), `cut.jpg: ${e.damaged}`],
      [new File([jpegOfSize(15 * MB + 1)], "huge.jpg"), `huge.jpg: ${e.photoTooLarge}`],
      // A photo in the video field is no video.
    ];
    for (const [file, message] of cases) {
      const answer = await postWeighing(
        order.number,
        await weighingForm(order, (id) => [
          [`landing-${id}`, String(landingId)],
          [`photo-${id}`, file],
        ]),
      );
      expect(answer.status).toBe(400);
      expect(errorOf(answer)).toBe(message);
    }
    const asVideo = await postWeighing(
      order.number,
      await weighingForm(order, (id) => [
        [`landing-${id}`, String(landingId)],
        [`photo-${id}`, photo()],
        [`video-${id}`, photo("clip.mp4")],
      ]),
    );
    expect(errorOf(asVideo)).toBe(`clip.mp4: ${e.notVideo}`);
    await unchanged(order, version);
  });

  it("refuses a weighing whose files pass the page's cap (413, nothing read or saved), and one above 30 MB in all", async () => {
    const order = await w.paidOrder(w.customer.id);
    const landingId = await landing();
    const version = await w.version(order.number);
    const huge = await weighingForm(order, (id) => [
      [`landing-${id}`, String(landingId)],
      [`photo-${id}`, new File([new Uint8Array(MAX_WEIGHING_FORM_BYTES)], "a.jpg")],
    ]);
    const answer = await postWeighing(order.number, huge);
    expect(answer.status).toBe(413);
    expect(errorOf(answer)).toBe(e.tooLarge);
    const many = await weighingForm(order, (id) => [
      [`landing-${id}`, String(landingId)],
      [`photo-${id}`, photo("a.jpg", jpegOfSize(14 * MB, "a"))],
      [`photo-${id}`, photo("b.jpg", jpegOfSize(14 * MB, "b"))],
      [`photo-${id}`, photo("c.jpg", jpegOfSize(3 * MB, "c"))],
    ]);
    expect(errorOf(await postWeighing(order.number, many))).toBe(e.tooLarge);
    await unchanged(order, version);
  });

  it("refuses a landing that does not exist, and a customer's forged weighing (admins only)", async () => {
    const order = await w.paidOrder(w.customer.id);
    const landingId = await landing();
    const version = await w.version(order.number);
    const forged = await postWeighing(
      order.number,
      await weighingForm(order, (id) => [
        [`landing-${id}`, "999999"],
        [`photo-${id}`, photo()],
      ]),
    );
    expect(errorOf(forged)).toBe(e.landing);
    const byCustomer = await postWeighing(
      order.number,
      await weighingForm(order, (id) => [
        [`landing-${id}`, String(landingId)],
        [`photo-${id}`, photo()],
      ]),
      w.customer.id,
    );
    expect(outcome(byCustomer)).toMatch(/^→ \/(login)?$/);
    await unchanged(order, version);
  });

  it("records the weighing with its fish: a code, the photos with their copies, the landing; e-mails the photos and the fish's page; a replay changes nothing", async () => {
    const order = await w.paidOrder(w.customer.id);
    const landingId = await landing();
    const before = await readCatalogueVersion(env.DB);
    const form = await weighingForm(order, (id) => [
      [`landing-${id}`, String(landingId)],
      [`photo-${id}`, photo()],
      [`photo-${id}`, photo("IMG_0002.jpg")],
    ]);
    const answer = await postWeighing(order.number, form);
    expect(outcome(answer)).toBe(`→ /admin-dashboard/orders/${order.number}`);
    const fish = await one<{ id: number; code: string; landing_id: number; weight_grams: number; weighing: number }>("SELECT * FROM fish");
    expect(fish.code).toMatch(FISH_CODE_PATTERN);
    expect(fish).toMatchObject({ landing_id: landingId, weight_grams: 1800, weighing: 1 });
    const photos = await all<{ name: string; variants: string }>("SELECT name, variants FROM fish_photos WHERE fish_id = ? ORDER BY position", fish.id);
    expect(photos).toHaveLength(2);
    expect(JSON.parse(photos[0].variants).length).toBeGreaterThan(0);
    expect(await readCatalogueVersion(env.DB)).toBeGreaterThan(before);
    const mail = await one<{ body: string }>("SELECT body FROM mail_outbox WHERE subject LIKE ? ORDER BY id DESC LIMIT 1", `%${order.number}%`);
    expect(mail.body).toContain(`https://store.test/photos/${photos[0].name}`);
    expect(mail.body).toContain(`https://store.test/fish/${fish.code}`);

    // The same form again (a replay, a second press): the order has moved on; nothing is added.
    const again = await runRoute(orderAction, `/admin-dashboard/orders/${order.number}`, {
      cookie: await cookieOf(w.admin.id),
      params: { number: order.number },
      init: { method: "POST", body: form },
      deps: withPhotos,
    });
    expect(again.status).toBe(409);
    expect(await all("SELECT * FROM fish")).toHaveLength(1);
    expect(await all("SELECT * FROM fish_photos")).toHaveLength(2);
  });

  it("two weighings of one form at once: one is recorded, with its photos only", async () => {
    const order = await w.paidOrder(w.customer.id);
    const landingId = await landing();
    const forms = await Promise.all(
      [1, 2].map((n) =>
        weighingForm(order, (id) => [
          [`landing-${id}`, String(landingId)],
          [`photo-${id}`, photo(`IMG_${n}.jpg`)],
        ]),
      ),
    );
    const answers = await Promise.all(forms.map((f) => postWeighing(order.number, f)));
    expect(answers.map(outcome).sort()).toEqual(["409", `→ /admin-dashboard/orders/${order.number}`]);
    expect(await all("SELECT * FROM fish")).toHaveLength(1);
    expect(await all("SELECT * FROM fish_photos")).toHaveLength(1);
  });

  it("a new weighing of the line keeps the fish's code and shows only its own photos", async () => {
    const order = await w.paidOrder(w.customer.id);
    const landingId = await landing();
    await postWeighing(
      order.number,
      await weighingForm(order, (id) => [
        [`landing-${id}`, String(landingId)],
        [`photo-${id}`, photo()],
      ]),
    );
    const first = await one<{ code: string }>("SELECT code FROM fish");
    await postWeighing(
      order.number,
      await weighingForm(order, (id) => [
        [`landing-${id}`, String(landingId)],
        [`photo-${id}`, photo("second.jpg")],
      ]),
    );
    const fish = await one<{ code: string; weighing: number }>("SELECT code, weighing FROM fish");
    expect(fish).toEqual({ code: first.code, weighing: 2 });
    const page = (await runRoute(fishLoader, `/fish/${fish.code}`, { params: { code: fish.code } })) as { body: { fish: { photos: unknown[] } } };
    expect(page.body.fish.photos).toHaveLength(1);
  });
});

/** A weighed order and its fish's code, weighed through the admin's form. */
async function weighedOrder() {
  const order = await w.paidOrder(w.customer.id);
  const landingId = await landing(20);
  await postWeighing(
    order.number,
    await weighingForm(order, (id) => [
      [`landing-${id}`, String(landingId)],
      [`photo-${id}`, photo()],
    ]),
  );
  return { order, code: (await one<{ code: string }>("SELECT code FROM fish ORDER BY id DESC LIMIT 1")).code };
}

describe("a public page per fish", () => {
  it("shows the landing, its time, the weight and the photos, in English and Telugu, naming no person and no address", async () => {
    const { code } = await weighedOrder();
    for (const [path, words] of [
      [`/fish/${code}`, fishMessages.page],
      [`/te/fish/${code}`, teluguFish.page],
    ] as const) {
      const page = (await runRoute(fishLoader, path, { params: { code } })) as { status: number; body: Record<string, unknown> };
      expect(page.status).toBe(200);
      const json = JSON.stringify(page.body);
      expect(json).toContain(words.intro);
      expect(json).toContain(path.startsWith("/te") ? "యానాం" : "Yanam");
      expect(json).toMatch(/1\.8 (kg|కిలో)/);
      for (const private_ of ["Lakshmi", "Devi", "Temple Street", "9876543210", "534350", "Kovvur", "Satyanarayana", w.customer.email])
        expect(json).not.toContain(private_);
      expect(json).toContain(words.onItsWay);
    }
  });

  it("once delivered, gives the hours from the landing to the door and the town, still no address", async () => {
    const { order, code } = await weighedOrder();
    await collectOnDelivery(w.deps, w.admin, { number: order.number, version: await w.version(order.number) });
    const delivered = Date.now();
    await env.DB.batch([
      env.DB.prepare("UPDATE orders SET status = 'order_delivered' WHERE id = ?").bind(order.id),
      env.DB.prepare(
        "INSERT INTO order_events (order_id, kind, from_value, to_value, created_at) VALUES (?, 'status', 'order_shipped', 'order_delivered', ?)",
      ).bind(order.id, delivered),
    ]);
    const page = (await runRoute(fishLoader, `/fish/${code}`, { params: { code } })) as { body: { fish: { hours: string; city: string } } };
    expect(page.body.fish.hours).toBe("20 hours");
    expect(page.body.fish.city).toBe("Kovvur");
    const json = JSON.stringify(page.body);
    for (const private_ of ["Lakshmi", "Temple Street", "9876543210", "534350", "Satyanarayana"]) expect(json).not.toContain(private_);
  });

  it("answers a code that does not exist, or is no code, with the usual 404 and nothing more", async () => {
    await weighedOrder();
    for (const code of [newFishCode(), "0000000000", "../../etc", "abc"]) {
      for (const path of [`/fish/${code}`, `/te/fish/${code}`]) {
        const answer = (await runRoute(fishLoader, path, { params: { code } })) as Response;
        expect(answer.status).toBe(404);
        expect(await answer.text()).toBe("Not found");
      }
      expect(((await runRoute(fishVideo, `/fish/${code}/video`, { params: { code } })) as Response).status).toBe(404);
    }
  });

  it("is cached at the edge like the other public pages, and a weighing moves the catalogue's version the cache is keyed by", async () => {
    const cache = fishHeaders({ parentHeaders: new Headers(), loaderHeaders: new Headers() } as never) as Headers;
    expect(cache.get("Cache-Control")).toBe("public, max-age=0, s-maxage=300");
    const before = await readCatalogueVersion(env.DB);
    await weighedOrder();
    expect(await readCatalogueVersion(env.DB)).toBeGreaterThan(before);
  });

  it("is linked from the order page, which shows the customer the photos, the weight, the price per kg, the final price and the balance; no one else sees it", async () => {
    const { order, code } = await weighedOrder();
    const page = (await runRoute(orderPage, `/orders/${order.number}`, { cookie: await cookieOf(w.customer.id), params: { number: order.number } })) as {
      body: { fish: { fish: { code: string; weight: string; perKg: string; final: string; photos: unknown[] }[]; final: string; balance: { amount: string } } };
    };
    expect(page.body.fish.fish).toEqual([expect.objectContaining({ code, weight: "1.8 kg", perKg: "₹25,000", final: "₹45,000" })]);
    expect(page.body.fish.fish[0].photos).toHaveLength(1);
    expect(page.body.fish).toMatchObject({ final: "₹45,000", balance: { amount: "₹44,500" } });
    const stranger = await w.newUser(`stranger.${crypto.randomUUID()}@example.in`);
    const refused = (await runRoute(orderPage, `/orders/${order.number}`, {
      cookie: await cookieOf(stranger.id),
      params: { number: order.number },
    })) as Response;
    expect(refused.status).toBe(404);
  });

  it("the text message that the order is on its way links the fish's page, in the customer's language", async () => {
    const { order, code } = await weighedOrder();
    await collectOnDelivery(w.deps, w.admin, { number: order.number, version: await w.version(order.number) });
    const deps = { ...w.deps, config: { ...w.deps.config, siteUrl: "https://pulasa.example" } };
    await ship(w, deps, order.number);
    expect((await messageOf(order.id)).body).toMatch(new RegExp(`Your fish: https://pulasa\\.example/fish/${code}$`));
  });
});
