import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { Deps } from "../deps";
import { guardMessages } from "../i18n/account.messages";
import { DomainError, ForbiddenError, InvalidInputError, MethodNotAllowedError, NotFoundError, UnauthorizedError } from "../lib/errors";
import { MAX_JSON_BYTES, readLimitedBytes } from "./body-limit.server";
import { findCaller, type Caller } from "./credentials.server";

/**
 * The JSON APIs as declarative tables: each endpoint is a method, a path pattern, a guard, how its body is
 * read and a handler that returns plain data. `handleApi` does the rest the same way for the store's
 * /api/auth, /api/orders, /api/notifications, /api/products and the webhook, and for the auction Worker:
 * unknown path 404, known path with another method 405 (with Allow), body over its cap 413, guard 401/403,
 * bad body 400 with the schema's message, and every error mapped once by `jsonError`. (Relative imports: the
 * auction Worker bundles this file.)
 */

export type Method = "GET" | "POST" | "PUT" | "DELETE";
export type Guard = "public" | "user" | "admin";

/**
 * How an endpoint's body is read (always within a cap, counted as it arrives):
 * - a zod schema: a JSON body parsed with it (unknown fields are dropped, so nothing is mass-assigned);
 * - `{ fields: true }`: a JSON object or a form as fields, `{}` for anything unreadable (the handler checks them);
 * - `{ bytes, tooLarge }`: the raw bytes within their own cap (uploads, signed webhooks).
 */
export type BodySpec = z.ZodTypeAny | { fields: true } | { bytes: number; tooLarge?: string };
type BodyOf<S> = S extends z.ZodTypeAny
  ? z.infer<S>
  : S extends { fields: true }
    ? Record<string, unknown>
    : S extends { bytes: number }
      ? Uint8Array<ArrayBuffer>
      : undefined;

export type ApiCall<G extends Guard, B> = {
  request: Request;
  deps: Deps;
  params: Record<string, string>;
  query: URLSearchParams;
  body: B;
  /** Who sent it: set for "user" and "admin" endpoints, null for "public" ones. */
  caller: G extends "public" ? null : Caller;
};

/** An answer that is not `{ success: true, … }`: a status and body of the endpoint's own. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export const reply = (status: number, body: unknown) => new Reply(status, body);

/** Fields merged into `{ success: true, … }`, a `reply(...)`, or a finished Response (a WebSocket, an image). */
export type ApiResult = Record<string, unknown> | Reply | Response;

export type Endpoint = {
  method: Method;
  path: string;
  guard: Guard;
  body?: BodySpec;
  /** The success status (201 for what a POST creates). */
  status?: 200 | 201;
  /** This endpoint's message for an unexpected failure (500), instead of the API's. */
  fallback?: string;
  handler: (call: ApiCall<Guard, unknown>) => Promise<ApiResult>;
};

/** One endpoint, with its handler's `body` and `caller` typed from its body spec and guard. */
export function endpoint<G extends Guard, S extends BodySpec | undefined = undefined>(definition: {
  method: Method;
  path: string;
  guard: G;
  body?: S;
  status?: 200 | 201;
  fallback?: string;
  handler: (call: ApiCall<G, BodyOf<S>>) => Promise<ApiResult>;
}): Endpoint {
  return definition as unknown as Endpoint;
}

export type Api = {
  endpoints: Endpoint[];
  /** The caller of a "user" or "admin" endpoint; throws UnauthorizedError when there is none. */
  authenticate: (request: Request, deps: Deps) => Promise<Caller>;
  cacheControl: string;
  /** The message of an unexpected failure (500); internals never reach the client. */
  fallback: string;
};

/**
 * The one mapping of errors to the JSON API's answer: a domain error keeps its status and message (with
 * Retry-After for 429 and Allow for 405); anything else is logged and answered 500 with `fallback`.
 */
export function jsonError(error: unknown, fallback: string, cacheControl = "no-store"): Response {
  const headers: Record<string, string> = { "Cache-Control": cacheControl };
  if (error instanceof DomainError) {
    if (error.retryAfterSeconds !== undefined) headers["Retry-After"] = String(Math.max(1, Math.ceil(error.retryAfterSeconds)));
    if (error instanceof MethodNotAllowedError) headers.Allow = error.allow.join(", ");
    // A keyed text also says its key (and its values), so a client (the store's pages) can show it in its language.
    const code = error.key ? { code: error.key, ...(error.values ? { values: error.values } : {}) } : {};
    return Response.json({ success: false, error: error.message, ...code }, { status: error.status, headers });
  }
  console.error(error);
  return Response.json({ success: false, error: fallback }, { status: 500, headers });
}

type Compiled = { endpoint: Endpoint; pattern: RegExp; names: string[] };
const compiled = new WeakMap<Endpoint[], Compiled[]>();

/**
 * `/api/orders/:id(\d{1,9})/status`: `:name` matches one segment (or what its parenthesised pattern says),
 * a final `*name` the rest of the path, slashes included, or nothing.
 */
