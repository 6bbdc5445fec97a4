import { asc } from "drizzle-orm";
import { products } from "~/db/schema";
import type { Deps, PrimaryDeps } from "~/deps";
import { isUniqueClash } from "~/db/guards.server";
import { DELIVERY_SLOTS, formatDeliveryDate, isCalendarDate, PLANNING_DAYS, upcomingDates, type DeliverySlot } from "~/delivery/slots";
import { format } from "~/i18n/format";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { catchLeft, slotLoads } from "./availability.server";
import { CATCH_CEILING, productMessages, SLOT_CEILING, type ProductForm } from "./rules";
import { quantityText, type ProductUnit } from "./units";
import { bumpCatalogueStatement } from "./site-version.server";

/**
 * The admin's catalogue: products (create, edit, hide), each coming date's catch and each slot's capacity.
 * Every change that public pages show goes out in one batch with the catalogue's version, so cached pages
 * follow at once.
 */

/** A slug already used by another product; the form shows it next to the field. */
export class SlugTakenError extends ConflictError {
  constructor() {
    super(productMessages.slugTaken);
  }
}

/** Every product, hidden ones too, with each coming date's catch and what is left of it. */
export async function listAdminProducts(deps: Pick<Deps, "db" | "now">) {
  const dates = upcomingDates(deps.now(), PLANNING_DAYS);
  const [rows, left] = await Promise.all([deps.db.select().from(products).orderBy(asc(products.sortOrder), asc(products.id)), catchLeft(deps, dates)]);
  return {
    dates,
    products: rows.map((p) => ({ ...p, days: dates.map((date) => ({ date, ...(left.get(p.id)?.get(date) ?? { caught: null, left: null }) })) })),
  };
}

export async function getAdminProduct(deps: Pick<Deps, "db" | "now">, id: number) {
  const { dates, products: all } = await listAdminProducts(deps);
  const product = all.find((p) => p.id === id);
  if (!product) throw new NotFoundError("Product not found");
  return { dates, product };
}

function isSlugClash(error: unknown) {
  return isUniqueClash(error, "products.slug");
}

/** The form's values in the column order both statements below use; a Telugu text left empty is stored as none. */
function productValues(form: ProductForm) {
  return [
    form.slug,
    form.name,
    form.description,
    form.price,
    form.image,
    form.category,
    form.unit,
    form.minQty,
    form.maxQty,
    form.sortOrder,
    form.nameTe ?? null,
    form.descriptionTe ?? null,
    form.categoryTe ?? null,
  ];
}

