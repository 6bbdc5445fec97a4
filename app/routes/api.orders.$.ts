import {
  changeApiOrderStatus,
  createApiOrder,
  createOrderSchema,
  createPaymentSchema,
  getApiOrder,
  listAdminApiOrders,
  listApiOrders,
  startApiPayment,
  statusSchema,
  verifyApiPayment,
  verifyPaymentSchema,
} from "~/web/orders-api.server";
import { payMessages } from "~/i18n/pay.messages";
import { checkoutMessages } from "~/i18n/checkout.messages";
import { apiRoute, endpoint, reply, storeApi } from "~/web/api.server";
import { onPrimary } from "~/deps.server";

/** The orders JSON API: a customer's orders and their advance, and the admin's list and status changes. */
const ORDERS_API = storeApi([
  endpoint({
    method: "POST",
    path: "/api/orders",
    guard: "user",
    body: createOrderSchema,
    status: 201,
    handler: async ({ deps, caller, body }) => ({ order: await createApiOrder(onPrimary(deps), caller.user, body) }),
  }),
  endpoint({ method: "GET", path: "/api/orders", guard: "admin", handler: ({ deps, query }) => listAdminApiOrders(deps, query) }),
  endpoint({
    method: "GET",
    path: "/api/orders/my-orders",
    guard: "user",
    handler: async ({ deps, caller }) => ({ orders: await listApiOrders(deps, caller.user) }),
  }),
  endpoint({
    method: "POST",
    path: "/api/orders/create-razorpay-order",
    guard: "user",
    body: createPaymentSchema,
    handler: ({ deps, caller, body }) => startApiPayment(onPrimary(deps), caller.user, body),
  }),
  endpoint({
    method: "POST",
    path: "/api/orders/verify-payment",
    guard: "user",
    body: verifyPaymentSchema,
    async handler({ deps, caller, body }) {
      const { refunded, order } = await verifyApiPayment(onPrimary(deps), caller.user, body);
      if (refunded) return reply(409, { success: false, error: payMessages.unowedToast, refunded: true, order });
      return { message: checkoutMessages.checkout.success, order };
    },
  }),
  endpoint({
    method: "GET",
    path: "/api/orders/:id(\\d{1,9})",
    guard: "user",
    handler: async ({ deps, caller, params }) => ({ order: await getApiOrder(deps, caller.user, Number(params.id)) }),
  }),
  endpoint({
    method: "PUT",
    path: "/api/orders/:id(\\d{1,9})/status",
    guard: "admin",
    body: statusSchema,
    handler: ({ deps, caller, params, body }) => changeApiOrderStatus(onPrimary(deps), caller.user, Number(params.id), body),
  }),
]);

export const loader = apiRoute(ORDERS_API, "/api/orders");
export const action = loader;
