/**
 * Photos, pure: what an upload's bytes are (never its name or declared type), whether they are whole, how large
 * it is, and which smaller copies it gets and how a page offers them.
 */

/** A phone camera's photo is 3 to 12 MB: taken whole, so an admin or a customer without JavaScript can send one as it is. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
export const MAX_PHOTOS = 8;
/** The most pixels a photo may have: a side and in all (a 48-megapixel phone photo is 8000 × 6000). */
const MAX_SIDE = 12_000;
const MAX_PIXELS = 50_000_000;

export type PhotoKind = { type: "image/jpeg" | "image/png" | "image/webp" | "image/avif"; ext: "jpg" | "png" | "webp" | "avif"; width: number; height: number };
/** Why bytes are no photo: another kind of file, a photo cut off or broken inside, or one with too many pixels to show. */
export type PhotoProblem = "notPhoto" | "damaged" | "pixels";

/** Whether `text` (ASCII) is at `at`: the signatures every format check reads. */
export const ascii = (b: Uint8Array, at: number, text: string) => [...text].every((c, i) => b[at + i] === c.charCodeAt(0));
const be16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const be32 = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + (b[at + 1] << 16) + (b[at + 2] << 8) + b[at + 3];
const le16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const le24 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const le32 = (b: Uint8Array, at: number) => (le24(b, at) + b[at + 3] * 0x1000000) >>> 0;
const fourCc = (b: Uint8Array, at: number) => String.fromCharCode(b[at], b[at + 1], b[at + 2], b[at + 3]);

type Size = [width: number, height: number];

/** PNG bit depths allowed for each colour type (grey, RGB, palette, grey + alpha, RGBA). */
const PNG_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/** A PNG is its chunks, each whole: IHDR first (with a valid depth and colour type), at least one IDAT, then IEND. */
function pngSize(b: Uint8Array): Size | null {
  let size: Size | null = null;
  let data = false;
  for (let at = 8; at + 12 <= b.length;) {
    const length = be32(b, at);
    const type = fourCc(b, at + 4);
    const end = at + 12 + length;
    if (end > b.length) return null;
    if (at === 8) {
      if (type !== "IHDR" || length !== 13) return null;
      const [depth, colour, compression, filter, interlace] = b.subarray(at + 16, at + 21);
      if (!PNG_DEPTHS[colour]?.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return null;
      size = [be32(b, at + 8), be32(b, at + 12)];
    } else if (type === "IDAT") data = true;
    else if (type === "IEND") return data ? size : null;
    at = end;
  }
  return null;
}

/** Start-of-frame markers carry the size; C4 (huffman tables), C8 (reserved) and CC (arithmetic coding) do not. */
const isFrameStart = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Where the entropy-coded data after a scan header ends (the next marker), or -1 when the file ends first. */
function scanEnd(b: Uint8Array, from: number): number {
  // A plain loop: a call per 0xFF (indexOf) costs most of a second on 15 MB made of nothing but stuffed bytes.
  for (let at = from; at + 1 < b.length; at++) {
    if (b[at] !== 0xff) continue;
    const next = b[at + 1];
    // A stuffed 0xFF (FF 00), a restart marker or a fill byte belongs to the data.
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) continue;
    return at;
  }
  return -1;
}

/**
 * A JPEG is its segments, each whole, from SOI: a frame header (SOFn) with the size before the first scan (SOS),
 * each scan's data, and the end marker (EOI). Bytes after EOI are allowed (phones append a second picture or a
 * motion clip there).
 */
function jpegSize(b: Uint8Array): Size | null {
  let size: Size | null = null;
  let scanned = false;
  let at = 2;
  for (;;) {
    if (b[at] !== 0xff) return null;
    while (b[at] === 0xff) at++;
    const marker = b[at++];
    if (marker === undefined || marker === 0x00 || marker === 0xd8) return null;
    if (marker === 0xd9) return scanned ? size : null;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (at + 2 > b.length) return null;
    const length = be16(b, at);
    if (length < 2 || at + length > b.length) return null;
    if (isFrameStart(marker) && !size) {
      if (length < 8) return null;
      size = [be16(b, at + 5), be16(b, at + 3)];
    }
    at += length;
    if (marker === 0xda) {
      if (!size) return null;
      scanned = true;
      at = scanEnd(b, at);
      if (at === -1) return null;
    }
  }
}

/**
 * A WebP is a RIFF file whose declared size the bytes hold, its chunks each whole: a lossy (VP8, with its key
 * frame's start code) or lossless (VP8L, with its signature) picture, or an extended header (VP8X) followed by
 * one of those or by animation frames.
 */
