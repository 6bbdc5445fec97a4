import { InvalidInputError } from "~/lib/errors";
import { inspectMedia, type MediaKind } from "./media";

/**
 * One upload check for every file the store keeps in R2 (product photos, claim evidence): present, within
 * the size its kind allows, and a format judged by its bytes. Stored under the SHA-256 of its bytes, so the
 * same bytes are one object that never changes in place.
 */
export type UploadLimits = Partial<Record<MediaKind["media"], number>>;
export type UploadMessages = { none: string; notAccepted: string; tooLarge: Record<MediaKind["media"], string> };
export type CheckedUpload<K extends MediaKind = MediaKind> = { bytes: Uint8Array<ArrayBuffer>; kind: K; hash: string; name: string };

export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The upload's bytes and what they are, or an InvalidInputError with the matching message. */
export async function checkUpload(file: File | null, limits: UploadLimits, m: UploadMessages): Promise<CheckedUpload> {
  if (!file || file.size === 0) throw new InvalidInputError(m.none);
  // Larger than anything accepted: refused before its bytes are read.
  if (file.size > Math.max(limits.image ?? 0, limits.video ?? 0)) throw new InvalidInputError(m.tooLarge[limits.video ? "video" : "image"]);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = inspectMedia(bytes);
  const limit = kind ? limits[kind.media] : undefined;
  if (!kind || limit === undefined) throw new InvalidInputError(m.notAccepted);
  if (bytes.length > limit) throw new InvalidInputError(m.tooLarge[kind.media]);
  const hash = await sha256Hex(bytes);
  return { bytes, kind, hash, name: `${hash}.${kind.ext}` };
}

/** A photo only: JPEG, PNG, WebP or AVIF, with its width and height. */
export async function checkPhotoUpload(file: File | null, maxBytes: number, m: Omit<UploadMessages, "tooLarge"> & { tooLarge: string }) {
  const upload = await checkUpload(file, { image: maxBytes }, { ...m, tooLarge: { image: m.tooLarge, video: m.tooLarge } });
  if (upload.kind.media !== "image") throw new InvalidInputError(m.notAccepted);
  return upload as CheckedUpload<Extract<MediaKind, { media: "image" }>>;
}

/** The object first, before any row names it: a row never points at bytes that are not there. */
export async function putUpload(bucket: R2Bucket, key: string, upload: CheckedUpload): Promise<void> {
  await bucket.put(key, upload.bytes, { httpMetadata: { contentType: upload.kind.type }, sha256: upload.hash });
}
