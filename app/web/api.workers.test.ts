import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ConflictError, TooManyRequestsError } from "~/lib/errors";
import { chunkedUpload, jsonOfSize } from "../../tests/setup/chunked-body";
import { testDeps } from "../../tests/setup/deps";
import { endpoint, handleApi, reply, storeApi } from "./api.server";
import { MAX_JSON_BYTES } from "./body-limit.server";

const seen: string[] = [];
const API = storeApi([
  endpoint({ method: "GET", path: "/api/things", guard: "public", handler: async () => ({ things: [] }) }),
  endpoint({
    method: "POST",
    path: "/api/things",
    guard: "public",
    body: z.object({ name: z.string().min(3, "Name must be at least 3 characters") }),
    status: 201,
    async handler({ body }) {
      seen.push(body.name);
      return { thing: { name: body.name } };
    },
  }),
  endpoint({ method: "GET", path: "/api/things/:id(\\d{1,9})", guard: "public", handler: async ({ params }) => ({ id: Number(params.id) }) }),
  endpoint({ method: "PUT", path: "/api/things/:id(\\d{1,9})", guard: "admin", handler: async () => ({}) }),
  endpoint({ method: "GET", path: "/api/things/taken", guard: "public", handler: async () => Promise.reject(new ConflictError("That name is taken")) }),
  endpoint({ method: "GET", path: "/api/things/slow", guard: "public", handler: async () => Promise.reject(new TooManyRequestsError("Slow down", 2.5)) }),
  endpoint({ method: "GET", path: "/api/things/raw", guard: "public", handler: async () => reply(200, { exists: true }) }),
  endpoint({ method: "GET", path: "/api/things/broken", guard: "public", handler: async () => Promise.reject(new Error("SQLITE_BUSY: internal detail")) }),
  endpoint({ method: "GET", path: "/api/things/rest/*rest", guard: "public", handler: async ({ params }) => ({ rest: params.rest }) }),
]);

async function call(method: string, path: string, init: { json?: unknown; raw?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.json !== undefined || init.raw !== undefined) headers["Content-Type"] ??= "application/json";
  const body = init.raw ?? (init.json === undefined ? undefined : JSON.stringify(init.json));
  const res = await handleApi(API, new Request(`https://store.test${path}`, { method, headers, body }), testDeps(), path);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

describe("the JSON API table", () => {
  it("answers a matching endpoint, with its success status and `success: true`", async () => {
    expect(await call("GET", "/api/things")).toMatchObject({ status: 200, body: { success: true, things: [] } });
    expect(await call("POST", "/api/things", { json: { name: "Pulasa", extra: "dropped" } })).toMatchObject({
      status: 201,
      body: { success: true, thing: { name: "Pulasa" } },
    });
    expect((await call("GET", "/api/things/42/")).body).toEqual({ success: true, id: 42 });
    expect((await call("GET", "/api/things/rest/a/b%20c")).body).toEqual({ success: true, rest: "a/b%20c" });
    expect((await call("GET", "/api/things/raw")).body).toEqual({ exists: true });
  });

  it("an unknown path is 404 'Not found'; a known path with another method is 405 'Method not allowed' with Allow", async () => {
    expect(await call("GET", "/api/nothing")).toMatchObject({ status: 404, body: { success: false, error: "Not found" } });
    expect((await call("GET", "/api/things/abc")).status).toBe(404);
    const wrong = await call("DELETE", "/api/things");
    expect(wrong).toMatchObject({ status: 405, body: { success: false, error: "Method not allowed" } });
    expect(wrong.headers.get("Allow")).toBe("GET, POST");
    expect((await call("POST", "/api/things/7")).headers.get("Allow")).toBe("GET, PUT");
  });

  it("a bad body is 400 with its own message: not JSON, malformed, or the schema's first message", async () => {
    expect(await call("POST", "/api/things", { raw: "name=x", headers: { "Content-Type": "application/x-www-form-urlencoded" } })).toMatchObject({
      status: 400,
      body: { error: "Expected a JSON body" },
    });
    expect(await call("POST", "/api/things", { raw: "{not json" })).toMatchObject({ status: 400, body: { error: "Malformed JSON body" } });
    expect(await call("POST", "/api/things", { json: { name: "x" } })).toMatchObject({
      status: 400,
      body: { success: false, error: "Name must be at least 3 characters" },
    });
  });

  it("a body over the cap is 413 'Request body too large', refused while it is read and before the handler runs", async () => {
    const before = seen.length;
    const { request, sent } = chunkedUpload("https://store.test/api/things", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: jsonOfSize(4 * 1024 * 1024, { name: "Huge" }),
    });
    const res = await handleApi(API, request, testDeps(), "/api/things");
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, error: "Request body too large" });
    expect(sent()).toBeLessThan(MAX_JSON_BYTES + 100_000);
    expect(seen.length).toBe(before);
  });

  it("guards: no credentials 401, not an admin 403, before the body is parsed", async () => {
    expect(await call("PUT", "/api/things/7")).toMatchObject({ status: 401, body: { success: false, error: "Authentication required" } });
    expect(await call("PUT", "/api/things/7", { headers: { Authorization: "Bearer forged" } })).toMatchObject({
      status: 401,
      body: { error: "Invalid or expired token" },
    });
  });

  it("maps domain errors to their own status and message (Retry-After for 429), anything else to a 500 that shows no internals", async () => {
    expect(await call("GET", "/api/things/taken")).toMatchObject({ status: 409, body: { success: false, error: "That name is taken" } });
    const slow = await call("GET", "/api/things/slow");
    expect(slow).toMatchObject({ status: 429, body: { error: "Slow down" } });
    expect(slow.headers.get("Retry-After")).toBe("3");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = await call("GET", "/api/things/broken");
    expect(broken).toMatchObject({ status: 500, body: { success: false, error: "Something went wrong. Please try again." } });
    expect(JSON.stringify(broken.body)).not.toContain("SQLITE");
    expect(broken.headers.get("Cache-Control")).toBe("no-store");
    logged.mockRestore();
  });
});
