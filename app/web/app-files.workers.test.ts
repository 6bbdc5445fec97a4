import { describe, expect, it } from "vitest";
import { loadContext } from "../../tests/setup/load-context";
import { loader as manifest } from "~/routes/manifest[.]webmanifest";
import { loader as serviceWorker } from "~/routes/sw[.]js";

async function get(loader: typeof manifest, url: string) {
  const request = new Request(url);
  return (await loader({ request, context: await loadContext(request), params: {} })) as Response;
}

describe("the installed app's files", () => {
  it("the manifest names the app in the language of the page it is installed from, one app for both", async () => {
    const en = await (await get(manifest, "https://store.test/manifest.webmanifest")).json<Record<string, unknown>>();
    const te = await (await get(manifest, "https://store.test/manifest.webmanifest?lang=te")).json<Record<string, unknown>>();
    expect(en).toMatchObject({ id: "/", lang: "en", name: "Godavari Pulasa", short_name: "Pulasa", start_url: "/", scope: "/", display: "standalone" });
    expect(te).toMatchObject({ id: "/", lang: "te", name: "గోదావరి పులస", short_name: "పులస", start_url: "/te", scope: "/" });
    expect((await get(manifest, "https://store.test/manifest.webmanifest?lang=xx")).headers.get("Content-Type")).toBe("application/manifest+json");
    expect((await (await get(manifest, "https://store.test/manifest.webmanifest?lang=xx")).json<{ lang: string }>()).lang).toBe("en");
  });

  it("the service worker carries its offline words in both languages and is checked for a new version on every visit", async () => {
    const res = await get(serviceWorker, "https://store.test/sw.js");
    expect(res.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("no-cache");
    const source = await res.text();
    const texts = JSON.parse(/^const TEXTS = (.*);$/m.exec(source)![1]);
    expect(texts.en.pageNeedsConnection).toBe("This page needs a connection. Try again when you are back online.");
    expect(texts.te.offline).toBe("ఆఫ్‌లైన్.");
    expect(source).toContain('addEventListener("push"');
  });
});
