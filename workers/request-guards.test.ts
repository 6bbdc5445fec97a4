import { describe, expect, it } from "vitest";
import { isCrossSiteWrite, MAX_CLAIM_FORM_BYTES, MAX_FORM_BYTES, readableForm } from "./request-guards";

const post = (headers: Record<string, string>) => new Request("https://store.test/login", { method: "POST", headers });

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

  it("lets readable form posts, reads and the JSON API through", async () => {
    const posted = await readableForm(form("email=a%40b.in", "application/x-www-form-urlencoded"));
    expect(posted).toBeInstanceOf(Request);
    expect((await (posted as Request).formData()).get("email")).toBe("a@b.in");
    const read = new Request("https://store.test/login");
    expect(await readableForm(read)).toBe(read);
    const api = form("{", "application/json", "/api/auth/login");
    expect(await readableForm(api)).toBe(api);
  });

  it("answers what no action could read with 4xx instead of letting the action throw", async () => {
    expect(((await readableForm(form("\u0000", "text/plain"))) as Response).status).toBe(415);
    expect(((await readableForm(form("{", "application/json"))) as Response).status).toBe(415);
    expect(((await readableForm(form("--zzz\r\nbroken", "multipart/form-data; boundary=zzz"))) as Response).status).toBe(400);
    const big = new Request("https://store.test/login", {
      method: "POST",
      body: "x",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(MAX_FORM_BYTES + 1) },
    });
    expect(((await readableForm(big)) as Response).status).toBe(413);
  });

  it("lets a problem report carry its photos and videos (with or without JavaScript), up to its own cap", async () => {
    const declared = (path: string, bytes: number) =>
      new Request(`https://store.test${path}`, {
        method: "POST",
        body: "x",
        headers: { "Content-Type": "multipart/form-data; boundary=zzz", "Content-Length": String(bytes) },
      });
    const files = new FormData();
    files.append("files", new File([new Uint8Array(MAX_FORM_BYTES + 1)], "clip.mp4"));
    for (const path of ["/orders/PUL-2611-AB12/claim", "/orders/PUL-2611-AB12/claim.data"]) {
      const read = await readableForm(new Request(`https://store.test${path}`, { method: "POST", body: files }));
      expect(((await (read as Request).formData()).get("files") as File).size).toBe(MAX_FORM_BYTES + 1);
      const refused = (await readableForm(declared(path, MAX_CLAIM_FORM_BYTES + 1))) as Response;
      expect(refused.status).toBe(413);
      expect(await refused.json()).toEqual({ success: false, error: "The files together may be at most 30 MB" });
    }
    // The product photo upload keeps its own cap with JavaScript too.
    expect(await readableForm(new Request("https://store.test/admin-dashboard/products/7.data", { method: "POST", body: files }))).toBeInstanceOf(Request);
    // Elsewhere the same upload is too large.
    expect(((await readableForm(new Request("https://store.test/orders/PUL-2611-AB12", { method: "POST", body: files }))) as Response).status).toBe(413);
    expect(((await readableForm(declared("/orders/PUL-2611-AB12/claim/x", MAX_FORM_BYTES + 1))) as Response).status).toBe(413);
  });
});
