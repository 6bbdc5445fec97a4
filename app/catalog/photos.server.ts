import { asc, eq } from "drizzle-orm";
import { productPhotos, products, type ProductPhoto } from "~/db/schema";
import type { Deps } from "~/deps";
import { ConflictError, InvalidInputError, NotFoundError, UnavailableError } from "~/lib/errors";
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_NAME_PATTERN, photoMessages as m } from "./photos";
import { bumpCatalogueStatement } from "./site-version.server";
import { checkPhotoUpload, putUpload } from "./uploads.server";

/**
 * Product photos: bytes in R2 under `products/{sha256}.{ext}` (the same bytes are one object, never changed in
 * place, so they are cached for a year), a row per photo with its size, alt text and position. The main
 * photo is the first. Every change moves the catalogue's version, so cached pages show it at once.
 */

const key = (name: string) => `products/${name}`;

function bucket(deps: Pick<Deps, "photos">): R2Bucket {
  if (!deps.photos) throw new UnavailableError(m.unavailable);
  return deps.photos;
}

export async function listPhotos(deps: Pick<Deps, "db">, productId: number): Promise<ProductPhoto[]> {
  return deps.db.select().from(productPhotos).where(eq(productPhotos.productId, productId)).orderBy(asc(productPhotos.position), asc(productPhotos.id));
}

/** Checks an upload by its bytes and stores it as the product's last photo. */
export async function addPhoto(deps: Pick<Deps, "db" | "photos">, productId: number, file: File | null, altText: string): Promise<void> {
  const alt = altText.trim().replace(/\s+/g, " ");
  if (alt.length < 3 || alt.length > 150) throw new InvalidInputError(m.alt);
  const upload = await checkPhotoUpload(file, MAX_PHOTO_BYTES, { none: m.none, notAccepted: m.notImage, tooLarge: m.tooLarge });
  const { kind, name } = upload;
  const [product] = await deps.db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
  if (!product) throw new NotFoundError("Product not found");
  // An object without a row is harmless.
  await putUpload(bucket(deps), key(name), upload);
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
    bumpCatalogueStatement(deps),
  ]);
  if (inserted.meta.changes === 0) {
    const existing = (await listPhotos(deps, productId)).some((p) => p.name === name);
    throw new ConflictError(existing ? m.duplicate : m.tooMany);
  }
}

/** Deletes a photo; its bytes stay in R2 while another product uses them. */
export async function deletePhoto(deps: Pick<Deps, "db" | "photos">, productId: number, photoId: number): Promise<void> {
  const d1 = deps.db.$client;
  const [deleted] = await d1.batch<{ name: string }>([
    d1.prepare("DELETE FROM product_photos WHERE id = ? AND product_id = ? RETURNING name").bind(photoId, productId),
    bumpCatalogueStatement(deps),
  ]);
  const name = deleted.results[0]?.name;
  if (!name) throw new NotFoundError("Photo not found");
  const still = await d1.prepare("SELECT 1 FROM product_photos WHERE name = ? LIMIT 1").bind(name).first();
  if (!still) await bucket(deps).delete(key(name));
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

/** Each product's main photo (the first), for cards and pages. */
export async function mainPhotos(deps: Pick<Deps, "db">, productIds: number[]): Promise<Map<number, Pick<ProductPhoto, "name" | "width" | "height" | "alt">>> {
  if (productIds.length === 0) return new Map();
  const marks = productIds.map(() => "?").join(", ");
  const { results } = await deps.db.$client
    .prepare(
      `SELECT product_id AS productId, name, width, height, alt FROM product_photos p WHERE product_id IN (${marks})
       AND id = (SELECT id FROM product_photos q WHERE q.product_id = p.product_id ORDER BY position, id LIMIT 1)`,
    )
    .bind(...productIds)
    .all<{ productId: number; name: string; width: number; height: number; alt: string }>();
  return new Map(results.map((r) => [r.productId, r]));
}