function compile(endpoints: Endpoint[]): Compiled[] {
  let list = compiled.get(endpoints);
  if (list) return list;
  list = endpoints.map((endpoint) => {
    const names: string[] = [];
    const source = endpoint.path
      .split("/")
      .map((segment) => {
        const param = /^:(\w+)(?:\((.+)\))?$/.exec(segment);
        if (param) {
          names.push(param[1]);
          return `/(${param[2] ?? "[^/]+"})`;
        }
        const rest = /^\*(\w+)$/.exec(segment);
        if (rest) {
          names.push(rest[1]);
          return "(?:/(.*))?";
        }
        return segment === "" ? "" : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      })
      .join("");
    return { endpoint, pattern: new RegExp(`^${source}$`), names };
  });
  compiled.set(endpoints, list);
  return list;
}

const NO_BODY = new Set(["GET", "HEAD"]);

async function readBody(request: Request, spec: BodySpec | undefined): Promise<Uint8Array<ArrayBuffer>> {
  if (NO_BODY.has(request.method)) return new Uint8Array(0);
  if (spec && "bytes" in spec) return readLimitedBytes(request, spec.bytes, spec.tooLarge);
  return readLimitedBytes(request, MAX_JSON_BYTES);
}

async function parseBody(request: Request, spec: BodySpec | undefined, bytes: Uint8Array<ArrayBuffer>): Promise<unknown> {
  if (!spec || "bytes" in spec) return spec ? bytes : undefined;
  const type = request.headers.get("Content-Type") ?? "";
  if ("fields" in spec) {
    try {
      if (type.includes("application/json")) {
        const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
        return value && typeof value === "object" && !Array.isArray(value) ? value : {};
      }
      if (type.includes("form")) return Object.fromEntries(await new Response(bytes, { headers: { "Content-Type": type } }).formData());
    } catch {
      // Unreadable fields are no fields: the handler refuses them with its own message.
    }
    return {};
  }
  if (!type.includes("application/json")) throw new InvalidInputError("Expected a JSON body");
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new InvalidInputError("Malformed JSON body");
  }
  const parsed = spec.safeParse(value);
  if (!parsed.success) throw new InvalidInputError(parsed.error.issues[0]?.message ?? "Invalid request");
  return parsed.data;
}

function toResponse(result: ApiResult, status: number, cacheControl: string): Response {
  if (result instanceof Response) return result;
  const headers = { "Cache-Control": cacheControl };
  if (result instanceof Reply) return Response.json(result.body, { status: result.status, headers });
  return Response.json({ success: true, ...result }, { status, headers });
}

/** Answers `request` for `path` from the table (see the top of this file for what each failure answers). */
export async function handleApi(api: Api, request: Request, deps: Deps, path: string): Promise<Response> {
  let fallback = api.fallback;
  try {
    const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
    const matches = compile(api.endpoints).flatMap((c) => {
      const match = c.pattern.exec(normalized);
      return match ? [{ ...c, match }] : [];
    });
    if (matches.length === 0) throw new NotFoundError("Not found");
    const method = request.method === "HEAD" ? "GET" : request.method;
    const found = matches.find((m) => m.endpoint.method === method);
    if (!found) throw new MethodNotAllowedError([...new Set(matches.map((m) => m.endpoint.method))]);
    const { endpoint } = found;
    fallback = endpoint.fallback ?? api.fallback;
    // Read within its cap before anything else, so an oversized body is refused before any work is done for it.
    const bytes = await readBody(request, endpoint.body);
    let caller: Caller | null = null;
    if (endpoint.guard !== "public") {
      caller = await api.authenticate(request, deps);
      if (endpoint.guard === "admin" && !caller.user.isAdmin) throw new ForbiddenError(guardMessages.accessDenied);
    }
    const body = await parseBody(request, endpoint.body, bytes);
    const params = Object.fromEntries(found.names.map((name, i) => [name, found.match[i + 1] ?? ""]));
    const result = await endpoint.handler({ request, deps, params, query: new URL(request.url).searchParams, body, caller });
    return toResponse(result, endpoint.status ?? 200, api.cacheControl);
  } catch (error) {
    return jsonError(error, fallback, api.cacheControl);
  }
}

/** The store's API caller: a Bearer JWT naming a live session, else the session cookie. */
export async function storeCaller(request: Request, deps: Deps): Promise<Caller> {
  const caller = await findCaller(request, deps);
  if (caller === "invalid") throw new UnauthorizedError("Invalid or expired token");
  if (!caller) throw new UnauthorizedError("Authentication required");
  return caller;
}

/** A store API table: the caller from `storeCaller`, answers never cached. */
export function storeApi(endpoints: Endpoint[], fallback = "Something went wrong. Please try again."): Api {
  return { endpoints, authenticate: storeCaller, cacheControl: "no-store", fallback };
}

/**
 * A Remix route (loader and action alike) serving `api` under `base`: the splat Remix has already decoded is
 * matched, so a path is never decoded twice.
 */
export function apiRoute(api: Api, base: string) {
  return ({ request, context, params }: LoaderFunctionArgs) => handleApi(api, request, context.deps, params["*"] ? `${base}/${params["*"]}` : base);
}
