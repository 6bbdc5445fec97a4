import { describe, expect, it } from "vitest";
import { isCrossSiteWrite, MAX_FORM_BYTES, unreadableForm } from "./request-guards";

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

describe("unreadableForm", () => {
  const form = (body: BodyInit, type: string | null, path = "/login") =>
    new Request(`https://store.test${path}`, { method: "POST", body, headers: type ? { "Content-Type": type } : {} });

  it("lets readable form posts, reads and the JSON API through", async () => {
    expect(await unreadableForm(form("email=a%40b.in", "application/x-www-form-urlencoded"))).toBeNull();
    expect(await unreadableForm(new Request("https://store.test/login"))).toBeNull();
    expect(await unreadableForm(form("{", "application/json", "/api/auth/login"))).toBeNull();
  });

  it("answers what no action could read with 4xx instead of letting the action throw", async () => {
    expect((await unreadableForm(form("\u0000", "text/plain")))?.status).toBe(415);
    expect((await unreadableForm(form("{", "application/json")))?.status).toBe(415);
    expect((await unreadableForm(form("--zzz\r\nbroken", "multipart/form-data; boundary=zzz")))?.status).toBe(400);
    const big = new Request("https://store.test/login", { method: "POST", body: "x", headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(MAX_FORM_BYTES + 1) } });
    expect((await unreadableForm(big))?.status).toBe(413);
  });
});
