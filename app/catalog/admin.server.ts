import { asc, eq } from "drizzle-orm";
import { products } from "~/db/schema";
import type { Deps } from "~/deps";
import { DELIVERY_SLOTS, formatDeliveryDate, isCalendarDate, PLANNING_DAYS, upcomingDates, type DeliverySlot } from "~/delivery/slots";
import { format } from "~/i18n/format";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { catchLeft, slotLoads } from "./availability.server";
import { CATCH_CEILING, productMessages, type ProductForm } from "./rules";
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
  return String(error).includes("UNIQUE") && String(error).includes("products.slug");
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

const HELD_SQL = `(SELECT coalesce(sum(i.quantity), 0) FROM orders o JOIN order_items i ON i.order_id = o.id
  WHERE o.delivery_date = ?2 AND o.stock_held = 1 AND i.product_id = ?1)`;

/**
 * Sets a product's catch for coming dates (null removes a date's catch). A date's catch never goes below what
 * orders already hold for it: checked before, for a clear message, and again inside the one batch (which rolls
 * back whole), so an order placed meanwhile cannot be oversold. All dates or none.
 */
export async function saveCatch(deps: Pick<Deps, "db" | "now">, productId: number, entries: { date: string; quantity: number | null }[]): Promise<void> {
  const allowed = upcomingDates(deps.now(), PLANNING_DAYS);
  for (const e of entries) {
    if (!isCalendarDate(e.date) || !allowed.includes(e.date)) throw new InvalidInputError(productMessages.catchDate);
    if (e.quantity !== null && (!Number.isSafeInteger(e.quantity) || e.quantity < 0 || e.quantity > CATCH_CEILING)) {
      throw new InvalidInputError(productMessages.catchQty);
    }
  }
  const [exists] = await deps.db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
  if (!exists) throw new NotFoundError("Product not found");
  const d1 = deps.db.$client;
  const held = async (date: string) => (await d1.prepare(`SELECT ${HELD_SQL} AS n`).bind(productId, date).first<{ n: number }>())?.n ?? 0;
  for (const e of entries) {
    const n = await held(e.date);
    if ((e.quantity ?? 0) < n) throw new ConflictError(format(productMessages.catchBelowHeld, { date: formatDeliveryDate(e.date), held: String(n) }));
  }
  const now = deps.now();
  const statements = entries.flatMap((e) => [
    e.quantity === null
      ? d1.prepare(`DELETE FROM catch_days WHERE product_id = ?1 AND delivery_date = ?2 AND ${HELD_SQL} = 0`).bind(productId, e.date)
      : d1
          .prepare(
            `INSERT INTO catch_days (product_id, delivery_date, quantity, updated_at) SELECT ?1, ?2, ?3, ?4 WHERE ?3 >= ${HELD_SQL}
             ON CONFLICT (delivery_date, product_id) DO UPDATE SET quantity = excluded.quantity, updated_at = excluded.updated_at`,
          )
          .bind(productId, e.date, e.quantity, now),
    // A delete of a date with no catch changes nothing and is fine; an upsert refused by its guard rolls all back.
    d1
      .prepare(`SELECT CASE WHEN changes() = 1 OR ? THEN 1 ELSE json_extract(?, '$') END`)
      .bind(e.quantity === null ? 1 : 0, "the catch is below what is ordered"),
  ]);
  try {
    await d1.batch([...statements, bumpCatalogueStatement(deps)]);
  } catch (error) {
    if (String(error).includes(ROLLBACK)) throw new ConflictError(productMessages.catchRace);
    throw error;
  }
}

/** Each coming date's slots with their capacity and the orders holding them, for the admin. */
export async function listSlots(deps: Pick<Deps, "db" | "config" | "now">) {
  return slotLoads(deps, upcomingDates(deps.now(), PLANNING_DAYS));
}

/** Sets slot capacities for coming dates; 0 closes a slot. Orders already booked keep their slot. */
export async function saveSlots(deps: Pick<Deps, "db" | "now">, entries: { date: string; slot: DeliverySlot; capacity: number }[]): Promise<void> {
  const allowed = upcomingDates(deps.now(), PLANNING_DAYS);
  for (const e of entries) {
    if (!allowed.includes(e.date) || !(DELIVERY_SLOTS as readonly string[]).includes(e.slot)) throw new InvalidInputError(productMessages.catchDate);
    if (!Number.isSafeInteger(e.capacity) || e.capacity < 0 || e.capacity > 1000) throw new InvalidInputError(productMessages.capacity);
  }
  const d1 = deps.db.$client;
  const now = deps.now();
  await d1.batch(
    entries.map((e) =>
      d1
        .prepare(
          `INSERT INTO delivery_slots (delivery_date, slot, capacity, updated_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (delivery_date, slot) DO UPDATE SET capacity = excluded.capacity, updated_at = excluded.updated_at`,
        )
        .bind(e.date, e.slot, e.capacity, now),
    ),
  );
}
