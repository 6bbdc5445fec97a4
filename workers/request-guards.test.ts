import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "./request-guards";

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
