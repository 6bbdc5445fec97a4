import { describe, expect, it } from "vitest";
import { messagesFor } from "~/i18n/texts";
import { loader as catalogueLoader } from "~/routes/texts.$file";
import { loader as rootLoader } from "~/root";
import { loadContext } from "../../tests/setup/load-context";
import { messagesOf, readMessages, type SiteData } from "./site";

async function get(path: string) {
  const request = new Request(`https://store.test${path}`);
  const file = path.split("/").pop()!;
  return catalogueLoader({ request, context: await loadContext(request), params: { file } });
}

async function rootData(path: string): Promise<SiteData> {
  const request = new Request(`https://store.test${path}`);
  const result = (await rootLoader({ request, context: await loadContext(request), params: {} })) as unknown as { data: SiteData };
  return result.data;
}

describe("a page's catalogue file", () => {
  it("is named by the page's data, and that file is the page language's catalogue, cached for good", async () => {
    for (const [path, lang] of [
      ["/products", "en"],
      ["/te/products", "te"],
    ] as const) {
      const site = await rootData(path);
      expect(site.messages).toBeNull();
      const response = await get(site.texts);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toContain("immutable");
      expect(readMessages(await response.text())).toEqual(messagesOf(site));
      expect(messagesOf(site).nav.home).toBe(messagesFor({ config: (await loadContext(new Request("https://store.test/"))).deps.config, lang }).nav.home);
    }
  });

  it("answers a name from before a change of words with today's text, never cached", async () => {
    const response = await get("/texts/en.00000000.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("refuses a name that is not a catalogue's", async () => {
    for (const name of ["/texts/fr.0123abcd.json", "/texts/en.json", "/texts/en.0123abcd.js"]) {
      expect((await get(name)).status).toBe(404);
    }
  });
});
