import { subscribe, unsubscribe } from "~/push/subscriptions.server";
import { subscribeSchema, unsubscribeSchema } from "~/push/subscription";
import { apiRoute, endpoint, storeApi } from "~/web/api.server";

/**
 * /api/push: the store's VAPID public key (a browser subscribes with it) and the signed-in caller's own devices.
 * A subscription is always the caller's session's account; nothing in a body can name another.
 */
const PUSH_API = storeApi([
  // Null where push is not set up: the pages then offer no opt-in.
  endpoint({ method: "GET", path: "/api/push/key", guard: "public", handler: async ({ deps }) => ({ publicKey: deps.config.vapid?.publicKey ?? null }) }),
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
