import type { ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { MAX_PHOTO_BYTES } from "../app/catalog/photos";
import {
  formCap,
  crossSiteRefusal,
  isCrossSiteWrite,
  MAX_CLAIM_FORM_BYTES,
  MAX_FORM_BYTES,
  MAX_PHOTO_FORM_BYTES,
  MAX_WEIGHING_FORM_BYTES,
  readableForm,
  refuseOversizedForms,
} from "./request-guards";

const post = (headers: Record<string, string>) => new Request("https://store.test/login", { method: "POST", headers });

describe("crossSiteRefusal", () => {
  const refused = (path: string, accept: string) => crossSiteRefusal(new Request(`https://store.test${path}`, { method: "POST", headers: { Accept: accept } }));

  it("shows a browser's form post a page in the path's language, and tells anything else in JSON", async () => {
    const en = refused("/orders/PUL-2611-ABCD", "text/html,application/xhtml+xml");
    expect([en.status, en.headers.get("Content-Type")]).toEqual([403, "text/html; charset=utf-8"]);
    expect(await en.text()).toContain('<html lang="en">');
    const te = await refused("/te/cart", "text/html").text();
    expect(te).toContain('<html lang="te">');
    expect(te).toContain("ఈ ఫారమ్ వేరే సైట్ నుంచి వచ్చింది");
    expect(te).toContain('href="/te"');
    for (const [path, accept] of [
      ["/te/cart.data", "text/html"],
      ["/api/orders", "text/html"],
      ["/cart", "application/json"],
    ]) {
      expect(await refused(path, accept).json()).toEqual({ success: false, error: "Cross-site request refused" });
    }
  });
});

describe("isCrossSiteWrite", () => {
  it("refuses posts from another origin", () => {
    expect(isCrossSiteWrite(post({ Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteWrite(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossSiteWrite(post({ Origin: "http://store.test" }))).toBe(true);
  });

  it("lets same-origin posts, non-browser clients and reads through", () => {
    expect(isCrossSiteWrite(post({ Origin: "https://store.test", "Sec-Fetch-Site": "same-origin" }))).toBe(false);
    expect(isCrossSiteWrite(post({}))).toBe(false);
    expect(isCrossSiteWrite(new Request("https://store.test/", { headers: { Origin: "https://evil.example" } }))).toBe(false);
  });
});

describe("readableForm", () => {
  const form = (body: BodyInit, type: string | null, path = "/login") =>
    new Request(`https://store.test${path}`, { method: "POST", body, headers: type ? { "Content-Type": type } : {} });
  const handedOn = async (request: Request) => {
    const read = await readableForm(request);
    if (read instanceof Response) throw new Error(`refused with ${read.status}`);
    return read;
  };
  const declared = (path: string, bytes: number) =>
    new Request(`https://store.test${path}`, {
      method: "POST",
      body: "x",
      headers: { "Content-Type": "multipart/form-data; boundary=zzz", "Content-Length": String(bytes) },
    });

  it("lets readable form posts, reads and the JSON API through", async () => {
    const posted = await handedOn(form("email=a%40b.in", "application/x-www-form-urlencoded"));
    expect(posted.oversized).toBeNull();
    expect((await posted.request.formData()).get("email")).toBe("a@b.in");
    const read = new Request("https://store.test/login");
    expect((await handedOn(read)).request).toBe(read);
    const api = form("{", "application/json", "/api/auth/login");
    expect((await handedOn(api)).request).toBe(api);
  });

  it("answers what no action could read with 4xx instead of letting the action throw", async () => {
    expect(((await readableForm(form("\u0000", "text/plain"))) as Response).status).toBe(415);
    expect(((await readableForm(form("{", "application/json"))) as Response).status).toBe(415);
    expect(((await readableForm(form("--zzz\r\nbroken", "multipart/form-data; boundary=zzz"))) as Response).status).toBe(400);
  });

  it("hands a form above its page's cap on with no body, marked oversized, for the page to answer", async () => {
    const big = await handedOn(declared("/login", MAX_FORM_BYTES + 1));
    expect(big.oversized).toBeInstanceOf(FormData);
    expect(await big.request.text()).toBe("");
    expect(big.request.headers.get("Content-Length")).toBeNull();
    expect(big.request.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
  });

  // Each upload page by its English path, its Telugu path, and each as a form's data request (with JavaScript).
  const inBoth = (path: string) => [path, `${path}.data`, `/te${path}`, `/te${path}.data`];
  const uploadPages = [
    ...["/admin-dashboard/products/new", "/admin-dashboard/products/7", "/admin-dashboard/auctions"].map((p) => [p, MAX_PHOTO_FORM_BYTES] as const),
    ["/orders/PUL-2611-AB12/claim", MAX_CLAIM_FORM_BYTES] as const,
    ...["/admin-dashboard/orders/PUL-2611-AB12", "/admin-dashboard/landings"].map((p) => [p, MAX_WEIGHING_FORM_BYTES] as const),
  ];

  it.each(uploadPages.flatMap(([path, cap]) => inBoth(path).map((p) => [p, cap] as const)))(
    "lets %s carry a phone's photo up to its own cap (%i bytes), in English and Telugu, with or without JavaScript",
    async (path, cap) => {
      expect(formCap(path)).toBe(cap);
      const files = new FormData();
      files.append("files", new File([new Uint8Array(MAX_PHOTO_BYTES)], "IMG_0001.jpg"));
      const read = await handedOn(new Request(`https://store.test${path}`, { method: "POST", body: files }));
      expect(read.oversized).toBeNull();
      expect(((await read.request.formData()).get("files") as File).size).toBe(MAX_PHOTO_BYTES);
      expect((await handedOn(declared(path, cap + 1))).oversized).toBeInstanceOf(FormData);
    },
  );

  it.each(inBoth("/orders/PUL-2611-AB12"))("keeps the default cap elsewhere: %s", async (path) => {
    expect(formCap(path)).toBe(MAX_FORM_BYTES);
    expect(formCap(`${path}/claim/x`)).toBe(MAX_FORM_BYTES);
  });

  it.each(inBoth("/orders/PUL-2611-AB12/claim"))("keeps what was typed before the files of a post above its cap: %s", async (path) => {
    const sent = new FormData();
    sent.append("kind", "transit_damage");
    sent.append("description", "చేప నలిగిపోయింది, the box was open");
    sent.append("files", new File([new Uint8Array(MAX_CLAIM_FORM_BYTES)], "VID_0001.mp4"));
    sent.append("after", "typed after the files");
    const read = await handedOn(new Request(`https://store.test${path}`, { method: "POST", body: sent }));
    expect([...read.oversized!.entries()]).toEqual([
      ["kind", "transit_damage"],
      ["description", "చేప నలిగిపోయింది, the box was open"],
    ]);
    expect(await read.request.text()).toBe("");
  });
});

describe("refuseOversizedForms", () => {
  const build = (action: () => unknown) =>
    ({
      routes: { page: { id: "page", module: { action, default: () => null } }, quiet: { id: "quiet", module: { default: () => null } } },
    }) as unknown as ServerBuild;
  const call = (b: ServerBuild, path: string, oversizedForm: FormData | null) =>
    (b.routes.page.module.action as (args: unknown) => unknown)({ request: new Request(`https://store.test${path}`), context: { oversizedForm }, params: {} });

  it("answers a page's form above its cap with the page's 413 error, in both languages, before its action runs", () => {
    let runs = 0;
    const guarded = refuseOversizedForms(build(() => ++runs));
    for (const path of ["/login", "/te/login", "/te/profile.data", "/cart"]) {
      let thrown: unknown;
      try {
        call(guarded, path, new FormData());
      } catch (error) {
        thrown = error;
      }
      expect((thrown as Response).status).toBe(413);
    }
    expect(runs).toBe(0);
    expect(call(guarded, "/te/login", null)).toBe(1);
    expect(guarded.routes.quiet.module.action).toBeUndefined();
  });

  it("lets an upload page's action answer it itself, beside its file field", () => {
    const guarded = refuseOversizedForms(build(() => "the page's own refusal"));
    for (const path of ["/orders/PUL-1/claim", "/te/orders/PUL-1/claim.data", "/admin-dashboard/products/new", "/admin-dashboard/auctions.data"]) {
      expect(call(guarded, path, new FormData())).toBe("the page's own refusal");
    }
  });
});
