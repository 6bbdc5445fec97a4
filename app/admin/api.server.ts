import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { requireApiAdmin, requireApiUser } from "~/auth/guards.server";
import { orders, users } from "~/db/schema";
import { InvalidInputError, NotFoundError, toJsonError } from "~/lib/errors";
import { listNotifications, markRead, notificationJson } from "~/notifications/notifications.server";
import { notify } from "~/notifications/notify.server";
import type { OrdersApiRoute } from "~/orders/api.server";
import { orderJson, readJson } from "~/orders/json.server";
import { getUserOrder } from "~/orders/orders.server";
import { changeOrderStatus, listAdminOrders, type AdminDeps } from "./orders.server";

const ok = (body: Record<string, unknown>, status = 200) => Response.json({ success: true, ...body }, { status, headers: { "Cache-Control": "no-store" } });

export function adminDeps(request: Request, context: AppLoadContext): AdminDeps {
  return { db: context.db, config: context.config, env: context.cloudflare.env, origin: new URL(request.url).origin };
}

const statusSchema = z.object({ status: z.string().min(1).max(40), version: z.number().int().positive().optional() });

/** The admin's /api/orders endpoints (every order, a status change), added to the orders dispatch table. */
export const adminOrderRoutes: OrdersApiRoute[] = [
  {
    method: "GET",
    pattern: /^$/,
    async handler(request, context) {
      await requireApiAdmin(request, context);
      const url = new URL(request.url);
      const page = Math.min(10_000, Math.max(1, Number(url.searchParams.get("page")) || 1));
      const list = await listAdminOrders(context.db, { status: url.searchParams.get("status"), q: url.searchParams.get("q"), page });
      const views = await Promise.all(list.orders.map((o) => getUserOrder(context.db, o.userId, { id: o.id }, Date.now())));
      return ok({ orders: views.map(orderJson), page, pages: list.pages, total: list.total });
    },
  },
  {
    method: "PUT",
    pattern: /^(\d{1,9})\/status$/,
    async handler(request, context, match) {
      const admin = await requireApiAdmin(request, context);
      const input = await readJson(request, statusSchema);
      const [order] = await context.db.select().from(orders).where(eq(orders.id, Number(match[1]))).limit(1);
      if (!order) throw new NotFoundError("Order not found");
      // Without a version the API acts on the order as it is now; with one, a stale version is refused (409).
      const result = await changeOrderStatus(adminDeps(request, context), admin, { number: order.number, version: input.version ?? order.version, to: input.status });
      const view = await getUserOrder(context.db, order.userId, { id: order.id }, Date.now());
      return ok({ order: orderJson(view), emailSent: result.emailed });
    },
  },
];

const noteSchema = z.object({
  userId: z.number().int().positive(),
  type: z.string().trim().min(1).max(40).default("note"),
  title: z.string().trim().min(1).max(120),
  message: z.string().trim().min(1).max(1000),
  orderId: z.number().int().positive().optional(),
  orderNumber: z.string().max(20).optional(),
});

/** /api/notifications: a user's own list, marking one read, and (admins only) a note to a customer. */
export async function handleNotificationsApi(request: Request, context: AppLoadContext, splat: string): Promise<Response> {
  try {
    const path = splat.replace(/\/+$/, "");
    if (request.method === "GET" && path === "") {
      const { user } = await requireApiUser(request, context);
      return ok({ notifications: (await listNotifications(context.db, user.id)).map(notificationJson) });
    }
    const read = /^(\d{1,9})\/read$/.exec(path);
    if (request.method === "PUT" && read) {
      const { user } = await requireApiUser(request, context);
      await markRead(context.db, user.id, Number(read[1]));
      return ok({});
    }
    if (request.method === "POST" && path === "") {
      await requireApiAdmin(request, context);
      const input = await readJson(request, noteSchema);
      const [customer] = await context.db.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).limit(1);
      if (!customer) throw new InvalidInputError("Unknown user");
      let orderNumber: string | null = null;
      if (input.orderId !== undefined) {
        const [order] = await context.db.select({ number: orders.number, userId: orders.userId }).from(orders).where(eq(orders.id, input.orderId)).limit(1);
        if (!order || order.userId !== input.userId) throw new InvalidInputError("Unknown order for this user");
        orderNumber = order.number;
      }
      const { emailed } = await notify(adminDeps(request, context), { ...input, orderNumber });
      return ok({ emailSent: emailed, emailMessageId: null }, 201);
    }
    throw new NotFoundError("Not found");
  } catch (error) {
    return toJsonError(error, "Something went wrong. Please try again.");
  }
}
