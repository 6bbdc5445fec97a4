// Relative, not ~/: drizzle-kit and vite.config.ts (through the load context) load this file without the app alias.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { auctions } from "./auctions";
import { createdAt } from "./columns";
import { orderItems } from "./orders";

/**
 * The landings the admin keeps: a place on the river (with its Telugu name) where boats bring the catch in. A
 * place no longer used is hidden from the list, never deleted, so a landing recorded there keeps its name.
 */
export const landingPlaces = sqliteTable("landing_places", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull().unique(),
  nameTe: text("name_te").notNull(),
  hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
});

/**
 * A catch brought in: where, when (IST as the admin typed it, stored as epoch ms), the boat or fisher if the
 * admin names one (shown to the admin only), and a photo of it. Photos live in the PRODUCT_PHOTOS bucket like a
 * product's, under the SHA-256 of their bytes.
 */
export const landings = sqliteTable(
  "landings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    placeId: integer("place_id")
      .notNull()
      .references(() => landingPlaces.id),
    landedAt: integer("landed_at", { mode: "number" }).notNull(),
    boat: text("boat"),
    photoName: text("photo_name"),
    photoWidth: integer("photo_width"),
    photoHeight: integer("photo_height"),
    /** The photo's smaller copies, as JSON [{ name, format, width }] (parseVariants). */
    photoVariants: text("photo_variants"),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("landings_landed_idx").on(t.landedAt)],
);

/**
 * One fish on the scale: its public code (the page /fish/{code}), its landing, its weight and when it was
 * weighed. A fish of an order is its line (one row per line; a new weighing of the line replaces its weight,
 * photos and landing and keeps its code); a fish weighed for an auction lot has no line.
 */
export const fish = sqliteTable(
  "fish",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull(),
    orderItemId: integer("order_item_id").references(() => orderItems.id, { onDelete: "cascade" }),
    landingId: integer("landing_id")
      .notNull()
      .references(() => landings.id),
    weightGrams: integer("weight_grams").notNull(),
    weighedAt: integer("weighed_at", { mode: "number" }).notNull(),
    /** Which weighing of the fish its photos belong to: photos of an earlier weighing are no longer shown. */
    weighing: integer("weighing").notNull().default(1),
    videoName: text("video_name"),
    videoType: text("video_type"),
    videoBytes: integer("video_bytes"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("fish_code_idx").on(t.code), uniqueIndex("fish_item_idx").on(t.orderItemId), index("fish_landing_idx").on(t.landingId)],
);

/** A photo of a fish on the scale, of one weighing, with its smaller copies (as a product photo has them). */
export const fishPhotos = sqliteTable(
  "fish_photos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fishId: integer("fish_id")
      .notNull()
      .references(() => fish.id, { onDelete: "cascade" }),
    weighing: integer("weighing").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The smaller copies, as JSON [{ name, format, width }] (parseVariants). */
    variants: text("variants").notNull().default("[]"),
    position: integer("position").notNull(),
  },
  (t) => [uniqueIndex("fish_photos_idx").on(t.fishId, t.weighing, t.position)],
);

/** The fish an auction lot is: bidders see its page. One fish per auction. */
export const auctionFish = sqliteTable("auction_fish", {
  auctionId: integer("auction_id")
    .primaryKey()
    .references(() => auctions.id, { onDelete: "cascade" }),
  fishId: integer("fish_id")
    .notNull()
    .references(() => fish.id),
});
