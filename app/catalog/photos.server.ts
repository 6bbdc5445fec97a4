import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { productPhotos, products, type ProductPhoto } from "~/db/schema";
import type { Deps } from "~/deps";
import { ConflictError, InvalidInputError, NotFoundError, UnavailableError } from "~/lib/errors";
import {
  isPhotoAlt,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  parseVariants,
  PHOTO_NAME_PATTERN,
  photoAlt,
  photoMessages as m,
  variantWidths,
  type VariantFormat,
  type VariantRef,
} from "./photos";
import { bumpCatalogueStatement } from "./site-version.server";
import { checkPhotoUpload, putUpload, type CheckedPhoto, type PhotoUploadMessages } from "./uploads.server";
import { insertVariantStatement, storeVariants, variantsColumn } from "./photo-variants.server";

/**
 * Product photos: bytes in R2 under `products/{sha256}.{ext}` (the same bytes are one object, never changed in
 * place, so they are cached for a year), a row per photo with its size, alt text and position. The main
 * photo is the first; its smaller AVIF and WebP copies are photo-variants.server.ts. Every change moves the
 * catalogue's version, so cached pages show it at once.
 */

const key = (name: string) => `products/${name}`;

function bucket(deps: Pick<Deps, "photos">): R2Bucket {
  if (!deps.photos) throw new UnavailableError(m.unavailable);
  return deps.photos;
}

export async function listPhotos(deps: Pick<Deps, "db">, productId: number): Promise<ProductPhoto[]> {
  return deps.db.select().from(productPhotos).where(eq(productPhotos.productId, productId)).orderBy(asc(productPhotos.position), asc(productPhotos.id));
}

/** The photos of the product on sale at `slug` (none for a hidden or unknown one), the main one first, with their copies. */
export async function listPhotosBySlug(deps: Pick<Deps, "db">, slug: string): Promise<(ProductPhoto & { variants: VariantRef[] })[]> {
  const rows = await deps.db
    .select({ photo: productPhotos, variants: variantsColumn("product_photos") })
    .from(productPhotos)
    .innerJoin(products, eq(products.id, productPhotos.productId))
    .where(and(eq(products.slug, slug), eq(products.hidden, false)))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id));
  return rows.map((r) => ({ ...r.photo, variants: parseVariants(r.variants) }));
}

/** The admin's refusals of a photo's file. */
const UPLOAD_MESSAGES: PhotoUploadMessages = {
  none: m.none,
  empty: m.empty,
  notAccepted: m.notImage,
  damaged: m.damaged,
  pixels: m.pixels,
  tooLarge: m.tooLarge,
};

/** A product photo as it may be stored: its bytes checked, and its alt text (3 to 150 characters, on one line). */
export type ProductPhotoUpload = { upload: CheckedPhoto; alt: string };

/** Checks a photo's alt text and its file by its bytes; an InvalidInputError names the first problem. */
export async function checkProductPhoto(file: File | null, altText: string): Promise<ProductPhotoUpload> {
  if (!isPhotoAlt(altText)) throw new InvalidInputError(m.alt);
  return { upload: await checkPhotoUpload(file, MAX_PHOTO_BYTES, UPLOAD_MESSAGES), alt: photoAlt(altText) };
}

/** Checks an upload by its bytes and stores it, with its smaller copies, as the product's last photo. */
export async function addPhoto(deps: Pick<Deps, "db" | "photos" | "images">, productId: number, file: File | null, altText: string): Promise<void> {
  await storePhoto(deps, productId, await checkProductPhoto(file, altText));
}

