import { env } from "cloudflare:workers";
import { savePlan, type SlotEntry } from "~/catalog/admin.server";
import type { PrimaryDeps } from "~/deps";
import { DELIVERY_WINDOW_DAYS, upcomingDates, type DeliverySlot } from "~/delivery/slots";

/**
 * A delivery the checkout accepts at `now` (the last date of the window, evening: never past its cut-off), with
 * `quantity` of each product's catch and room for `capacity` orders, unless the test already planned that date.
 */
export async function plannedDelivery(
  productIds: number[],
  now: number,
  quantity = 100_000,
  capacity = 1_000_000,
): Promise<{ date: string; slot: DeliverySlot }> {
  const date = upcomingDates(now, DELIVERY_WINDOW_DAYS).at(-1)!;
  await env.DB.batch([
    ...productIds.map((id) =>
      env.DB.prepare("INSERT INTO catch_days (product_id, delivery_date, quantity) VALUES (?, ?, ?) ON CONFLICT DO NOTHING").bind(id, date, quantity),
    ),
    env.DB.prepare("INSERT INTO delivery_slots (delivery_date, slot, capacity) VALUES (?, 'evening', ?) ON CONFLICT DO NOTHING").bind(date, capacity),
  ]);
  return { date, slot: "evening" };
}

/** What is left of a product's catch on a date: the catch minus the lines of orders holding it. */
export async function catchLeftOn(productId: number, date: string): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT c.quantity - coalesce((SELECT sum(i.quantity) FROM orders o JOIN order_items i ON i.order_id = o.id
       WHERE o.delivery_date = c.delivery_date AND o.stock_held = 1 AND i.product_id = c.product_id), 0) AS left
     FROM catch_days c WHERE c.product_id = ? AND c.delivery_date = ?`,
  )
    .bind(productId, date)
    .first<{ left: number }>();
  return row?.left ?? 0;
}

/** Sets one product's catch for coming dates (null removes a date's catch), as the admin's plan form does. */
export async function saveCatch(deps: Pick<PrimaryDeps, "db" | "now">, productId: number, entries: { date: string; quantity: number | null }[]): Promise<void> {
  await savePlan(deps, { catches: entries.map((e) => ({ productId, ...e })), slots: [] });
}

/** Sets slot capacities for coming dates (0 closes a slot), as the admin's plan form does. */
export async function saveSlots(deps: Pick<PrimaryDeps, "db" | "now">, entries: SlotEntry[]): Promise<void> {
  await savePlan(deps, { catches: [], slots: entries });
}
