/**
 * The address of a shipped image in one width and format: `/media/{name}-{width}.{avif|webp}`, the files the
 * image build writes into public/media.
 */
export function mediaUrl(name: string, width: number, format: "avif" | "webp") {
  return `/media/${name}-${width}.${format}`;
}

/** The longest side of an uploaded photo as it is kept and shown: twice what the widest page shows (960 px), for sharp screens. */
export const SHRINK_MAX_SIDE = 2000;