/** Stores a checked photo, with its smaller copies, as the product's last photo. */
export async function storePhoto(deps: Pick<Deps, "db" | "photos" | "images">, productId: number, { upload, alt }: ProductPhotoUpload): Promise<void> {
  const { kind, name } = upload;
  const [product] = await deps.db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
  if (!product) throw new NotFoundError("Product not found");
  // Refused before any copy is made; the batch below checks again, for uploads at the same time.
  const existing = await listPhotos(deps, productId);
  if (existing.some((p) => p.name === name)) throw new ConflictError(m.duplicate);
  if (existing.length >= MAX_PHOTOS) throw new ConflictError(m.tooMany);
  // Objects first (an object without a row is harmless), then the photo and its copies' rows in one batch.
  await putUpload(bucket(deps), key(name), upload);
  const variants = await storeVariants(deps, bucket(deps), key, upload.bytes, kind.width);
  const d1 = deps.db.$client;
  const [inserted] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO product_photos (product_id, name, content_type, bytes, width, height, alt, position)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, coalesce((SELECT max(position) + 1 FROM product_photos WHERE product_id = ?1), 0)
         WHERE (SELECT count(*) FROM product_photos WHERE product_id = ?1) < ?8
         ON CONFLICT (product_id, name) DO NOTHING`,
      )
      .bind(productId, name, kind.type, upload.bytes.length, kind.width, kind.height, alt, MAX_PHOTOS),
    ...variants.map((v) => insertVariantStatement(d1, productId, name, v)),
    bumpCatalogueStatement(deps),
  ]);
  if (inserted.meta.changes === 0) {
    const existing = (await listPhotos(deps, productId)).some((p) => p.name === name);
    throw new ConflictError(existing ? m.duplicate : m.tooMany);
  }
}

/** Deletes a photo and its copies; each object goes from R2 once no photo or copy of any product names it. */
export async function deletePhoto(deps: Pick<Deps, "db" | "photos">, productId: number, photoId: number): Promise<void> {
  const d1 = deps.db.$client;
  const [copies, deleted] = await d1.batch<{ name: string }>([
    d1
      .prepare("DELETE FROM product_photo_variants WHERE photo_id = (SELECT id FROM product_photos WHERE id = ?1 AND product_id = ?2) RETURNING name")
      .bind(photoId, productId),
    d1.prepare("DELETE FROM product_photos WHERE id = ? AND product_id = ? RETURNING name").bind(photoId, productId),
    bumpCatalogueStatement(deps),
  ]);
  const name = deleted.results[0]?.name;
  if (!name) throw new NotFoundError("Photo not found");
  const names = [...new Set([name, ...copies.results.map((c) => c.name)])];
  const used = await d1.batch<{ name: string }>(
    names.map((n) =>
      d1.prepare("SELECT name FROM product_photos WHERE name = ?1 UNION ALL SELECT name FROM product_photo_variants WHERE name = ?1 LIMIT 1").bind(n),
    ),
  );
  const unused = names.filter((_, i) => used[i].results.length === 0);
  if (unused.length) await bucket(deps).delete(unused.map(key));
}

/** Photos the scheduled job completes per run: each missing copy is an encode by the Images binding. */
const FILL_PER_RUN = 2;

/**
 * Copies a photo lacks in a format it already has some copies in: a width added after it was uploaded. The
 * scheduled job makes them, a few photos a run; a format with no copies at all (the binding failed at upload)
 * stays with the uploaded file. Returns how many photos were completed.
 */
export async function fillMissingCopies(deps: Pick<Deps, "db" | "photos" | "images">): Promise<number> {
  if (!deps.photos || !deps.images) return 0;
  const { results } = await deps.db.$client
    .prepare(
      `SELECT p.id, p.product_id AS productId, p.name, p.width, v.format, json_group_array(v.width) AS widths
       FROM product_photos p JOIN product_photo_variants v ON v.photo_id = p.id GROUP BY p.id, v.format`,
    )
    .all<{ id: number; productId: number; name: string; width: number; format: VariantFormat; widths: string }>();
  const lacking = new Map<number, { productId: number; name: string; width: number; missing: Partial<Record<VariantFormat, number[]>> }>();
  for (const row of results) {
    const have = JSON.parse(row.widths) as number[];
    const missing = variantWidths(row.width).filter((w) => !have.includes(w));
    if (!missing.length) continue;
    const photo = lacking.get(row.id) ?? { productId: row.productId, name: row.name, width: row.width, missing: {} };
    photo.missing[row.format] = missing;
    lacking.set(row.id, photo);
  }
  // From a random place in the list, so a photo whose copies fail every time cannot hold back the ones after it.
  const all = [...lacking.values()];
  const from = Math.floor(Math.random() * all.length);
  let filled = 0;
  for (const photo of [...all.slice(from), ...all.slice(0, from)].slice(0, FILL_PER_RUN)) {
    const object = await deps.photos.get(key(photo.name));
    if (!object) continue;
    const bytes = new Uint8Array(await object.arrayBuffer());
    const copies = await storeVariants(deps, deps.photos, key, bytes, photo.width, photo.missing);
    if (!copies.length) continue;
    const d1 = deps.db.$client;
    await d1.batch([...copies.map((v) => insertVariantStatement(d1, photo.productId, photo.name, v)), bumpCatalogueStatement(deps)]);
    filled++;
  }
  return filled;
}

/** Moves a photo one place earlier or later, or to the front (the main photo): positions are rewritten 0..n-1 in one batch. */
export async function movePhoto(deps: Pick<Deps, "db">, productId: number, photoId: number, to: "up" | "down" | "main"): Promise<void> {
  const photos = await listPhotos(deps, productId);
  const from = photos.findIndex((p) => p.id === photoId);
  if (from === -1) throw new NotFoundError("Photo not found");
  const order = photos.map((p) => p.id);
  const target = to === "main" ? 0 : to === "up" ? Math.max(0, from - 1) : Math.min(order.length - 1, from + 1);
  order.splice(target, 0, ...order.splice(from, 1));
  const d1 = deps.db.$client;
  await d1.batch([
    ...order.map((id, position) => d1.prepare("UPDATE product_photos SET position = ? WHERE id = ? AND product_id = ?").bind(position, id, productId)),
    bumpCatalogueStatement(deps),
  ]);
}

/** A stored photo's bytes for /photos/{name}, or null. */
export async function readPhoto(deps: Pick<Deps, "photos">, name: string): Promise<R2ObjectBody | null> {
  if (!PHOTO_NAME_PATTERN.test(name) || !deps.photos) return null;
  return deps.photos.get(key(name));
}

/** A product's main photo; `variants` is its copies as JSON (parseVariants). */
type MainPhoto = Pick<ProductPhoto, "name" | "width" | "height" | "alt"> & { variants: string };

/** The main photo of each product of `productIds` (ids, or a subquery of them), as a query that can go into a D1 batch. */
export function mainPhotosQuery(deps: Pick<Deps, "db">, productIds: number[] | SQL) {
  const p = alias(productPhotos, "p");
  const first = sql`(SELECT q.id FROM ${productPhotos} q WHERE q.product_id = ${p.productId} ORDER BY q.position, q.id LIMIT 1)`;
  return deps.db
    .select({ productId: p.productId, name: p.name, width: p.width, height: p.height, alt: p.alt, variants: variantsColumn("p") })
    .from(p)
    .where(and(inArray(p.productId, productIds), eq(p.id, first)));
}

export function mainPhotosOf(rows: ({ productId: number } & MainPhoto)[]): Map<number, MainPhoto> {
  return new Map(rows.map((r) => [r.productId, r]));
}

/** Each product's main photo (the first), for cards and pages. */
export async function mainPhotos(deps: Pick<Deps, "db">, productIds: number[]): Promise<Map<number, MainPhoto>> {
  if (productIds.length === 0) return new Map();
  return mainPhotosOf(await mainPhotosQuery(deps, productIds));
}
