import type { z } from "zod";
import { InvalidInputError } from "~/lib/errors";
import { paiseToRupees } from "~/lib/money";
import type { OrderView } from "./orders.server";

/** A JSON body parsed with `schema`: unknown fields are dropped, never stored. At most 16 kB. */
export async function readJson<T extends z.ZodTypeAny>(request: Request, schema: T): Promise<z.infer<T>> {
  if (!(request.headers.get("Content-Type") ?? "").includes("application/json")) throw new InvalidInputError("Expected a JSON body");
  const text = await request.text();
  if (text.length > 16_384) throw new PayloadTooLargeError();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new InvalidInputError("Malformed JSON body");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new InvalidInputError(parsed.error.issues[0]?.message ?? "Invalid request");
  return parsed.data;
}

export class PayloadTooLargeError extends InvalidInputError {
  constructor() {
    super("Request body too large");
  }
}

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
    status: o.status,
    payment_state: o.paymentState,
    source: o.source,
    products: o.items.map((i) => ({ product_id: i.productId === null ? null : String(i.productId), name: i.name, price: paiseToRupees(i.pricePaise), quantity: i.quantity })),
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

