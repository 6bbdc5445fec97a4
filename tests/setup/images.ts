/**
 * Photos made in the test, never committed: whole files of any size (a real JPEG padded with comment segments to
 * reach a phone photo's size) and the broken ones the store must refuse. Plain bytes, for Node and workerd alike.
 */

/** A real 32 × 24 JPEG (a grey fish on blue, 425 bytes), which any decoder shows. */
const SMALL_JPEG = Uint8Array.from(
  atob(
    "/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAYACADASIAAhEBAxEB/8QAGAAAAwEBAAAAAAAAAAAAAAAAAAMFBgf/xAAlEAABAwEHBQEAAAAAAAAAAAADAAERBAISExQxUbEGFSEyQYH/xAAXAQEBAQEAAAAAAAAAAAAAAAAABQME/8QAGxEAAgIDAQAAAAAAAAAAAAAAAREAAwIEEjH/2gAMAwEAAhEDEQA/AIqcKiqztIaUxG3sDd+FW6V7dn7eeuX4bBxPWfv7pC3jRHjRVrLuClJVOuLMWTOWloqsDXjUphtvbG7cpK6w8R50WD6q7dn7GRuX4fGw/Wfn7rKV3dlKLtcV4sGQ04VbVgaA1RhttYI7cIQt05ygkeQLW1Z2g1UYjbWyO/KShCJQST7P/9k=",
  ),
  (c) => c.charCodeAt(0),
);

export const SMALL_JPEG_SIZE = { width: 32, height: 24 } as const;

/** A comment segment (FF FE, its length, its bytes) of `total` bytes, 4 to 65,537. */
function comment(total: number, seed: string): Uint8Array {
  const segment = new Uint8Array(total);
  segment.set([0xff, 0xfe, (total - 2) >> 8, (total - 2) & 0xff]);
  segment.set(new TextEncoder().encode(seed).subarray(0, total - 4), 4);
  return segment;
}

/**
 * A whole JPEG of exactly `bytes` bytes (at least 429), as large as a phone's photo: the small JPEG with comment
 * segments after its start, the first carrying `seed`, so each seed is other bytes.
 */
export function jpegOfSize(bytes: number, seed = ""): Uint8Array<ArrayBuffer> {
  let padding = bytes - SMALL_JPEG.length;
  if (padding < 4) throw new Error(`a JPEG of ${bytes} bytes cannot be made`);
  const segments: Uint8Array[] = [];
  while (padding > 0) {
    let size = Math.min(padding, 65_537);
    // The last segment needs its 4 bytes of header.
    if (padding - size > 0 && padding - size < 4) size -= 4;
    segments.push(comment(size, segments.length === 0 ? seed : ""));
    padding -= size;
  }
  const out = new Uint8Array(bytes);
  out.set(SMALL_JPEG.subarray(0, 2));
  let at = 2;
  for (const s of segments) {
    out.set(s, at);
    at += s.length;
  }
  out.set(SMALL_JPEG.subarray(2), at);
  return out;
}

/** A PNG chunk: length, type, data, and a CRC nothing here checks (zeros). */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  new DataView(out.buffer).setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  return out;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function header(width: number, height: number): Uint8Array {
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return chunk("IHDR", ihdr);
}

const joined = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/**
 * A PNG whose chunks are whole (IHDR of the given size, an IDAT of `seed`, IEND), so each seed is other bytes: what
 * the store's checks accept, though no decoder could paint its IDAT.
 */
export function pngBytes(width: number, height: number, seed = ""): Uint8Array<ArrayBuffer> {
  return joined([new Uint8Array(PNG_SIGNATURE), header(width, height), chunk("IDAT", new TextEncoder().encode(seed)), chunk("IEND", new Uint8Array(0))]);
}

/** The same PNG as a File. */
export const pngFile = (seed: string, name = "damage.png", width = 640, height = 480) => new File([pngBytes(width, height, seed)], name, { type: "image/png" });

/** 69 bytes that start as a PNG of 10,000 × 10,000 pixels and stop after its header: no picture data, no end. */
export function headerOnlyPng(): Uint8Array<ArrayBuffer> {
  return joined([new Uint8Array(PNG_SIGNATURE), header(10_000, 10_000), new TextEncoder().encode("000000000000000000000000000000000000")]);
}

/** 33 bytes of a JPEG: its start and its frame header (32 × 24 pixels), cut off in the table after it. */
export function truncatedJpeg(): Uint8Array<ArrayBuffer> {
  const frame = SMALL_JPEG.findIndex((b, i) => b === 0xff && SMALL_JPEG[i + 1] === 0xc0);
  return joined([SMALL_JPEG.subarray(0, 2), SMALL_JPEG.subarray(frame, frame + 31)]);
}
