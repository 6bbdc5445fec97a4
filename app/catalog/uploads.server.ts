import { InvalidInputError } from "~/lib/errors";
import { inspectVideo, readMediaBytes, type MediaKind } from "./media";

/**
 * One upload check for every file the store keeps in R2 (product photos, claim evidence): present, within
 * the size its kind allows, and a format judged by its bytes. Stored under the SHA-256 of its bytes, so the
 * same bytes are one object that never changes in place.
 */
export type UploadLimits = Partial<Record<MediaKind["media"], number>>;
/**
 * An upload's refusals: nothing chosen, an empty file, a kind not accepted, a photo damaged or cut off, a photo
 * with too many pixels, and too large for its kind.
 */
export type UploadMessages = {
  none: string;
  empty: string;
  notAccepted: string;
  damaged: string;
  pixels: string;
  tooLarge: Record<MediaKind["media"], string>;
};
export type CheckedUpload<K extends MediaKind = MediaKind> = { bytes: Uint8Array<ArrayBuffer>; kind: K; hash: string; name: string };

export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The upload's bytes and what they are, or an InvalidInputError with the matching message. */
export async function checkUpload(file: File | null, limits: UploadLimits, m: UploadMessages): Promise<CheckedUpload> {
  // A form without a file chosen sends an empty part with no name; a chosen file of no bytes is named.
  if (!file || (file.size === 0 && !file.name)) throw new InvalidInputError(m.none);
  if (file.size === 0) throw new InvalidInputError(m.empty);
  // Larger than anything accepted: refused before the rest of its bytes are read, as what its first ones say it is.
  if (file.size > Math.max(limits.image ?? 0, limits.video ?? 0)) {
    const video = limits.image === undefined || inspectVideo(new Uint8Array(await file.slice(0, 4096).arrayBuffer())) !== null;
    throw new InvalidInputError(m.tooLarge[limits.video && video ? "video" : "image"]);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = readMediaBytes(bytes);
  if (kind === "damaged" || kind === "pixels") throw new InvalidInputError(m[kind]);
  const limit = typeof kind === "string" ? undefined : limits[kind.media];
  if (typeof kind === "string" || limit === undefined) throw new InvalidInputError(m.notAccepted);
  if (bytes.length > limit) throw new InvalidInputError(m.tooLarge[kind.media]);
  const hash = await sha256Hex(bytes);
  return { bytes, kind, hash, name: `${hash}.${kind.ext}` };
}

export type PhotoUploadMessages = Omit<UploadMessages, "tooLarge"> & { tooLarge: string };
export type CheckedPhoto = CheckedUpload<Extract<MediaKind, { media: "image" }>>;

/** A photo only: JPEG, PNG, WebP or AVIF, with its width and height. */
export async function checkPhotoUpload(file: File | null, maxBytes: number, m: PhotoUploadMessages) {
  const upload = await checkUpload(file, { image: maxBytes }, { ...m, tooLarge: { image: m.tooLarge, video: m.tooLarge } });
  if (upload.kind.media !== "image") throw new InvalidInputError(m.notAccepted);
  return upload as CheckedPhoto;
}

/** The object first, before any row names it: a row never points at bytes that are not there. */
export async function putUpload(bucket: R2Bucket, key: string, upload: CheckedUpload): Promise<void> {
  await bucket.put(key, upload.bytes, { httpMetadata: { contentType: upload.kind.type }, sha256: upload.hash });
}
