import { beforeAll, describe, expect, it } from "vitest";
import { loadContext } from "../tests/setup/load-context";
import { sessionCookie } from "../tests/setup/routes";
import { one } from "../tests/setup/sql";
import { loader as rootLoader } from "~/root";

let cookie: string;

beforeAll(async () => {
  const user = await one<{ id: number }>(
    "INSERT INTO users (name, email, email_verified_at) VALUES ('Sita Rani', 'context@example.in', ?) RETURNING id",
    Date.now(),
  );
  cookie = await sessionCookie(user.id);
});

const request = (path: string, headers: Record<string, string> = {}) => new Request(`https://store.test${path}`, { headers: { Cookie: cookie, ...headers } });

describe("the load context", () => {
  it("reads the header's data with the session for a page, and for data that asks for the root's", async () => {
    for (const [path, headers] of [
      ["/products", { Accept: "text/html,application/xhtml+xml" }],
      ["/products", {}],
      ["/products.data", {}],
      ["/products.data?_routes=root,routes/products", {}],
    ] as const) {
      const context = await loadContext(request(path, headers));
      expect(context.deps.user?.name).toBe("Sita Rani");
      expect(context.sessionPage).toEqual({ cart: [], unread: 0 });
    }
  });

  it("reads only the session for a photo, a script's fetch or data that leaves the root out", async () => {
    for (const [path, headers] of [
      ["/photos/x.webp", { Accept: "image/avif,image/webp,*/*" }],
      ["/api/cart", { Accept: "*/*" }],
      ["/products.data?_routes=routes/products", {}],
    ] as const) {
      const context = await loadContext(request(path, headers));
      expect(context.deps.user?.name).toBe("Sita Rani");
      expect(context.sessionPage).toBeUndefined();
    }
  });

  it("marks a client navigation's data, whose loaders see its page's address", async () => {
    expect((await loadContext(request("/products.data"))).dataRequest).toBe(true);
    expect((await loadContext(request("/products"))).dataRequest).toBe(false);
  });
});

describe("the root's catalogue", () => {
  async function rootMessages(path: string, handlerPath: string, referer?: string) {
    const original = request(path, referer ? { Referer: referer } : {});
    const context = await loadContext(original);
    // Remix calls loaders of `/products.data` with the page's address, `/products`.
    const handler = new Request(`https://store.test${handlerPath}`, { headers: original.headers });
    const root = (await rootLoader({ request: handler, context, params: {} })) as unknown as { data: { messages: string | null } };
    return root.data.messages;
  }

  it("is left out of a client navigation's data from a page of the store in the same language", async () => {
    expect(await rootMessages("/products.data", "/products", "https://store.test/cart")).toBeNull();
  });

  it("is left out of a page, which fetches its file; comes with data from a page in the other language", async () => {
    expect(await rootMessages("/products", "/products", "https://store.test/cart")).toBeNull();
    expect(await rootMessages("/products.data", "/products", "https://store.test/te/cart")).toEqual(expect.any(String));
    expect(await rootMessages("/te/products.data", "/te/products", "https://store.test/te/cart")).toBeNull();
  });
});
