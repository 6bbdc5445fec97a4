import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { adminOrderRoutes } from "~/admin/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { getCart } from "~/cart/cart.server";
import { orders, payments, type User } from "~/db/schema";
import { ConflictError, InvalidInputError, NotFoundError, toJsonError } from "~/lib/errors";
import { startAdvancePayment, verifyAdvanceCallback } from "~/payments/advance.server";
import { settlePayment } from "~/payments/ledger.server";
import { checkoutMessages } from "~/i18n/checkout.messages";
import { shippingSchema } from "./checkout-schema";
import { paymentDeps } from "./checkout.server";
import { orderJson, PayloadTooLargeError, readJson } from "./json.server";
import { createShopOrder, getUserOrder, listUserOrders, OutOfStockError, type OrderView } from "./orders.server";
import { payMessages } from "~/i18n/pay.messages";

/**
 * The orders JSON API as one dispatch table: each entry is a method, a pattern for the
 * path after /api/orders/ and a handler. Other modules add their endpoints by exporting entries of the same
 * type and listing them in ORDERS_API below (the admin's GET /api/orders and PUT /api/orders/{id}/status).
 */
export type OrdersApiRoute = {
  method: "GET" | "POST" | "PUT";
  pattern: RegExp;
  handler: (request: Request, context: AppLoadContext, match: RegExpMatchArray) => Promise<Response>;
};

const ok = (body: Record<string, unknown>, status = 200) => Response.json({ success: true, ...body }, { status, headers: { "Cache-Control": "no-store" } });

const str = z.union([z.string(), z.number()]).transform(String);
const createSchema = z.object({
  products: z
    .array(z.object({ product_id: str.pipe(z.string().regex(/^\d{1,9}$/, "Unknown product")), quantity: z.number() }))
    .max(20)
    .optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  phone: z.string().optional(),
  address: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zip: str.optional(),
});

async function createOrder(request: Request, context: AppLoadContext, user: User) {
  if (user.isAdmin) throw new ConflictError("Admins have no cart");
  const body = await readJson(request, createSchema);
  // API clients send the phone with +91; the form's rules want the 10 digits.
  const phone = (body.phone ?? "").replace(/^\s*\+?91[\s-]*/, "").replace(/[\s-]/g, "");
  const shipping = shippingSchema.safeParse({ firstName: body.first_name, lastName: body.last_name, phone, address: body.address, city: body.city, state: body.state, zip: body.zip });
  if (!shipping.success) throw new InvalidInputError(shipping.error.issues[0]?.message ?? "Invalid address");
  // Prices and amounts always come from the catalogue; the client's names, prices and totals are ignored.
  const lines = body.products?.length
    ? body.products.map((p) => ({ productId: Number(p.product_id), quantity: p.quantity }))
    : (await getCart(context.db, user.id)).map((l) => ({ productId: l.productId, quantity: l.quantity }));
  try {
    const order = await createShopOrder(context.db, { user, lines, shipping: shipping.data, now: Date.now() });
    return ok({ order: orderJson(await getUserOrder(context.db, user.id, { id: order.id }, Date.now())) }, 201);
  } catch (error) {
    if (error instanceof OutOfStockError) throw new ConflictError(checkoutMessages.checkout.outOfStock.replace("{name}", error.productName));
    throw error;
  }
}

const createPaymentSchema = z.object({
  currency: z.string().default("INR"),
  order_number: z.string().max(40).optional(),
  order_id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,9}$/).transform(Number)]).optional(),
});