/** Creates a product (visible at once); returns its id. */
export async function createProduct(deps: Pick<Deps, "db">, form: ProductForm): Promise<number> {
  const d1 = deps.db.$client;
  try {
    const [inserted] = await d1.batch<{ id: number }>([
      d1
        .prepare(
          `INSERT INTO products (slug, name, description, price_paise, image, category, unit, min_qty, max_qty, sort_order, name_te, description_te, category_te)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        )
        .bind(...productValues(form)),
      bumpCatalogueStatement(deps),
    ]);
    return inserted.results[0].id;
  } catch (error) {
    if (isSlugClash(error)) throw new SlugTakenError();
    throw error;
  }
}

/** Saves a product's fields, its Telugu texts too; orders already placed keep the name and price they were made with. */
export async function updateProduct(deps: Pick<Deps, "db">, id: number, form: ProductForm): Promise<void> {
  const d1 = deps.db.$client;
  try {
    const [updated] = await d1.batch([
      d1
        .prepare(
          `UPDATE products SET slug = ?, name = ?, description = ?, price_paise = ?, image = ?, category = ?, unit = ?, min_qty = ?, max_qty = ?, sort_order = ?,
             name_te = ?, description_te = ?, category_te = ?
           WHERE id = ?`,
        )
        .bind(...productValues(form), id),
      bumpCatalogueStatement(deps),
    ]);
    if (updated.meta.changes !== 1) throw new NotFoundError("Product not found");
  } catch (error) {
    if (isSlugClash(error)) throw new SlugTakenError();
    throw error;
  }
}

/** Hides a product from every public page and from new orders, or shows it again. */
export async function setProductHidden(deps: Pick<Deps, "db">, id: number, hidden: boolean): Promise<void> {
  const d1 = deps.db.$client;
  const [updated] = await d1.batch([d1.prepare("UPDATE products SET hidden = ? WHERE id = ?").bind(hidden ? 1 : 0, id), bumpCatalogueStatement(deps)]);
  if (updated.meta.changes !== 1) throw new NotFoundError("Product not found");
}

/** SQLite raises this for `json_extract` of a non-JSON text: the batch's way to roll itself back. */
const ROLLBACK = "malformed JSON";

const HELD_SQL = `((SELECT coalesce(sum(i.quantity), 0) FROM orders o JOIN order_items i ON i.order_id = o.id
  WHERE o.delivery_date = ?2 AND o.stock_held = 1 AND i.product_id = ?1)
  + (SELECT coalesce(sum(w.quantity), 0) FROM waitlist_entries w WHERE w.hold_date = ?2 AND w.stock_held = 1 AND w.product_id = ?1))`;

/** One product's catch for one coming date, in its unit; null: no catch that day. */
export type CatchEntry = { productId: number; date: string; quantity: number | null };
/** One slot's capacity (orders) for one coming date; 0 closes it. */
export type SlotEntry = { date: string; slot: DeliverySlot; capacity: number };

/** Catch figures below what orders already hold, each naming its product and date; nothing was saved. */
export class CatchBelowHeldError extends ConflictError {
  constructor(readonly below: { productId: number; date: string; message: string }[]) {
    super(below[0].message);
  }
}

/**
 * Saves the catch and the slot capacities of coming dates, all or nothing, in one batch with the catalogue's
 * version. A date's catch never goes below what orders already hold for it: checked first, for a message per
 * figure (product and date), and again by each statement inside the batch, which rolls back whole, so an order
 * placed meanwhile cannot be oversold. Orders already booked keep their slot whatever its capacity.
 */
export async function savePlan(deps: Pick<PrimaryDeps, "db" | "now">, plan: { catches: CatchEntry[]; slots: SlotEntry[] }): Promise<void> {
  const allowed = upcomingDates(deps.now(), PLANNING_DAYS);
  for (const e of plan.catches) {
    if (!isCalendarDate(e.date) || !allowed.includes(e.date)) throw new InvalidInputError(productMessages.catchDate);
    if (e.quantity !== null && (!Number.isSafeInteger(e.quantity) || e.quantity < 0 || e.quantity > CATCH_CEILING)) {
      throw new InvalidInputError(productMessages.catchQty);
    }
  }
  for (const e of plan.slots) {
    if (!allowed.includes(e.date) || !(DELIVERY_SLOTS as readonly string[]).includes(e.slot)) throw new InvalidInputError(productMessages.catchDate);
    if (!Number.isSafeInteger(e.capacity) || e.capacity < 0 || e.capacity > SLOT_CEILING) throw new InvalidInputError(productMessages.capacity);
  }
  if (plan.catches.length === 0 && plan.slots.length === 0) return;
  const d1 = deps.db.$client;
  const ids = [...new Set(plan.catches.map((e) => e.productId))];
  // The products and what orders hold of each on each date, in one round trip.
  const [named, heldRows] = await d1.batch([
    d1.prepare("SELECT id, name, unit FROM products WHERE id IN (SELECT value FROM json_each(?))").bind(JSON.stringify(ids)),
    d1
      .prepare(
        `SELECT productId, date, sum(n) AS n FROM (
           SELECT i.product_id AS productId, o.delivery_date AS date, i.quantity AS n FROM orders o JOIN order_items i ON i.order_id = o.id
           WHERE o.stock_held = 1 AND o.delivery_date IN (SELECT value FROM json_each(?1))
           UNION ALL
           SELECT w.product_id, w.hold_date, w.quantity FROM waitlist_entries w WHERE w.stock_held = 1 AND w.hold_date IN (SELECT value FROM json_each(?1))
         ) GROUP BY productId, date`,
      )
      .bind(JSON.stringify(allowed)),
  ]);
  const products = new Map((named.results as { id: number; name: string; unit: ProductUnit }[]).map((p) => [p.id, p]));
  if (ids.some((id) => !products.has(id))) throw new NotFoundError("Product not found");
  const held = (productId: number, date: string) =>
    (heldRows.results as { productId: number; date: string; n: number }[]).find((r) => r.productId === productId && r.date === date)?.n ?? 0;
  const below = plan.catches.flatMap((e) => {
    const n = held(e.productId, e.date);
    if ((e.quantity ?? 0) >= n) return [];
    const p = products.get(e.productId)!;
    const message = format(productMessages.catchBelowHeld, { name: p.name, date: formatDeliveryDate(e.date), held: quantityText(n, p.unit) });
    return [{ productId: e.productId, date: e.date, message }];
  });
  if (below.length > 0) throw new CatchBelowHeldError(below);
  const now = deps.now();
  const catches = plan.catches.flatMap((e) => [
    e.quantity === null
      ? d1.prepare(`DELETE FROM catch_days WHERE product_id = ?1 AND delivery_date = ?2 AND ${HELD_SQL} = 0`).bind(e.productId, e.date)
      : d1
          .prepare(
            `INSERT INTO catch_days (product_id, delivery_date, quantity, updated_at) SELECT ?1, ?2, ?3, ?4 WHERE ?3 >= ${HELD_SQL}
             ON CONFLICT (delivery_date, product_id) DO UPDATE SET quantity = excluded.quantity, updated_at = excluded.updated_at`,
          )
          .bind(e.productId, e.date, e.quantity, now),
    // A delete of a date with no catch changes nothing and is fine; an upsert refused by its guard rolls all back.
    d1
      .prepare(`SELECT CASE WHEN changes() = 1 OR ? THEN 1 ELSE json_extract(?, '$') END`)
      .bind(e.quantity === null ? 1 : 0, "the catch is below what is ordered"),
  ]);
  const slots = plan.slots.map((e) =>
    d1
      .prepare(
        `INSERT INTO delivery_slots (delivery_date, slot, capacity, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (delivery_date, slot) DO UPDATE SET capacity = excluded.capacity, updated_at = excluded.updated_at`,
      )
      .bind(e.date, e.slot, e.capacity, now),
  );
  try {
    // Public pages show the catch and offer only dates with a slot open: both change them.
    await d1.batch([...catches, ...slots, bumpCatalogueStatement(deps)]);
  } catch (error) {
    if (String(error).includes(ROLLBACK)) throw new ConflictError(productMessages.catchRace);
    throw error;
  }
}

/** Each coming date's slots with their capacity and the orders holding them, for the admin. */
export async function listSlots(deps: Pick<Deps, "db" | "config" | "now">) {
  return slotLoads(deps, upcomingDates(deps.now(), PLANNING_DAYS));
}
