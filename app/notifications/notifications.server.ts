import { and, count, desc, eq, isNull } from "drizzle-orm";
import { notifications, type Notification } from "~/db/schema";
import type { Deps } from "~/deps";
import { NotFoundError } from "~/lib/errors";

/** The bell: a user's own notifications only; reading and marking never reach anyone else's. */
export async function unreadCount(deps: Pick<Deps, "db">, userId: number): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export function listNotifications(deps: Pick<Deps, "db">, userId: number, limit = 50): Promise<Notification[]> {
  return deps.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** Marks one of the user's notifications read; another user's (or an unknown id) is NotFound. */
export async function markRead(deps: Pick<Deps, "db" | "now">, userId: number, id: number, now = deps.now()): Promise<void> {
  const [row] = await deps.db
    .select({ readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  if (!row) throw new NotFoundError("Notification not found");
  if (row.readAt === null)
    await deps.db
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)));
}

export async function markAllRead(deps: Pick<Deps, "db" | "now">, userId: number, now = deps.now()): Promise<void> {
  await deps.db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/** A notification as the JSON API answers it: camelCase fields, `read` as a boolean, `createdAt` ISO 8601. */
export function notificationJson(n: Notification) {
  return {
    id: n.id,
    userId: n.userId,
    type: n.type,
    title: n.title,
    message: n.message,
    orderId: n.orderId,
    orderNumber: n.orderNumber,
    read: n.readAt !== null,
    createdAt: new Date(n.createdAt).toISOString(),
  };
}
