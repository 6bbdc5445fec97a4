import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { listAdminOrders } from "~/admin/order-list.server";
import { changeOrderStatus } from "~/orders/changes.server";
import { getCart } from "~/cart/cart.server";
import { orders, payments, type User } from "~/db/schema";
import type { Deps, PrimaryDeps } from "~/deps";
import { checkoutMessages } from "~/i18n/checkout.messages";
import { payMessages } from "~/i18n/pay.messages";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { startAdvancePayment, verifyAdvanceCallback } from "~/payments/advance.server";
import { settlePayment } from "~/payments/settle.server";
import { deliveryChoice, shippingSchema } from "~/orders/checkout-schema";
import { CEILING_CHOICES, DEFAULT_CEILING } from "~/orders/ceiling";
import { orderJson } from "./order-json.server";
import { getAnyOrder, getUserOrder, listUserOrders, type OrderView } from "~/orders/lookup.server";
import { OutOfStockError } from "~/orders/orders.server";
import { checkOut } from "~/orders/shop-checkout.server";
import { ORDER_STATUS } from "~/orders/status";

/**
 * The steps of the orders JSON API (served by the table in app/routes/api.orders.$.ts): plain inputs in,
 * plain JSON-ready values out, typed errors for refusals.
 */

const str = z.union([z.string(), z.number()]).transform(String);
export const createOrderSchema = z.object({
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
  delivery_date: z.string().max(10).optional(),
  delivery_slot: z.string().max(10).optional(),
  // The most the shopper agrees to pay above the estimate; the usual margin when left out.
  ceiling: z.enum(CEILING_CHOICES).optional(),
});

/** The JSON API answers in English (its paths have no Telugu twin): the English catalogue's rules and texts. */
const english = checkoutMessages;

/** A pending order from the API client's body: lines from the body, or else the user's cart. */
export async function createApiOrder(
  deps: Pick<PrimaryDeps, "db" | "primaryDb" | "now" | "config" | "lang" | "mailer" | "fetch" | "afterResponse">,
  user: User,
  body: z.infer<typeof createOrderSchema>,
) {
  if (user.isAdmin) throw new ConflictError("Admins have no cart");
  // API clients send the phone with +91; the form's rules want the 10 digits.
  const phone = (body.phone ?? "").replace(/^\s*\+?91[\s-]*/, "").replace(/[\s-]/g, "");
  const shipping = shippingSchema(english).safeParse({
    firstName: body.first_name,
    lastName: body.last_name,
    phone,
    address: body.address,
    city: body.city,
    state: body.state,
    zip: body.zip,
  });
  if (!shipping.success) throw new InvalidInputError(shipping.error.issues[0]?.message ?? "Invalid address");
  const delivery = deliveryChoice(english).safeParse(`${body.delivery_date ?? ""}.${body.delivery_slot ?? ""}`);
  if (!delivery.success) throw new InvalidInputError(checkoutMessages.delivery.chooseSlot);
  // Prices and amounts always come from the catalogue; the client's names, prices and totals are ignored.
  const lines = body.products?.length
    ? body.products.map((p) => ({ productId: Number(p.product_id), quantity: p.quantity }))
    : (await getCart(deps, user.id)).map((l) => ({ productId: l.productId, quantity: l.quantity }));
  try {
    const order = await checkOut(deps, {
      user,
      lines,
      value: { ...shipping.data, delivery: delivery.data, ceiling: body.ceiling ?? DEFAULT_CEILING },
      now: deps.now(),
    });
    return orderJson(await getUserOrder(deps, user.id, { id: order.id }, deps.now()));
  } catch (error) {
    if (error instanceof OutOfStockError) throw new ConflictError(checkoutMessages.checkout.outOfStock.replace("{name}", error.productName));
    throw error;
  }
}

export const createPaymentSchema = z.object({
  currency: z.string().default("INR"),
  order_number: z.string().max(40).optional(),
  order_id: z
    .union([
      z.number().int().positive(),
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ])
    .optional(),
});