async function createRazorpayOrder(request: Request, context: AppLoadContext, user: User) {
  const body = await readJson(request, createPaymentSchema);
  if (body.currency !== "INR") throw new InvalidInputError("Only INR is accepted");
  let order: OrderView;
  if (body.order_number !== undefined || body.order_id !== undefined) {
    order = await getUserOrder(context.db, user.id, body.order_number !== undefined ? { number: body.order_number } : { id: body.order_id }, Date.now());
  } else {
    // A client that names no order pays for its newest unpaid one.
    const [latest] = await context.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.status, "payment_pending")))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1);
    if (!latest) throw new ConflictError("Create the order first (POST /api/orders)");
    order = await getUserOrder(context.db, user.id, { id: latest.id }, Date.now());
  }
  if (order.status !== "payment_pending") throw new ConflictError(payMessages.notPending);
  const started = await startAdvancePayment(paymentDeps(context), order, new URL(request.url).origin);
  return ok({ key_id: started.keyId, order: { id: started.gatewayOrderId, amount: started.amountPaise, currency: started.currency }, order_number: order.number });
}

const verifySchema = z.object({
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});

async function verifyPayment(request: Request, context: AppLoadContext, user: User) {
  const body = await readJson(request, verifySchema);
  const failed = new InvalidInputError(checkoutMessages.checkout.verifyFailed);
  const [row] = await context.db.select({ orderId: payments.orderId }).from(payments).where(and(eq(payments.providerRef, body.razorpay_order_id), eq(payments.kind, "advance"))).limit(1);
  if (!row) throw failed;
  let order: OrderView;
  try {
    order = await getUserOrder(context.db, user.id, { id: row.orderId }, Date.now());
  } catch {
    throw failed;
  }
  const deps = paymentDeps(context);
  const verified = await verifyAdvanceCallback(deps, order, { razorpayOrderId: body.razorpay_order_id, razorpayPaymentId: body.razorpay_payment_id, razorpaySignature: body.razorpay_signature });
  if (!verified) throw failed;
  const outcome = await settlePayment(deps, { attemptRef: body.razorpay_order_id, paymentId: body.razorpay_payment_id });
  const current = await getUserOrder(context.db, user.id, { id: order.id }, Date.now());
  if (outcome.kind === "paid" || outcome.kind === "already") return ok({ message: checkoutMessages.checkout.success, order: orderJson(current) });
  if (outcome.kind === "refunded" || outcome.kind === "refund_pending") {
    return Response.json({ success: false, error: payMessages.unowedToast, refunded: true, order: orderJson(current) }, { status: 409, headers: { "Cache-Control": "no-store" } });
  }
  throw failed;
}

const withUser =
  (fn: (request: Request, context: AppLoadContext, user: User, match: RegExpMatchArray) => Promise<Response>): OrdersApiRoute["handler"] =>
  async (request, context, match) =>
    fn(request, context, (await requireApiUser(request, context)).user, match);

export const customerOrderRoutes: OrdersApiRoute[] = [
  { method: "POST", pattern: /^$/, handler: withUser(createOrder) },
  { method: "GET", pattern: /^my-orders$/, handler: withUser(async (_r, context, user) => ok({ orders: (await listUserOrders(context.db, user.id, Date.now())).map(orderJson) })) },
  { method: "POST", pattern: /^create-razorpay-order$/, handler: withUser(createRazorpayOrder) },
  { method: "POST", pattern: /^verify-payment$/, handler: withUser(verifyPayment) },
  {
    method: "GET",
    pattern: /^(\d{1,9})$/,
    handler: withUser(async (_r, context, user, match) => ok({ order: orderJson(await getUserOrder(context.db, user.id, { id: Number(match[1]) }, Date.now())) })),
  },
];

/** Every /api/orders endpoint, first match wins. Admin endpoints are added here from their own module. */
export const ORDERS_API: OrdersApiRoute[] = [...customerOrderRoutes, ...adminOrderRoutes];

export async function handleOrdersApi(request: Request, context: AppLoadContext, splat: string): Promise<Response> {
  try {
    const path = splat.replace(/\/+$/, "");
    for (const route of ORDERS_API) {
      if (route.method !== request.method) continue;
      const match = path.match(route.pattern);
      if (match) return await route.handler(request, context, match);
    }
    throw new NotFoundError("Not found");
  } catch (error) {
    if (error instanceof PayloadTooLargeError) return Response.json({ success: false, error: error.message }, { status: 413, headers: { "Cache-Control": "no-store" } });
    return toJsonError(error, "Something went wrong. Please try again.");
  }
}
