// Relative, not ~/: drizzle-kit and vite.config.ts (through the load context) load this file without the app alias.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DELIVERY_SLOTS } from "../../delivery/slots";
import { products } from "./catalogue";
import { createdAt, updatedAt } from "./columns";

/**
 * Today's catch: how many units of a product the boats bring for one delivery date (YYYY-MM-DD, IST). What is
 * left is derived, never counted: this quantity minus the lines of orders for that date still holding stock.
 */
export const catchDays = sqliteTable(
  "catch_days",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    deliveryDate: text("delivery_date").notNull(),
    quantity: integer("quantity").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.deliveryDate, t.productId] })],
);

/** A delivery slot's capacity (orders) on one date; without a row the configured default applies. */
export const deliverySlots = sqliteTable(
  "delivery_slots",
  {
    deliveryDate: text("delivery_date").notNull(),
    slot: text("slot", { enum: DELIVERY_SLOTS }).notNull(),
    capacity: integer("capacity").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.deliveryDate, t.slot] })],
);

/** Counters that name a version of what public pages show; the edge cache keys its copies by them. */
export const siteVersions = sqliteTable("site_versions", {
  name: text("name").primaryKey(),
  version: integer("version").notNull().default(1),
});

export type CatchDay = typeof catchDays.$inferSelect;

/** A product's photos in R2 (named by the SHA-256 of their bytes); the one with the lowest position is the main photo. */
export const productPhotos = sqliteTable(
  "product_photos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** `{sha256}.{ext}`: the R2 key under products/ and the URL under /photos/. */
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    alt: text("alt").notNull(),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("product_photos_name_idx").on(t.productId, t.name), index("product_photos_position_idx").on(t.productId, t.position)],
);

export type ProductPhoto = typeof productPhotos.$inferSelect;

/**
 * Smaller copies of a product photo for responsive pages, made by the Images binding when the photo is uploaded:
 * each format at each width, never wider than the photo, stored in R2 under the SHA-256 of its own bytes.
 */
export const productPhotoVariants = sqliteTable(
  "product_photo_variants",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    photoId: integer("photo_id")
      .notNull()
      .references(() => productPhotos.id, { onDelete: "cascade" }),
    /** `{sha256}.{avif|webp}`: the R2 key under products/ and the URL under /photos/. */
    name: text("name").notNull(),
    format: text("format", { enum: ["avif", "webp"] }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
  },
  (t) => [uniqueIndex("product_photo_variants_size_idx").on(t.photoId, t.format, t.width), index("product_photo_variants_name_idx").on(t.name)],
);
