import { describe, expect, it } from "vitest";
import { isCrossSiteWrite, MAX_FORM_BYTES, readableForm } from "./request-guards";

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
});
