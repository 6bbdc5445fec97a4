import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../app/web/csp";
import { withFreshNonce } from "./security-headers";

function page(nonce: string, cache: string) {
  const body = `<html><head><script nonce="${nonce}">boot()</script><script nonce="injected">evil()</script></head></html>`;
  return new Response(body, { headers: { "Content-Type": "text/html", "Content-Security-Policy": contentSecurityPolicy(nonce), "x-cache": cache } });
}

const policyNonce = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1];

describe("a page's CSP nonce", () => {
  it("gives a copy from the edge cache a fresh nonce, in its policy and its own scripts only", async () => {
    const res = withFreshNonce(page("cached", "HIT"));
    const fresh = policyNonce(res);
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe("cached");
    const body = await res.text();
    expect(body).toContain(`<script nonce="${fresh}">boot()</script>`);
    expect(body).toContain("<script>evil()</script>");
    expect(body).not.toContain("cached");
  });

  it("leaves a page rendered for this response as it is: its nonce was drawn for it", async () => {
    for (const cache of ["MISS", "BYPASS"]) {
      const rendered = page("drawn-now", cache);
      const res = withFreshNonce(rendered);
      expect(res).toBe(rendered);
      expect(policyNonce(res)).toBe("drawn-now");
    }
  });

  it("gives two responses from the same cached copy two different nonces", () => {
    expect(policyNonce(withFreshNonce(page("cached", "HIT")))).not.toBe(policyNonce(withFreshNonce(page("cached", "HIT"))));
  });
});
