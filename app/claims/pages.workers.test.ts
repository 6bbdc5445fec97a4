import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { action as reportAction, loader as reportLoader } from "~/routes/orders.$number.claim";
import { loader as orderLoader } from "~/routes/orders.$number._index";
import { loader as evidenceRoute } from "~/routes/orders.$number.evidence.$name";
import { action as decideAction, loader as claimPage } from "~/routes/admin-dashboard_.claims.$id";
import { loader as claimList } from "~/routes/admin-dashboard_.claims._index";
import { loader as dashboard } from "~/routes/admin-dashboard";
import { withEdgeCache } from "../../workers/edge-cache";
import { DAMAGE, pngFile, setUpClaimsWorld, videoFile } from "../../tests/setup/claims";
import { jpegOfSize } from "../../tests/setup/images";
import { claimMessages as te } from "~/i18n/te/claims.messages";
import { MAX_CLAIM_VIDEO_BYTES } from "./rules";
import { cookieOf, outcome, runRoute } from "../../tests/setup/claims-pages";
import { ledgerSums } from "../../tests/setup/money";

const w = setUpClaimsWorld();
const { one } = w;

/** The report form as a browser without JavaScript sends it: multipart, the files as chosen. */
function reportForm(fields: Record<string, string>, files: File[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // A file input with nothing chosen still sends one empty part.
  for (const file of files.length ? files : [new File([], "")]) form.append("files", file);
  return { method: "POST", body: form };
}

const post = (number: string, cookie: string, now: number, fields: Record<string, string>, files?: File[]) =>
  runRoute(reportAction, `/orders/${number}/claim`, { cookie, now, params: { number }, init: reportForm(fields, files) });

type Reply = { status: number; body: { error?: Record<string, string[]> } };
type Decided = { status: number; body: { intent: string; reply: Reply["body"] } };

describe("the report page, without JavaScript", () => {
  it("the owner sends a photo and lands on the order, which shows the report under review", async () => {
    const { order, user, deliveredAt } = await w.deliveredOrder("cash");
    const cookie = await cookieOf(user.id);
    const page = (await runRoute(reportLoader, `/orders/${order.number}/claim`, { cookie, now: deliveredAt + 1000, params: { number: order.number } })) as {
      body: { closed: string | null; deliveredAt: number };
    };
    expect(page.body).toMatchObject({ closed: null, deliveredAt });
    const before = (await runRoute(orderLoader, `/orders/${order.number}`, { cookie, now: deliveredAt, params: { number: order.number } })) as {
      body: { reportUntil: number | null };
    };
    expect(before.body.reportUntil).toBe(deliveredAt + 7_200_000);

    const sent = (await post(order.number, cookie, deliveredAt + 1000, { ...DAMAGE }, [pngFile("crushed box")])) as Response;
    expect(outcome(sent)).toBe(`→ /orders/${order.number}`);
    expect(sent.headers.get("Set-Cookie")).toContain("__flash");
    const after = (await runRoute(orderLoader, `/orders/${order.number}`, { cookie, now: deliveredAt + 2000, params: { number: order.number } })) as {
      body: { reportUntil: number | null; claims: { status: string; evidence: unknown[] }[] };
    };
    expect(after.body.reportUntil).toBeNull();
    expect(after.body.claims).toMatchObject([{ status: "open", evidence: [{ media: "image" }] }]);
  });

  it("answers a refused report with the reason next to its field, and refuses at 2 h + 1 s", async () => {
    const { order, user, deliveredAt, lastMoment } = await w.deliveredOrder("cash");
    const cookie = await cookieOf(user.id);
    const missing = (await post(order.number, cookie, deliveredAt, { ...DAMAGE })) as Reply;
    expect(missing.status).toBe(400);
    expect(missing.body.error?.files).toEqual(["Add at least one photo or video of the problem"]);
    const text = new File(["just words"], "photo.png", { type: "image/png" });
    const fake = (await post(order.number, cookie, deliveredAt, { ...DAMAGE }, [text])) as Reply;
    expect(fake.body.error?.files).toEqual(["photo.png: Upload a JPEG, PNG, WebP or AVIF photo, or an MP4, WebM or MOV video"]);
    const short = (await post(order.number, cookie, deliveredAt, { kind: "wrong_product", description: "bad" }, [pngFile("x")])) as Reply;
    expect(short.body.error?.description).toEqual(["Describe the problem in 10 to 1,000 characters"]);

    const late = (await post(order.number, cookie, lastMoment + 1000, { ...DAMAGE }, [pngFile("late")])) as Reply;
    expect(late.status).toBe(409);
    expect(late.body.error?.[""]?.[0]).toMatch(/^Problems must be reported within 2 hours of delivery\./);
    const closed = (await runRoute(reportLoader, `/orders/${order.number}/claim`, { cookie, now: lastMoment + 1000, params: { number: order.number } })) as {
      body: { closed: string };
    };
    expect(closed.body.closed).toMatch(/^Problems must be reported within 2 hours of delivery\./);
    expect(await one("SELECT count(*) AS n FROM claims WHERE order_id = ?", order.id)).toEqual({ n: 0 });
  });

  it("is the owner's only: signed out goes to sign in, anyone else finds no such order", async () => {
    const { order, deliveredAt } = await w.deliveredOrder("cash");
    const stranger = await cookieOf((await w.customer()).id);
    const admin = await cookieOf(w.admin.id);
    expect(outcome(await post(order.number, "", deliveredAt, { ...DAMAGE }, [pngFile("a")]))).toBe("→ /login");
    expect(outcome(await post(order.number, stranger, deliveredAt, { ...DAMAGE }, [pngFile("b")]))).toBe("404");
    expect(outcome(await post(order.number, admin, deliveredAt, { ...DAMAGE }, [pngFile("c")]))).toBe("404");
    expect(outcome(await runRoute(reportLoader, `/orders/${order.number}/claim`, { cookie: stranger, params: { number: order.number } }))).toBe("404");
    expect(await one("SELECT count(*) AS n FROM claims WHERE order_id = ?", order.id)).toEqual({ n: 0 });
  });
});

describe("a report with a phone's photos and videos", () => {
  it.each([
    ["English", ""],
    ["Telugu", "/te"],
  ])(
    "%s: a 14 MB photo is taken whole; above the page's cap the refusal is beside the files in the page's language, what was typed kept",
    async (_lang, prefix) => {
      const { order, user, deliveredAt } = await w.deliveredOrder("cash");
      const cookie = await cookieOf(user.id);
      const path = `${prefix}/orders/${order.number}/claim`;
      const send = (files: File[]) =>
        runRoute(reportAction, path, { cookie, now: deliveredAt, params: { number: order.number }, init: reportForm({ ...DAMAGE }, files) });
      const video = (name: string) => new File([videoFile("mp42", name, MAX_CLAIM_VIDEO_BYTES).slice()], name);
      const refused = (await send([video("a.mp4"), new File([jpegOfSize(8 * 1024 * 1024, "a")], "IMG_1.jpg")])) as Reply & {
        body: { initialValue: Record<string, string> };
      };
      expect(refused.status).toBe(413);
      expect(refused.body.error?.files).toEqual([prefix ? te.errors.tooLarge : "The files together may be at most 30 MB"]);
      expect(refused.body.initialValue).toMatchObject({ ...DAMAGE });
      expect(await one("SELECT count(*) AS n FROM claims WHERE order_id = ?", order.id)).toEqual({ n: 0 });
      expect(outcome(await send([new File([jpegOfSize(14 * 1024 * 1024, prefix)], "IMG_2.jpg")]))).toBe(`→ ${prefix}/orders/${order.number}`);
      expect(await one("SELECT bytes FROM claim_evidence e JOIN claims c ON c.id = e.claim_id WHERE c.order_id = ?", order.id)).toEqual({
        bytes: 14 * 1024 * 1024,
      });
    },
  );
});

describe("a claim's files", () => {
  it("are served to the claim's owner and the admins only, never to a shared cache, in byte ranges for video", async () => {
    const { order, user, deliveredAt } = await w.deliveredOrder("cash");
    const photo = pngFile("evidence bytes");
    await post(order.number, await cookieOf(user.id), deliveredAt, { ...DAMAGE }, [photo]);
    const { name } = await one<{ name: string }>("SELECT name FROM claim_evidence ORDER BY id DESC LIMIT 1");
    const path = `/orders/${order.number}/evidence/${name}`;
    const get = async (userId: number | null, headers: Record<string, string> = {}) =>
      (await runRoute(evidenceRoute, path, { cookie: await cookieOf(userId), params: { number: order.number, name }, init: { headers } })) as Response;

    const own = await get(user.id);
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("image/png");
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(new Uint8Array(await photo.arrayBuffer()));
    expect((await get(w.admin.id)).status).toBe(200);
    expect((await get((await w.customer()).id)).status).toBe(404);
    expect((await get(null)).status).toBe(404);

    const part = await get(user.id, { Range: "bytes=1-3" });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 1-3/${photo.size}`);
    expect(await part.text()).toBe("PNG");
    expect((await get(user.id, { Range: `bytes=${photo.size}-` })).status).toBe(416);

    // Through the edge cache: the owner's answer is kept private, and a visitor never gets it.
    const cache = await caches.open(`claims-${crypto.randomUUID()}`);
    const ctx = { waitUntil: () => {} };
    const viaCache = async (cookie: string) =>
      withEdgeCache(new Request(`https://store.test${path}`, { headers: cookie ? { Cookie: cookie } : {} }), ctx, cache, async () => ({
        response: await get(cookie ? user.id : null),
        personal: cookie !== "",
      }));
    const owner = await viaCache(await cookieOf(user.id));
    expect([owner.status, owner.headers.get("x-cache"), owner.headers.get("Cache-Control")]).toEqual([200, "BYPASS", "private, no-store"]);
    const visitor = await viaCache("");
    expect([visitor.status, await cache.match(new Request(`https://store.test${path}`))]).toEqual([404, undefined]);
  });
});

