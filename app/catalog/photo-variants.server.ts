import { sql, type SQL } from "drizzle-orm";
import type { Deps } from "~/deps";
import { inspectPhoto, VARIANT_FORMATS, variantWidths, type VariantFormat } from "./photos";
import { sha256Hex } from "./uploads.server";

/**
 * An uploaded photo's smaller copies: each of VARIANT_FORMATS at each of its variantWidths, made by Cloudflare's
 * Images binding when the photo is uploaded (Miniflare emulates it with sharp locally), stored in R2 under the
 * SHA-256 of their own bytes (immutable, cached for a year like the photo) and recorded in product_photo_variants.
 * Without the binding, or when a format's copies cannot be made, the upload still succeeds with fewer copies or
 * none, and the pages serve the photo's one uploaded file for what is missing.
 */

type Variant = { name: string; format: VariantFormat; width: number; height: number; bytes: Uint8Array<ArrayBuffer>; hash: string };

const TYPES = { avif: "image/avif", webp: "image/webp" } as const;

/** One copy `width` wide in `format`, checked by its bytes like an upload: the format asked for, no wider than asked. */
async function makeCopy(images: NonNullable<Deps["images"]>, bytes: Uint8Array<ArrayBuffer>, width: number, format: VariantFormat): Promise<Variant> {
  const input = new Blob([bytes]).stream();
  const result = await images.input(input).transform({ width, fit: "scale-down" }).output({ format: TYPES[format] });
  const copy = new Uint8Array(await result.response().arrayBuffer());
  const kind = inspectPhoto(copy);
  if (!kind || kind.ext !== format || kind.width > width) throw new Error(`the Images binding returned no ${format} ${width} px wide`);
  const hash = await sha256Hex(copy);
  return { name: `${hash}.${format}`, format, width: kind.width, height: kind.height, bytes: copy, hash };
}

/**
 * The copies of a photo `width` wide (or only the `missing` widths of each format named), made and stored in
 * `bucket` before any row names them. A format is all its widths or none, so a `<source>` never offers a narrow
 * copy alone to a wide screen; a failure is logged, never thrown.
 */
export async function storeVariants(
  deps: Pick<Deps, "images">,
  bucket: R2Bucket,
  key: (name: string) => string,
  bytes: Uint8Array<ArrayBuffer>,
  width: number,
  missing: Partial<Record<VariantFormat, number[]>> = Object.fromEntries(VARIANT_FORMATS.map((f) => [f, variantWidths(width)])),
) {
  const images = deps.images;
  if (!images) return [];
  const made = await Promise.all(
    Object.entries(missing).map(async ([f, widths]) => {
      const format = f as VariantFormat;
      try {
        const copies = await Promise.all(widths.map((w) => makeCopy(images, bytes, w, format)));
        await Promise.all(copies.map((c) => bucket.put(key(c.name), c.bytes, { httpMetadata: { contentType: TYPES[format] }, sha256: c.hash })));
        return copies;
      } catch (error) {
        console.warn(`Photo copies in ${format} were not made; pages serve the uploaded file instead:`, error);
        return [];
      }
    }),
  );
  return made.flat();
}

/** Records a copy of the photo `name` of product `productId` (none if that photo was not stored), for the upload's batch. */
export function insertVariantStatement(d1: Pick<D1Database, "prepare">, productId: number, name: string, v: Variant): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO product_photo_variants (photo_id, name, format, width, height, bytes)
       SELECT id, ?3, ?4, ?5, ?6, ?7 FROM product_photos WHERE product_id = ?1 AND name = ?2
       ON CONFLICT (photo_id, format, width) DO NOTHING`,
    )
    .bind(productId, name, v.name, v.format, v.width, v.height, v.bytes.length);
}

/**
 * The copies of each photo of a query, as a JSON array of { name, format, width } (parseVariants reads it): a column
 * for a query over product_photos named `photos` (its table name or alias; drizzle leaves a lone table's columns
 * unqualified, so the names are written out).
 */
export function variantsColumn(photos: string): SQL<string> {
  return sql<string>`(SELECT json_group_array(json_object('name', v.name, 'format', v.format, 'width', v.width)) FROM product_photo_variants v WHERE v.photo_id = ${sql.identifier(photos)}.id)`;
}
