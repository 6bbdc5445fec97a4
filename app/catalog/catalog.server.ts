import { and, asc, eq, sql } from "drizzle-orm";
import { seasonOpen } from "~/season/rules";
import { batchPrepared, perIsolate } from "~/db/client.server";
import { products, type Product } from "~/db/schema";
import type { Deps } from "~/deps";
import { inLang, type Lang } from "~/i18n/lang";
import { orderDates, upcomingDates } from "~/delivery/slots";
import type { ProductUnit } from "./units";
import {
  catchLeft,
  catchLeftOf,
  catchLeftQuery,
  openDates,
  slotLoads,
  slotLoadsOf,
  slotLoadsQuery,
  type CatchLeft,
  type SlotLoad,
} from "./availability.server";
import { stockText, type StockText } from "./stock-text";
import { parseVariants, photoView, type PhotoView } from "./photos";
import { mainPhotos, mainPhotosOf, mainPhotosQuery } from "./photos.server";

/** What is left of a product's catch on each date a shopper can order for. */
export type DayStock = { date: string; left: number };

/**
 * What a product card and page need, its texts in the page's language; the price stays in integer paise until it
 * is displayed.
 */
export type ProductCardData = {
  id: number;
  slug: string;
  name: string;
  description: string;
  pricePaise: number;
  unit: ProductUnit;
  minQty: number;
  maxQty: number;
  image: string;
  category: string;
  /** Today (IST), so the page can say "today" and "tomorrow". */
  today: string;
  /** The dates a shopper can order for now (those the checkout offers), first to last, with what is left of the catch. */
  days: DayStock[];
  /** Whether at least the minimum can be ordered for a date the checkout offers. */
  orderable: boolean;
  /** The main uploaded photo (R2), shown instead of `image` when there is one, with its copies' `<source>`s. */
  photo: PhotoView | null;
  /** While pre-booking for the season is open: its last delivery date; otherwise null. */
  seasonUntil: string | null;
};

/** Who reads the catalogue: the page's language picks the texts (English where it is not given). */
type Reader = Pick<Deps, "db" | "now" | "config"> & Partial<Pick<Deps, "lang">>;

/** A product's name, description and category in `lang`: the Telugu text where the admin gave one, else the English. */
function productTexts(p: Pick<Product, "name" | "description" | "category" | "nameTe" | "descriptionTe" | "categoryTe">, lang: Lang) {
  return {
    name: inLang(p.name, p.nameTe, lang),
    description: inLang(p.description, p.descriptionTe, lang),
    category: inLang(p.category, p.categoryTe, lang),
  };
}

async function withStock(deps: Reader, rows: Product[]): Promise<ProductCardData[]> {
  const now = deps.now();
  const dates = orderDates(now);
  const [left, photos, loads] = await Promise.all([
    catchLeft(deps, dates),
    mainPhotos(
      deps,
      rows.map((p) => p.id),
    ),
    slotLoads(deps, dates),
  ]);
  return toCards(deps, rows, left, photos, loads, now);
}

function toCards(
  deps: Reader,
  rows: Product[],
  left: CatchLeft,
  photos: Awaited<ReturnType<typeof mainPhotos>>,
  loads: SlotLoad[],
  now: number,
): ProductCardData[] {
  const lang = deps.lang ?? "en";
  // The checkout's own rule: a date with no slot open (past every cut-off, or every slot full) is not offered.
  const dates = openDates(loads, now);
  return rows.map((p) => {
    const days = dates.map((date) => ({ date, left: left.get(p.id)?.get(date)?.left ?? 0 }));
    const orderable = days.some((d) => d.left >= p.minQty);
    const photo = photos.get(p.id);
    return {
      photo: photo ? photoView(photo, parseVariants(photo.variants)) : null,
      id: p.id,
      slug: p.slug,
      ...productTexts(p, lang),
      pricePaise: p.pricePaise,
      unit: p.unit,
      minQty: p.minQty,
      maxQty: p.maxQty,
      image: p.image,
      today: upcomingDates(now, 1)[0],
      days,
      orderable,
      seasonUntil: seasonOpen(p, now) ? p.seasonUntil : null,
    };
  });
}

/** Cards as pages show them: the stock sentence is written on the server, so its rules stay out of the browser's bundle. */
export type ProductCardView = ProductCardData & { stock: StockText };

export function withStockText<P extends ProductCardData>(
  products: P[],
  messages: Parameters<typeof stockText>[1],
  lang: Lang = "en",
): (P & { stock: StockText })[] {
  return products.map((p) => ({ ...p, stock: stockText(p, messages, lang) }));
}

/** The products on sale, the catch and the slots of the `dates` (a JSON array) and the products' photos. */
const catalogueQueries = perIsolate(
  (db) =>
    [
      db.select().from(products).where(eq(products.hidden, false)).orderBy(asc(products.sortOrder), asc(products.id)).prepare(),
      catchLeftQuery({ db }, sql.placeholder("dates")).prepare(),
      mainPhotosQuery({ db }, sql`(SELECT ${products.id} FROM ${products} WHERE ${products.hidden} = 0)`).prepare(),
      slotLoadsQuery({ db }, sql.placeholder("dates")).prepare(),
    ] as const,
);

/** Every product on sale (not hidden), in the catalogue's order, with its stock for the coming dates. */
export async function listProducts(deps: Reader): Promise<ProductCardData[]> {
  const now = deps.now();
  // One D1 round trip: the products, their catch, their photos (of every product on sale) and the slots in one batch.
  const [rows, left, photos, loads] = await batchPrepared(deps.db, catalogueQueries(deps.db), { dates: JSON.stringify(orderDates(now)) });
  return toCards(deps, rows, catchLeftOf(left), mainPhotosOf(photos), slotLoadsOf(loads, deps.config.defaultSlotCapacity), now);
}

/** One product on sale by its web address, or null (unknown or hidden). */
export async function findProduct(deps: Reader, where: { slug: string } | { id: number }): Promise<ProductCardData | null> {
  const [row] = await deps.db
    .select()
    .from(products)
    .where(and("slug" in where ? eq(products.slug, where.slug) : eq(products.id, where.id), eq(products.hidden, false)))
    .limit(1);
  return row ? (await withStock(deps, [row]))[0] : null;
}