describe("the admin's claim pages", () => {
  it("the dashboard counts open claims; the list and the claim page are the admins' only", async () => {
    const { order, user, deliveredAt } = await w.deliveredOrder("cash");
    await post(order.number, await cookieOf(user.id), deliveredAt, { ...DAMAGE }, [pngFile("x")]);
    const admin = await cookieOf(w.admin.id);
    const open = await one<{ n: number }>("SELECT count(*) AS n FROM claims WHERE status = 'open'");
    expect(((await runRoute(dashboard, "/admin-dashboard", { cookie: admin })) as { body: { openClaims: number } }).body.openClaims).toBe(open.n);
    const list = (await runRoute(claimList, "/admin-dashboard/claims", { cookie: admin })) as { body: { open: { number: string }[] } };
    expect(list.body.open.map((c) => c.number)).toContain(order.number);
    const { id } = await one<{ id: number }>("SELECT id FROM claims WHERE order_id = ?", order.id);
    const customer = await cookieOf(user.id);
    expect(outcome(await runRoute(claimList, "/admin-dashboard/claims", { cookie: customer }))).toBe("→ /");
    expect(outcome(await runRoute(claimPage, `/admin-dashboard/claims/${id}`, { cookie: customer, params: { id: String(id) } }))).toBe("→ /");
    const decide = (cookie: string, body: string) =>
      runRoute(decideAction, `/admin-dashboard/claims/${id}`, {
        cookie,
        params: { id: String(id) },
        init: { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } },
      });
    expect(outcome(await decide(customer, "intent=approve&amount=500"))).toBe("→ /");
    expect(outcome(await decide("", "intent=approve&amount=500"))).toBe("→ /login");
    expect((await ledgerSums(order.id)).refunded).toBe(0);
  });

  it("approves with a refund typed in rupees, refuses the same form sent again, and rejects only with a reason", async () => {
    const admin = await cookieOf(w.admin.id);
    const decide = async (number: string, body: string) => {
      const { id } = await one<{ id: number }>("SELECT c.id FROM claims c JOIN orders o ON o.id = c.order_id WHERE o.number = ? ORDER BY c.id DESC", number);
      return runRoute(decideAction, `/admin-dashboard/claims/${id}`, {
        cookie: admin,
        params: { id: String(id) },
        init: { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } },
      });
    };
    const a = await w.deliveredOrder("link");
    await post(a.order.number, await cookieOf(a.user.id), a.deliveredAt, { ...DAMAGE }, [pngFile("a")]);
    expect(((await decide(a.order.number, "intent=approve&amount=abc")) as Decided).body.reply.error?.amount).toEqual([
      "Enter the refund in whole rupees, from ₹1",
    ]);
    expect(((await decide(a.order.number, "intent=approve&amount=499.50")) as Decided).body.reply.error?.amount).toEqual([
      "Enter the refund in whole rupees, from ₹1",
    ]);
    const approved = (await decide(a.order.number, "intent=approve&amount=1,250")) as Response;
    expect(outcome(approved)).toMatch(/^→ \/admin-dashboard\/claims\/\d+$/);
    const again = (await decide(a.order.number, "intent=approve&amount=1,250")) as Decided;
    expect([again.status, again.body.reply.error?.[""]]).toEqual([409, ["This claim has already been decided. Reload to see the decision."]]);
    expect((await ledgerSums(a.order.id)).refunded).toBe(125_000);

    const b = await w.deliveredOrder("cash");
    await post(b.order.number, await cookieOf(b.user.id), b.deliveredAt, { ...DAMAGE }, [pngFile("b")]);
    const tooMuch = (await decide(b.order.number, "intent=approve&amount=600")) as Decided;
    expect(tooMuch.body.reply.error?.[""]).toEqual(["At most ₹500 can be refunded for this order."]);
    expect(((await decide(b.order.number, "intent=reject&reason=")) as Decided).body.reply.error?.reason).toEqual([
      "Give a reason in 3 to 500 characters (the customer is shown it)",
    ]);
    expect(outcome(await decide(b.order.number, "intent=reject&reason=The+box+was+sealed+and+cold"))).toMatch(/^→ \/admin-dashboard\/claims\/\d+$/);
    expect(await one("SELECT status, decision_reason FROM claims WHERE order_id = ?", b.order.id)).toEqual({
      status: "rejected",
      decision_reason: "The box was sealed and cold",
    });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM ledger WHERE order_id = ? AND kind = 'refund'").bind(b.order.id).first()).toEqual({ n: 0 });
  });
});
