import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { PRODUCT_UNITS } from "../../catalog/units";
import { createdAt } from "./columns";

export const products = sqliteTable("products", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  pricePaise: integer("price_paise").notNull(),
  /** Base name of an image in public/media (sizes and formats are derived from it). */
  image: text("image").notNull(),
  category: text("category").notNull(),
  /** The name, description and category shown on the Telugu pages; null shows the English there. */
  nameTe: text("name_te"),
  descriptionTe: text("description_te"),
  categoryTe: text("category_te"),
  /** What pricePaise and every quantity count: kilos of fish, or packs (curry). */
  unit: text("unit", { enum: PRODUCT_UNITS }).notNull().default("kg"),
  /** Limits of one order, in units; the cart and the checkout keep every line within them. */
  minQty: integer("min_qty").notNull().default(1),
  maxQty: integer("max_qty").notNull().default(10),
  /** Hidden products leave every public page and cannot be ordered; their past orders keep them. */
  hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
  sortOrder: integer("sort_order").notNull().default(0),
  /**
   * The season's last delivery date (YYYY-MM-DD, IST) while the admin has pre-booking open for this product; null:
   * closed. A pre-booking's last date may not be past it.
   */
  seasonUntil: text("season_until"),
  createdAt: createdAt(),
});

export type Product = typeof products.$inferSelect;

/** What a cart or order line takes from its product: its names, photo, price, unit and limits per order. */
export const productLineColumns = {
  name: products.name,
  nameTe: products.nameTe,
  image: products.image,
  pricePaise: products.pricePaise,
  unit: products.unit,
  minQty: products.minQty,
  maxQty: products.maxQty,
};
