import { parseVariants, type VariantRef } from "~/catalog/photos";
import { storeVariants } from "~/catalog/photo-variants.server";
import { checkUpload, putUpload, type CheckedPhoto, type CheckedUpload } from "~/catalog/uploads.server";
import type { Deps } from "~/deps";
import type { fishMessages } from "~/i18n/fish.messages";
import { format } from "~/i18n/format";
import { InvalidInputError, UnavailableError } from "~/lib/errors";
import { SCALE_LIMITS } from "./rules";

/**
 * Photos of a fish on the scale (and of a landing), and a weighing's short video: checked by their bytes with the
 * store's one upload check, kept in the PRODUCT_PHOTOS bucket as a product photo is (under `products/{sha256}.{ext}`,
 * served from /photos/ with a year's cache), with the same smaller AVIF and WebP copies made by the Images binding.
 * A video is kept under `fish/{sha256}.{ext}` and served from its fish's page.
 */
type Errors = (typeof fishMessages)["errors"];

export const photoKey = (name: string) => `products/${name}`;
export const videoKey = (name: string) => `fish/${name}`;

/** A file chosen in a file field: a form without one sends an empty part with no name. */
export const isChosen = (value: FormDataEntryValue | null): value is File => value instanceof File && (value.size > 0 || value.name !== "");

function uploadMessages(e: Errors, notAccepted: string) {
  return {
    none: e.photoMissing,
    empty: e.empty,
    notAccepted,
    damaged: e.damaged,
    pixels: e.pixels,
    tooLarge: { image: e.photoTooLarge, video: e.videoTooLarge },
  };
}

/** One file checked by its bytes; a refusal names the file, in the language of `e`. */
async function checkOne(file: File, kind: "image" | "video", e: Errors): Promise<CheckedUpload> {
  try {
    return await checkUpload(file, { [kind]: SCALE_LIMITS[kind] }, uploadMessages(e, kind === "image" ? e.notPhoto : e.notVideo));
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    throw new InvalidInputError(format(e.file, { name: file.name.slice(0, 80) || "file", problem: error.message }));
  }
}

export const checkScalePhoto = (file: File, e: Errors) => checkOne(file, "image", e) as Promise<CheckedPhoto>;
export const checkScaleVideo = (file: File, e: Errors) => checkOne(file, "video", e);

function bucket(deps: Pick<Deps, "photos">, e: Errors): R2Bucket {
  if (!deps.photos) throw new UnavailableError(e.unavailable);
  return deps.photos;
}

export type StoredPhoto = { upload: CheckedPhoto; variants: VariantRef[] };

/** The photo's bytes and its smaller copies in R2, before any row names them (an object no row names is harmless). */
export async function storeScalePhoto(deps: Pick<Deps, "photos" | "images">, upload: CheckedPhoto, e: Errors): Promise<StoredPhoto> {
  const photos = bucket(deps, e);
  await putUpload(photos, photoKey(upload.name), upload);
  const copies = await storeVariants(deps, photos, photoKey, upload.bytes, upload.kind.width);
  return { upload, variants: copies.map((c) => ({ name: c.name, format: c.format, width: c.width })) };
}

export async function storeScaleVideo(deps: Pick<Deps, "photos">, upload: CheckedUpload, e: Errors): Promise<void> {
  await putUpload(bucket(deps, e), videoKey(upload.name), upload);
}

/** A stored photo's copies as the column keeps them (parseVariants reads them back). */
export const variantsJson = (variants: VariantRef[]) => JSON.stringify(variants);
export { parseVariants };

/** A fish's video (its name as its page gives it), whole or one byte range. */
export async function readScaleVideo(deps: Pick<Deps, "photos">, name: string, range?: { offset: number; length: number }): Promise<R2ObjectBody | null> {
  if (!deps.photos) return null;
  return deps.photos.get(videoKey(name), range ? { range } : undefined);
}
