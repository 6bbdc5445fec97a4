/**
 * Product photos, pure: what an upload's bytes are (never its name or declared type), how large it is, and which
 * smaller copies it gets and how a page offers them.
 */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const MAX_PHOTOS = 8;
const MAX_SIDE = 10_000;

export type PhotoKind = { type: "image/jpeg" | "image/png" | "image/webp" | "image/avif"; ext: "jpg" | "png" | "webp" | "avif"; width: number; height: number };

/** Whether `text` (ASCII) is at `at`: the signatures every format check reads. */
export const ascii = (b: Uint8Array, at: number, text: string) => [...text].every((c, i) => b[at + i] === c.charCodeAt(0));
const be16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const be32 = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + (b[at + 1] << 16) + (b[at + 2] << 8) + b[at + 3];
const le16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const le24 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);

function jpegSize(b: Uint8Array): [number, number] | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = be16(b, at + 2);
    // Start-of-frame markers carry the size; C4 (huffman), C8 and CC (arithmetic) do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return [be16(b, at + 7), be16(b, at + 5)];
    at += 2 + length;
  }
  return null;
}

function webpSize(b: Uint8Array): [number, number] | null {
  if (ascii(b, 12, "VP8 ") && b.length >= 30) return [le16(b, 26) & 0x3fff, le16(b, 28) & 0x3fff];
  if (ascii(b, 12, "VP8L") && b.length >= 25) {
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return [(bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1];
  }
  if (ascii(b, 12, "VP8X") && b.length >= 30) return [le24(b, 24) + 1, le24(b, 27) + 1];
  return null;
}

/** AVIF keeps its size in an `ispe` property: version and flags, then width and height. */
function avifSize(b: Uint8Array): [number, number] | null {
  const end = Math.min(b.length - 12, 64 * 1024);
  for (let at = 12; at < end; at++) if (ascii(b, at, "ispe")) return [be32(b, at + 8), be32(b, at + 12)];
  return null;
}

/** The photo's format and size from its bytes, or null for anything that is not a JPEG, PNG, WebP or AVIF image. */
export function inspectPhoto(b: Uint8Array): PhotoKind | null {
  let kind: Omit<PhotoKind, "width" | "height"> | null = null;
  let size: [number, number] | null = null;
  if (b.length >= 24 && b[0] === 0x89 && ascii(b, 1, "PNG\r\n\x1a\n") && ascii(b, 12, "IHDR")) {
    kind = { type: "image/png", ext: "png" };
    size = [be32(b, 16), be32(b, 20)];
  } else if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    kind = { type: "image/jpeg", ext: "jpg" };
    size = jpegSize(b);
  } else if (b.length >= 16 && ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP")) {
    kind = { type: "image/webp", ext: "webp" };
    size = webpSize(b);
  } else if (b.length >= 16 && ascii(b, 4, "ftyp") && (ascii(b, 8, "avif") || ascii(b, 8, "avis"))) {
    kind = { type: "image/avif", ext: "avif" };
    size = avifSize(b);
  }
  if (!kind || !size) return null;
  const [width, height] = size;
  if (!(width >= 1 && height >= 1 && width <= MAX_SIDE && height <= MAX_SIDE)) return null;
  return { ...kind, width, height };
}

export const photoMessages = {
  none: "Choose a photo to upload",
  tooLarge: "A photo may be at most 5 MB",
  notImage: "Upload a JPEG, PNG, WebP or AVIF photo",
  alt: "Describe the photo in 3 to 150 characters (for people who cannot see it)",
  tooMany: "A product has at most 8 photos; delete one first",
  duplicate: "This product already has this photo",
  uploaded: "Photo added.",
  deleted: "Photo deleted.",
  moved: "Photos reordered.",
  main: "Main photo chosen.",
  unavailable: "Photo storage is not configured",
} as const;

/** The URL a photo is served at: named by the SHA-256 of its bytes (uploads.server.ts), so never changed in place. */
export const photoUrl = (name: string) => `/photos/${name}`;
export const PHOTO_NAME_PATTERN = /^[0-9a-f]{64}\.(jpg|png|webp|avif)$/;

/** The widths of an uploaded photo's smaller copies, in each of the formats; a copy is never wider than the photo. */
const VARIANT_WIDTHS = [480, 720, 960] as const;
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** The widths to make for a photo `width` wide: each of VARIANT_WIDTHS, or the photo's own width where it is narrower. */
export function variantWidths(width: number): number[] {
  return [...new Set(VARIANT_WIDTHS.map((w) => Math.min(w, width)))];
}

/** A stored copy as pages list it: its name (its URL under /photos/), format and width. */
export type VariantRef = { name: string; format: VariantFormat; width: number };
/** One `<source>` of a photo's `<picture>`: AVIF first, as the browser takes the first type it can show. */
type PhotoSource = { type: `image/${VariantFormat}`; srcSet: string };

/** A photo's `<source>`s from its copies, narrowest first in each; none without copies (the page shows the one file). */
function photoSources(variants: VariantRef[]): PhotoSource[] {
  return VARIANT_FORMATS.flatMap((format) => {
    const copies = variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width);
    return copies.length ? [{ type: `image/${format}` as const, srcSet: copies.map((v) => `${photoUrl(v.name)} ${v.width}w`).join(", ") }] : [];
  });
}

/** The copies a query returned as a JSON array (json_group_array), for photoSources. */
export function parseVariants(json: string | null): VariantRef[] {
  return json ? (JSON.parse(json) as VariantRef[]) : [];
}

/** An uploaded photo as pages show it: its one file (the `<img>`, with its size) and its copies' `<source>`s. */
export type PhotoView = { url: string; width: number; height: number; alt: string; sources: PhotoSource[] };

export function photoView(photo: { name: string; width: number; height: number; alt: string }, variants: VariantRef[]): PhotoView {
  return { url: photoUrl(photo.name), width: photo.width, height: photo.height, alt: photo.alt, sources: photoSources(variants) };
}
