import { paiseToRupees } from "~/lib/money";
import type { OrderView } from "~/orders/lookup.server";

/** An order as the JSON API answers it: amounts in rupees, products as {product_id (string, null for an auction lot), name, price, quantity}. */
export function orderJson(o: OrderView) {
  const advance = o.payments.find((p) => p.kind === "advance" && p.status === "paid");
  return {
    id: o.id,
    user_id: o.userId,
    order_number: o.number,
    amount: paiseToRupees(o.estimatedTotalPaise),
    advance_amount: paiseToRupees(o.advancePaise),
    advance_paid: paiseToRupees(advance?.amountPaise ?? 0),
    final_amount: o.finalTotalPaise === null ? null : paiseToRupees(o.finalTotalPaise),
    // The most the shopper agreed to pay after weighing (null: any weight, or an auction lot sold at its price),
    // and their answer to a final price above it (null: none was needed).
    price_limit: o.ceilingPaise === null ? null : { amount: paiseToRupees(o.ceilingPaise), percent_over_estimate: o.ceilingPercent },
    price_answer: o.priceAnswer,
    price_answer_due_at: o.priceAnswer === "awaiting" && o.answerDueAt !== null ? new Date(o.answerDueAt).toISOString() : null,
    status: o.status,
    payment_state: o.paymentState,
    source: o.source,
    products: o.items.map((i) => ({
      product_id: i.productId === null ? null : String(i.productId),
      name: i.name,
      price: paiseToRupees(i.pricePaise),
      quantity: i.quantity,
    })),
    first_name: o.firstName,
    last_name: o.lastName,
    phone: o.phone,
    address: o.address,
    city: o.city,
    state: o.state,
    zip: o.zip,
    created_at: new Date(o.createdAt).toISOString(),
    reserved_until: o.reservedUntil === null ? null : new Date(o.reservedUntil).toISOString(),
    upi_reference: advance?.paymentId ?? "",
  };
}