/** A gateway order for the advance of the named order, or of the user's newest unpaid one. */
export async function startApiPayment(deps: Pick<PrimaryDeps, "db" | "primaryDb" | "gateway" | "now">, user: User, body: z.infer<typeof createPaymentSchema>) {
  if (body.currency !== "INR") throw new InvalidInputError("Only INR is accepted");
  let order: OrderView;
  if (body.order_number !== undefined || body.order_id !== undefined) {
    order = await getUserOrder(deps, user.id, body.order_number !== undefined ? { number: body.order_number } : { id: body.order_id }, deps.now());
  } else {
    // A client that names no order pays for its newest unpaid one.
    const [latest] = await deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.status, ORDER_STATUS.payment_pending)))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1);
    if (!latest) throw new ConflictError("Create the order first (POST /api/orders)");
    order = await getUserOrder(deps, user.id, { id: latest.id }, deps.now());
  }
  if (order.status !== ORDER_STATUS.payment_pending) throw new ConflictError(payMessages.notPending);
  const started = await startAdvancePayment(deps, order);
  return { key_id: started.keyId, order: { id: started.gatewayOrderId, amount: started.amountPaise, currency: started.currency }, order_number: order.number };
}

export const verifyPaymentSchema = z.object({
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});

/**
 * Checkout's proof of payment, checked against the gateway order WE stored for one of the user's orders, then
 * settled by the ledger. `refunded`: the payment was not owed (the order had moved on) and is refunded.
 */
export async function verifyApiPayment(deps: PrimaryDeps, user: User, body: z.infer<typeof verifyPaymentSchema>) {
  const failed = new InvalidInputError(checkoutMessages.checkout.verifyFailed);
  const [row] = await deps.db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.providerRef, body.razorpay_order_id), eq(payments.kind, "advance")))
    .limit(1);
  if (!row) throw failed;
  let order: OrderView;
  try {
    order = await getUserOrder(deps, user.id, { id: row.orderId }, deps.now());
  } catch {
    throw failed;
  }
  const verified = await verifyAdvanceCallback(deps, order, {
    razorpayOrderId: body.razorpay_order_id,
    razorpayPaymentId: body.razorpay_payment_id,
    razorpaySignature: body.razorpay_signature,
  });
  if (!verified) throw failed;
  const outcome = await settlePayment(deps, { attemptRef: body.razorpay_order_id, paymentId: body.razorpay_payment_id });
  const current = orderJson(await getUserOrder(deps, user.id, { id: order.id }, deps.now()));
  if (outcome.kind === "paid" || outcome.kind === "already") return { refunded: false, order: current };
  if (outcome.kind === "refunded" || outcome.kind === "refund_pending") return { refunded: true, order: current };
  throw failed;
}

/** One order: the user's own, or for an admin any order. */
export async function getApiOrder(deps: Pick<Deps, "db" | "primaryDb" | "now">, user: User, id: number) {
  const view = user.isAdmin ? await getAnyOrder(deps, { id }, deps.now()) : await getUserOrder(deps, user.id, { id }, deps.now());
  return orderJson(view);
}

export async function listApiOrders(deps: Pick<Deps, "db" | "primaryDb" | "now">, user: User) {
  return (await listUserOrders(deps, user.id, deps.now())).map(orderJson);
}

/** The admin's list: one page of orders, filtered and searched as the dashboard does. */
export async function listAdminApiOrders(deps: Pick<Deps, "db" | "primaryDb" | "now">, query: URLSearchParams) {
  const page = Math.min(10_000, Math.max(1, Number(query.get("page")) || 1));
  const list = await listAdminOrders(deps, { status: query.get("status"), q: query.get("q"), page });
  const views = await Promise.all(list.orders.map((o) => getAnyOrder(deps, { id: o.id }, deps.now())));
  return { orders: views.map(orderJson), page, pages: list.pages, total: list.total };
}

/** A status move; a cancel needs its reason (the customer is shown it), as on the admin's page. */
export const statusSchema = z.object({
  status: z.string().min(1).max(40),
  version: z.number().int().positive().optional(),
  reason: z.string().max(2000).optional(),
});

/** The admin moves an order by id; without a version it acts on the order as it is now, with one a stale version is refused (409). */
export async function changeApiOrderStatus(deps: PrimaryDeps, admin: User, id: number, input: z.infer<typeof statusSchema>) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!order) throw new NotFoundError("Order not found");
  const result = await changeOrderStatus(deps, admin, {
    number: order.number,
    version: input.version ?? order.version,
    to: input.status,
    reason: input.reason,
  });
  return { order: orderJson(await getAnyOrder(deps, { id: order.id }, deps.now())), emailSent: result.emailed };
}
