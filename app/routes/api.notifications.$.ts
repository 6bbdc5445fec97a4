import { listNotifications, markRead, notificationJson } from "~/notifications/notifications.server";
import { noteSchema, sendNote } from "~/notifications/notify.server";
import { apiRoute, endpoint, storeApi } from "~/web/api.server";

/** /api/notifications: a user's own list, marking one read, and (admins only) a note to a customer. */
const NOTIFICATIONS_API = storeApi([
  endpoint({
    method: "GET",
    path: "/api/notifications",
    guard: "user",
    handler: async ({ deps, caller }) => ({ notifications: (await listNotifications(deps, caller.user.id)).map(notificationJson) }),
  }),
  endpoint({
    method: "PUT",
    path: "/api/notifications/:id(\\d{1,9})/read",
    guard: "user",
    async handler({ deps, caller, params }) {
      await markRead(deps, caller.user.id, Number(params.id));
      return {};
    },
  }),
  endpoint({
    method: "POST",
    path: "/api/notifications",
    guard: "admin",
    body: noteSchema,
    status: 201,
    async handler({ deps, body }) {
      const { emailed } = await sendNote(deps, body);
      return { emailSent: emailed, emailMessageId: null };
    },
  }),
]);

export const loader = apiRoute(NOTIFICATIONS_API, "/api/notifications");
export const action = loader;