function webpSize(b: Uint8Array): Size | null {
  const end = 8 + le32(b, 4);
  if (end > b.length || end < 20) return null;
  let size: Size | null = null;
  for (let at = 12; at + 8 <= end;) {
    const type = fourCc(b, at);
    const length = le32(b, at + 4);
    const data = at + 8;
    if (data + length > end) return null;
    if (type === "VP8 ") {
      if (length < 10 || b[data + 3] !== 0x9d || b[data + 4] !== 0x01 || b[data + 5] !== 0x2a) return null;
      return size ?? [le16(b, data + 6) & 0x3fff, le16(b, data + 8) & 0x3fff];
    }
    if (type === "VP8L") {
      if (length < 5 || b[data] !== 0x2f) return null;
      const bits = le32(b, data + 1);
      return size ?? [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
    }
    if (type === "ANMF" && size) return size;
    if (at === 12) {
      if (type !== "VP8X" || length < 10) return null;
      size = [le24(b, data + 4) + 1, le24(b, data + 7) + 1];
    }
    at = data + length + (length & 1);
  }
  return null;
}

/**
 * An AVIF is ISO media boxes that fill the file exactly: the `ftyp` brand, a `meta` box holding the size in its
 * `ispe` property (version and flags, then width and height), and the coded picture in `mdat`.
 */
function avifSize(b: Uint8Array): Size | null {
  let size: Size | null = null;
  let picture = false;
  for (let at = 0; at < b.length;) {
    if (at + 8 > b.length) return null;
    let length = be32(b, at);
    const type = fourCc(b, at + 4);
    if (length === 1) length = at + 16 <= b.length ? be32(b, at + 8) * 2 ** 32 + be32(b, at + 12) : 0;
    else if (length === 0) length = b.length - at;
    if (length < 8 || at + length > b.length) return null;
    if (type === "meta") {
      for (let i = at + 8; i + 16 <= at + length; i++) {
        if (ascii(b, i, "ispe")) {
          size = [be32(b, i + 8), be32(b, i + 12)];
          break;
        }
      }
    } else if (type === "mdat") picture = length > 8;
    at += length;
  }
  return picture ? size : null;
}

/**
 * What the bytes are: a JPEG, PNG, WebP or AVIF photo with its size, or why not. A file that starts as a photo
 * but is cut off or broken inside is "damaged" (a browser would show a broken or half-grey picture).
 */
export function readPhotoBytes(b: Uint8Array): PhotoKind | PhotoProblem {
  let kind: Omit<PhotoKind, "width" | "height"> | null = null;
  let size: Size | null = null;
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, "PNG\r\n\x1a\n")) {
    kind = { type: "image/png", ext: "png" };
    size = pngSize(b);
  } else if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    kind = { type: "image/jpeg", ext: "jpg" };
    size = jpegSize(b);
  } else if (b.length >= 12 && ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP")) {
    kind = { type: "image/webp", ext: "webp" };
    size = webpSize(b);
  } else if (b.length >= 12 && ascii(b, 4, "ftyp") && (ascii(b, 8, "avif") || ascii(b, 8, "avis"))) {
    kind = { type: "image/avif", ext: "avif" };
    size = avifSize(b);
  }
  if (!kind) return "notPhoto";
  if (!size || !(size[0] >= 1 && size[1] >= 1)) return "damaged";
  const [width, height] = size;
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) return "pixels";
  return { ...kind, width, height };
}

/** The photo's format and size from its bytes, or null for anything that is not a whole JPEG, PNG, WebP or AVIF photo. */
export function inspectPhoto(b: Uint8Array): PhotoKind | null {
  const read = readPhotoBytes(b);
  return typeof read === "string" ? null : read;
}

/** The admin's photo refusals (the admin's pages are in English). */
export const photoMessages = {
  none: "Choose a photo to upload",
  empty: "The file is empty: choose the photo again",
  tooLarge: "A photo may be at most 15 MB",
  notImage: "Upload a JPEG, PNG, WebP or AVIF photo",
  damaged: "This photo cannot be read: it is damaged or cut off. Choose another photo.",
  pixels: "A photo may be at most 12,000 pixels a side and 50 megapixels",
  alt: "Describe the photo in 3 to 150 characters (for people who cannot see it)",
  tooMany: "A product has at most 8 photos; delete one first",
  duplicate: "This product already has this photo",
  uploaded: "Photo added.",
  deleted: "Photo deleted.",
  moved: "Photos reordered.",
  main: "Main photo chosen.",
  unavailable: "Photo storage is not configured",
} as const;

/** A photo's alt text as it is kept: on one line, without spaces around it. */
export const photoAlt = (text: string) => text.trim().replace(/\s+/g, " ");
/** Whether an alt text describes a photo: 3 to 150 characters once kept. */
export const isPhotoAlt = (text: string) => photoAlt(text).length >= 3 && photoAlt(text).length <= 150;

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
