import { describe, expect, it } from "vitest";
import { englishOnly, langOfPath, localePath, plainTeluguPath, pathInLang, isActionOf } from "./lang";

describe("the language of a path", () => {
  it("is Telugu under /te (pages and the home page's data) and English elsewhere", () => {
    for (const path of ["/te", "/te/", "/te/products", "/te/products/pulasa", "/te.data"]) expect(langOfPath(path)).toBe("te");
    for (const path of ["/", "/products", "/terms-conditions", "/tea", "/ted/x", "/products/te"]) expect(langOfPath(path)).toBe("en");
  });

  it("puts an English path in Telugu once, keeping its query and fragment", () => {
    expect(localePath("te", "/")).toBe("/te");
    expect(localePath("te", "/products")).toBe("/te/products");
    expect(localePath("te", "/?q=1")).toBe("/te?q=1");
    expect(localePath("te", "/orders/PUL-1?paid=1#top")).toBe("/te/orders/PUL-1?paid=1#top");
    expect(localePath("te", "/te/products")).toBe("/te/products");
    expect(localePath("en", "/products")).toBe("/products");
    expect(localePath("te", "https://example.com/x")).toBe("https://example.com/x");
    expect(localePath("te", "//example.com/x")).toBe("//example.com/x");
    for (const path of ["/admin-dashboard", "/api/auth/login", "/photos/a.webp", "/sitemap.xml", "/orders/PUL-1/callback?x=1", "/auth/google"]) {
      expect(localePath("te", path)).toBe(path);
    }
  });

  it("switches a page to the other language and back", () => {
    expect(pathInLang("/products/pulasa", "te")).toBe("/te/products/pulasa");
    expect(pathInLang("/te/products/pulasa", "en")).toBe("/products/pulasa");
    expect(pathInLang("/te", "en")).toBe("/");
    expect(pathInLang("/", "te")).toBe("/te");
    expect(pathInLang("/te/blogs", "te")).toBe("/te/blogs");
  });

  it("knows the pages that exist only in English", () => {
    for (const path of ["/admin-dashboard", "/admin-dashboard/products", "/sandbox/checkout/1", "/dev/mail", "/api/orders", "/manifest.webmanifest"]) {
      expect(englishOnly(path)).toBe(true);
    }
    for (const path of ["/", "/products", "/developers", "/te/orders", "/orders/PUL-1/pay", "/apiary"]) expect(englishOnly(path)).toBe(false);
  });

  it("knows a form's action for its page in either language, with or without a query", () => {
    expect(isActionOf("/login", "/login")).toBe(true);
    expect(isActionOf("/te/login", "/login")).toBe(true);
    expect(isActionOf("/te/cart?index", "/cart")).toBe(true);
    expect(isActionOf("/te/theme", "/theme")).toBe(true);
    expect(isActionOf("/te/signup", "/login")).toBe(false);
    expect(isActionOf("/tel/login", "/login")).toBe(false);
    expect(isActionOf(undefined, "/login")).toBe(false);
  });
});

describe("plainTeluguPath", () => {
  it("gives the plain path of a Telugu page asked for with its prefix in capitals or percent-encoded, and nothing for any other path", () => {
    expect(plainTeluguPath("/TE/products")).toBe("/te/products");
    expect(plainTeluguPath("/Te")).toBe("/te");
    expect(plainTeluguPath("/tE/blogs/1")).toBe("/te/blogs/1");
    expect(plainTeluguPath("/TE.data")).toBe("/te.data");
    expect(plainTeluguPath("/%74e/products")).toBe("/te/products");
    expect(plainTeluguPath("/%54%45")).toBe("/te");
    for (const path of ["/te", "/te/products", "/orders/PUL-2611-ABCD", "/TEA", "/Terms", "/products/TE", "/%E0%A4%A", "/"])
      expect(plainTeluguPath(path)).toBeNull();
  });
});
