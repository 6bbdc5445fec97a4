import { isDevice, subscribe, unsubscribe } from "~/push/subscriptions.server";
import { subscribeSchema, unsubscribeSchema } from "~/push/subscription";
import { apiRoute, endpoint, storeApi } from "~/web/api.server";

/**
 * Outside production without VAPID keys, browsers subscribe with this public key, whose private half was never
 * kept: the opt-in works as it will in production, and the pushes go to the development outbox instead.
 */
const DEVELOPMENT_PUBLIC_KEY = "BKn6k9loVoX1UNqNw1DhWXAfQktQsL95cAS6QwK-KgbRjuaX1ZgG6doTLpFk3BQwyqlpWpi1GeupIhj7XCyVekU";

/**
 * /api/push: the store's VAPID public key (a browser subscribes with it) and the signed-in caller's own devices.
 * A subscription is always the caller's session's account; nothing in a body can name another.
 */
const PUSH_API = storeApi([
  // Null in production without keys: the pages then offer no opt-in.
  endpoint({
    method: "GET",
    path: "/api/push/key",
    guard: "public",
    handler: async ({ deps }) => ({
      publicKey: deps.config.vapid?.publicKey ?? (deps.config.environment === "production" ? null : DEVELOPMENT_PUBLIC_KEY),
    }),
  }),
  endpoint({
    method: "POST",
    path: "/api/push/subscriptions",
    guard: "user",
    body: subscribeSchema,
    status: 201,
    async handler({ deps, caller, body }) {
      await subscribe(deps, caller.user, body);
      return {};
    },
  }),
  // Whether this browser's subscription is the caller's at the store: one turned off on all devices, or left by
  // another account signed in here before, is not, and the browser ends it.
  endpoint({
    method: "POST",
    path: "/api/push/subscriptions/check",
    guard: "user",
    body: unsubscribeSchema,
    async handler({ deps, caller, body }) {
      return { mine: await isDevice(deps, caller.user, body.endpoint) };
    },
  }),
  endpoint({
    method: "DELETE",
    path: "/api/push/subscriptions",
    guard: "user",
    body: unsubscribeSchema,
    async handler({ deps, caller, body }) {
      await unsubscribe(deps, caller.user, body.endpoint);
      return {};
    },
  }),
]);

export const loader = apiRoute(PUSH_API, "/api/push");
export const action = loader;
