import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/api.$";
import { loadContext } from "../../tests/setup/load-context";

describe("an unknown path under /api", () => {
  it("is answered 404 in the API's JSON, for any method, not with the HTML page", async () => {
    for (const [method, path] of [
      ["GET", "nothing-here"],
      ["POST", "nothing/here/either"],
      ["DELETE", ""],
    ] as const) {
      const request = new Request(`https://store.test/api/${path}`, { method });
      const route = method === "GET" ? loader : action;
      const res = await route({ request, context: await loadContext(request), params: { "*": path } });
      expect(res.status).toBe(404);
      expect(res.headers.get("Content-Type")).toContain("application/json");
      expect(await res.json()).toEqual({ success: false, error: "Not found" });
    }
  });
});
