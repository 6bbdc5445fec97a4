/**
 * The order status machine: forward only along FULFILMENT, or to order_cancelled from any paid, non-final
 * status. Pure, so it is unit-tested on its own; routes, the JSON API and the admin UI call it.
 *
 * Before the advance is verified an order is `payment_pending`; if its reservation runs out unpaid it becomes
 * `payment_expired`. Neither is an admin choice: only the payment flow moves an order out of them.
 */
export const FULFILMENT = ["order_raised", "order_confirmed", "order_packed", "order_shipped", "order_delivered"] as const;
export const CANCELLED = "order_cancelled";
export const ADMIN_STATUSES = [...FULFILMENT, CANCELLED] as const;
export const PAYMENT_STATUSES = ["payment_pending", "payment_expired"] as const;
/**
 * A season pre-booking whose advance is paid, waiting in its product's queue for catch: no date, slot or stock yet.
 * Filled, it becomes `order_raised` for a date and slot like any paid order; otherwise it can only be cancelled.
 */
export const PREBOOKED = "prebooked";
/** A customer may cancel their own order until it is shipped (cancellation only before dispatch). */
export const CUSTOMER_CANCELLABLE: readonly string[] = ["order_raised", "order_confirmed", "order_packed"];

/** Whether a customer may cancel their own order now: before it is shipped, or a pre-booking still in the queue. */
export function customerMayCancel(status: string): boolean {
  return status === PREBOOKED || CUSTOMER_CANCELLABLE.includes(status);
}
/** The first step of an order's life at which its customer can no longer cancel it (the policies name it). */
export const CANCELLABLE_UNTIL: FulfilmentStatus = FULFILMENT.find((status) => !CUSTOMER_CANCELLABLE.includes(status)) ?? "order_shipped";
/** Every value `orders.status` holds (the drizzle schema's enum). */
export const ORDER_STATUSES = [...PAYMENT_STATUSES, PREBOOKED, ...ADMIN_STATUSES] as const;

export type FulfilmentStatus = (typeof FULFILMENT)[number];
export type AdminStatus = (typeof ADMIN_STATUSES)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The money state beside the status (`orders.payment_state`): what the customer has paid or owes. */
export const PAYMENT_STATES = ["advance_due", "advance_paid", "balance_requested", "balance_paid", "balance_on_delivery", "refunded"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * The shopper's answer to a final price above their ceiling (`orders.price_answer`; null: no answer needed):
 * awaited, accepted, declined, or not given in time (which counts as a decline).
 */
export const PRICE_ANSWERS = ["awaiting", "accepted", "declined", "timed_out"] as const;
export type PriceAnswer = (typeof PRICE_ANSWERS)[number];

/**
 * A state list's values by their own names (`ORDER_STATUS.order_cancelled`): code names a state through its one
 * source, so a misspelt or removed state fails the type check instead of matching nothing at run time.
 */
export function byName<const T extends readonly string[]>(values: T): { readonly [K in T[number]]: K } {
  return Object.freeze(Object.fromEntries(values.map((value) => [value, value]))) as { readonly [K in T[number]]: K };
}

/** Every order status and payment state by name: `ORDER_STATUS.order_cancelled`, `PAYMENT_STATE.balance_paid`. */
export const ORDER_STATUS = byName(ORDER_STATUSES);
export const PAYMENT_STATE = byName(PAYMENT_STATES);
export const PRICE_ANSWER = byName(PRICE_ANSWERS);

export function isAdminStatus(value: string): value is AdminStatus {
  return (ADMIN_STATUSES as readonly string[]).includes(value);
}

function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** An order whose advance is not paid (pending or expired): the gateway's business, not the admin's. */
export function awaitsPayment(status: OrderStatus): boolean {
  return (PAYMENT_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Values written by the first version of the store, read as today's. */
const LEGACY: Record<string, AdminStatus> = {
  pending: "order_raised",
  confirmed: "order_confirmed",
  delivered: "order_delivered",
  rejected: "order_cancelled",
  completed: "order_delivered",
};

/** Today's status for any stored value (legacy values mapped); null for an unknown value. */
export function normalizeStatus(value: string): OrderStatus | null {
  if (isOrderStatus(value)) return value;
  return Object.hasOwn(LEGACY, value) ? LEGACY[value] : null;
}

/**
 * What an admin may choose for an order now: its current status and every later one, plus order_cancelled
 * from any non-final status. Empty for an order that is not paid yet (the gateway decides) or has expired; a
 * delivered or cancelled order offers only its own status.
 */
export function nextStatuses(current: string): AdminStatus[] {
  const status = normalizeStatus(current);
  if (status === null || status === "payment_pending" || status === "payment_expired") return [];
  if (status === CANCELLED) return [CANCELLED];
  // A pre-booking moves on to a date only when catch fills it; an admin can only cancel it (refunded in full).
  if (status === PREBOOKED) return [CANCELLED];
  const at = FULFILMENT.indexOf(status as FulfilmentStatus);
  if (status === "order_delivered") return ["order_delivered"];
  return [...FULFILMENT.slice(at), CANCELLED];
}

export type TransitionCheck = { ok: true; from: OrderStatus; to: AdminStatus } | { ok: false; reason: "unknown" | "not_allowed" | "unchanged" };

/** Whether an admin may move an order from `current` to `requested` (a no-op move is reported as unchanged). */
export function checkTransition(current: string, requested: string): TransitionCheck {
  const from = normalizeStatus(current);
  const to = normalizeStatus(requested);
  if (from === null || to === null || !isAdminStatus(to)) return { ok: false, reason: "unknown" };
  if (!nextStatuses(from).includes(to)) return { ok: false, reason: "not_allowed" };
  if (from === to) return { ok: false, reason: "unchanged" };
  return { ok: true, from, to };
}

/** Statuses counted on the admin dashboard's "pending" card: paid and not yet delivered or cancelled. */
export const PENDING_STATUSES: readonly AdminStatus[] = ["order_raised", "order_confirmed", "order_packed", "order_shipped"];
