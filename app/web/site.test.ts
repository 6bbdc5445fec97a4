import { describe, expect, it } from "vitest";
import { getMessages } from "~/i18n/texts";
import { textsFor, textsJson, textsUrl, isCurrentTexts, messagesOf, parseTextsFile, readMessages } from "./site";

const en = getMessages("Pulasa", "en");
const te = getMessages("పులస", "te");
const get = (url: string, referer?: string) => new Request(url, { headers: referer ? { Referer: referer } : {} });
// As loaders see a client navigation's data request: at its page's URL (`/products` for `/products.data`).
const page = (url: string, lang: "en" | "te", referer?: string) => textsFor(get(url, referer), lang === "en" ? en : te, lang, false);
const data = (url: string, lang: "en" | "te", referer?: string) => textsFor(get(url, referer), lang === "en" ? en : te, lang, true);

describe("the catalogue in the root's data", () => {
  it("travels as JSON text that reads back as the catalogue", () => {
    const json = textsJson(te);
    expect(typeof json).toBe("string");
    expect(readMessages(json)).toEqual(te);
  });

  it("is written once per catalogue and read once per text", () => {
    expect(textsJson(en)).toBe(textsJson(en));
    expect(readMessages(JSON.stringify(en))).toBe(readMessages(JSON.stringify(en)));
  });

  it("is left out of every page, whose browser fetches its file; the server renders the page from its own copy", () => {
    expect(page("https://store.test/products", "en")).toBeNull();
    expect(page("https://store.test/te/products", "te", "https://store.test/cart")).toBeNull();
    expect(messagesOf({ lang: "te", messages: null })).toBe(te);
  });

  it("is a file named by its language and a hash of its text, which any change of a word changes", () => {
    const url = textsUrl(te, "te");
    expect(url).toMatch(/^\/texts\/te\.[0-9a-f]{8}\.json$/);
    const file = parseTextsFile(url.split("/").pop()!)!;
    expect(file.lang).toBe("te");
    expect(isCurrentTexts(te, file.hash)).toBe(true);
    const changed = { ...en, nav: { ...en.nav, home: "Start" } };
    expect(textsUrl(changed, "en")).not.toBe(textsUrl(en, "en"));
    expect(isCurrentTexts(en, parseTextsFile(textsUrl(changed, "en").split("/").pop()!)!.hash)).toBe(false);
    for (const name of ["fr.0123abcd.json", "en.0123abc.json", "en.0123abcd.js", "../en.0123abcd.json", "en.0123ABCD.json"]) {
      expect(parseTextsFile(name)).toBeNull();
    }
  });

  it("comes with data for a page in another language than the one it is asked from", () => {
    expect(data("https://store.test/products", "en", "https://store.test/te/cart")).toBe(textsJson(en));
    expect(data("https://store.test/te/products", "te", "https://store.test/cart")).toBe(textsJson(te));
    expect(data("https://store.test/te", "te", "https://store.test/")).toBe(textsJson(te));
  });

  it("is left out of data asked from a page of the store in the same language, which has it", () => {
    expect(data("https://store.test/products", "en", "https://store.test/cart")).toBeNull();
    expect(data("https://store.test/te/products", "te", "https://store.test/te")).toBeNull();
  });

  it("comes with data asked without a Referer, or from another site", () => {
    expect(data("https://store.test/products", "en")).toBe(textsJson(en));
    expect(data("https://store.test/products", "en", "https://elsewhere.test/cart")).toBe(textsJson(en));
    expect(data("https://store.test/products", "en", "not a url")).toBe(textsJson(en));
  });

  it("is kept by language once received, for data that comes without it", () => {
    expect(messagesOf({ lang: "te", messages: textsJson(te) })).toEqual(te);
    expect(messagesOf({ lang: "te", messages: null })).toEqual(te);
    expect(messagesOf({ lang: "en", messages: textsJson(en) })).toEqual(en);
    expect(messagesOf({ lang: "te", messages: null })).toEqual(te);
  });
});
