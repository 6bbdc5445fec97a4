import { desc } from "drizzle-orm";
import { auctions, products } from "~/db/schema";
import type { Deps } from "~/deps";
import { inspectPhoto, MAX_PHOTO_BYTES, photoMessages } from "~/catalog/photos";
import { checkPhotoUpload, type CheckedPhoto, type PhotoUploadMessages } from "~/catalog/uploads.server";
import { auctionLiveMessages } from "~/i18n/auction-live.messages";
import { InvalidInputError } from "~/lib/errors";
import { mediaUrl, SHRINK_MAX_SIDE } from "~/lib/media";
import { postToAuctionWorker } from "./auctions.server";

/** Every auction for the admin list, newest first, and the product images an auction may use. */
export async function adminAuctionData(deps: Pick<Deps, "db">) {
  const [rows, images] = await Promise.all([
    deps.db.select().from(auctions).orderBy(desc(auctions.id)).limit(200),
    deps.db.select({ name: products.name, image: products.image }).from(products),
  ]);
  return { rows, images: images.map((p) => ({ name: p.name, url: mediaUrl(p.image, 480, "webp") })) };
}

// Each goes to the auction Worker as the signed-in admin (their own cookie header; the Worker checks it).

const UPLOAD_MESSAGES: PhotoUploadMessages = {
  none: photoMessages.none,
  empty: photoMessages.empty,
  notAccepted: auctionLiveMessages.badImage,
  damaged: photoMessages.damaged,
  pixels: photoMessages.pixels,
  tooLarge: photoMessages.tooLarge,
};

/** An auction's photo checked by its bytes: a whole JPEG, PNG or WebP of at most MAX_PHOTO_BYTES (a phone's). */
export async function checkAuctionPhoto(file: File): Promise<CheckedPhoto> {
  const upload = await checkPhotoUpload(file, MAX_PHOTO_BYTES, UPLOAD_MESSAGES);
  if (upload.kind.ext === "avif") throw new InvalidInputError(auctionLiveMessages.badImage);
  return upload;
}

/** A photo as small as this, and no wider than a page needs, is shown as it was sent. */
const SHOWN_AS_SENT_BYTES = 1024 * 1024;

/**
 * What an auction shows of its photo: the photo itself, or, for one larger than a page needs (a phone's, sent
 * without JavaScript), a WebP at most SHRINK_MAX_SIDE px a side made by the Images binding, so every bidder does
 * not load megabytes. Where the binding is missing or fails, the photo as it was sent.
 */
export async function displayedPhoto(deps: Pick<Deps, "images">, upload: CheckedPhoto): Promise<Uint8Array<ArrayBuffer>> {
  const { width, height } = upload.kind;
  if (!deps.images || (upload.bytes.length <= SHOWN_AS_SENT_BYTES && Math.max(width, height) <= SHRINK_MAX_SIDE)) return upload.bytes;
  try {
    const result = await deps.images
      .input(new Blob([upload.bytes]).stream())
      .transform({ width: SHRINK_MAX_SIDE, height: SHRINK_MAX_SIDE, fit: "scale-down" })
      .output({ format: "image/webp", quality: 85 });
    const smaller = new Uint8Array(await result.response().arrayBuffer());
    return inspectPhoto(smaller)?.ext === "webp" && smaller.length < upload.bytes.length ? smaller : upload.bytes;
  } catch (error) {
    console.warn("The auction photo was not made smaller; it is shown as it was sent:", error);
    return upload.bytes;
  }
}

export async function uploadAuctionImage(deps: Pick<Deps, "auctionService" | "images">, cookie: string, upload: CheckedPhoto) {
  const result = await postToAuctionWorker(deps, cookie, "/api/auction/images", await displayedPhoto(deps, upload), "application/octet-stream");
  return result.ok && typeof result.body.url === "string" ? { ok: true as const, url: result.body.url } : { ok: false as const, error: result.error };
}

export async function createAuction(deps: Pick<Deps, "auctionService">, cookie: string, fields: Record<string, string>) {
  const result = await postToAuctionWorker(deps, cookie, "/api/auction", JSON.stringify(fields));
  const id = (result.body.auction as { id?: unknown } | undefined)?.id;
  return result.ok ? { ok: true as const, id: typeof id === "number" ? id : null } : { ok: false as const, error: result.error };
}

/** Stops offering a closed lot to the next bidders (the auction Worker cancels the waiting offer's order). */
export async function stopLotOffers(deps: Pick<Deps, "auctionService">, cookie: string, id: number) {
  const result = await postToAuctionWorker(deps, cookie, `/api/auction/${id}/offers/stop`, "{}");
  return result.ok ? { ok: true as const } : { ok: false as const, error: result.error };
}

export async function cancelAuction(deps: Pick<Deps, "auctionService">, cookie: string, id: number, reason: string) {
  const result = await postToAuctionWorker(deps, cookie, `/api/auction/${id}/cancel`, JSON.stringify({ reason }));
  return result.ok ? { ok: true as const } : { ok: false as const, error: result.error };
}
