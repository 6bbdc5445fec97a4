import { ascii, readPhotoBytes, type PhotoKind, type PhotoProblem } from "./photos";

/**
 * What an upload's bytes are, photo or video (never its name or declared type): photos by the product photo
 * checks, videos by their container's signature. MP4 and QuickTime are ISO media files that name their
 * brand in the `ftyp` box (AVIF and HEIF use the same box with image brands, which are not videos); WebM is
 * an EBML file whose DocType is "webm" (other Matroska files are not accepted).
 */
export type VideoKind = { type: "video/mp4" | "video/webm" | "video/quicktime"; ext: "mp4" | "webm" | "mov" };
export type MediaKind = ({ media: "image" } & PhotoKind) | ({ media: "video" } & VideoKind);

const MP4_BRANDS = new Set(["isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "mp71", "avc1", "dash", "M4V ", "M4VH", "M4VP", "MSNV"]);

/** The DocType of an EBML header (element 0x4282), read within its first 64 bytes. */
function ebmlDocType(b: Uint8Array): string | null {
  for (let at = 4; at + 3 < Math.min(b.length, 64); at++) {
    if (b[at] !== 0x42 || b[at + 1] !== 0x82 || (b[at + 2] & 0x80) === 0) continue;
    const length = b[at + 2] & 0x7f;
    if (at + 3 + length > b.length) return null;
    return String.fromCharCode(...b.subarray(at + 3, at + 3 + length));
  }
  return null;
}

export function inspectVideo(b: Uint8Array): VideoKind | null {
  if (b.length >= 16 && ascii(b, 4, "ftyp")) {
    const brand = String.fromCharCode(...b.subarray(8, 12));
    if (brand === "qt  ") return { type: "video/quicktime", ext: "mov" };
    return MP4_BRANDS.has(brand) ? { type: "video/mp4", ext: "mp4" } : null;
  }
  if (b.length >= 16 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3 && ebmlDocType(b) === "webm") {
    return { type: "video/webm", ext: "webm" };
  }
  return null;
}

/** A whole JPEG, PNG, WebP or AVIF photo, an MP4, WebM or QuickTime video, or why the bytes are neither. */
export function readMediaBytes(b: Uint8Array): MediaKind | PhotoProblem {
  const photo = readPhotoBytes(b);
  if (typeof photo !== "string") return { media: "image", ...photo };
  if (photo !== "notPhoto") return photo;
  const video = inspectVideo(b);
  return video ? { media: "video", ...video } : "notPhoto";
}
