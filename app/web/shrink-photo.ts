/**
 * A phone photo made smaller in the browser before it is uploaded: a 12 MB, 4000 × 3000 photo is sent as a JPEG
 * of at most 2000 px a side, a few hundred kB, so it uploads in seconds on a slow network. The server checks what
 * arrives as it checks any upload; without JavaScript the photo goes as it is, within the server's limit.
 */

/** The longest side of a photo made smaller: twice what the widest page shows (960 px), for sharp screens. */
export const SHRINK_MAX_SIDE = 2000;
/** JPEG quality of a photo made smaller: no difference a shopper can see, a quarter of the bytes. */
export const SHRINK_QUALITY = 0.85;
/** A photo this small (and no wider than SHRINK_MAX_SIDE) in a format every page shows is sent as it is. */
const KEEP_BYTES = 1024 * 1024;
const KEPT_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);

/** The size a photo `width` × `height` is drawn at: its own, or scaled so its longest side is SHRINK_MAX_SIDE. */
export function shrunkSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, SHRINK_MAX_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether a photo is sent as it is: small in bytes and pixels, in a format the store shows everywhere. */
export function keepAsIs(file: { size: number; type: string }, width: number, height: number): boolean {
  return file.size <= KEEP_BYTES && Math.max(width, height) <= SHRINK_MAX_SIDE && KEPT_TYPES.has(file.type);
}

/** Whether a chosen file is meant as a photo (by its declared type or name; the server judges its bytes). */
export function looksLikePhoto(file: { name: string; type: string }): boolean {
  return file.type.startsWith("image/") || /\.(jpe?g|png|webp|avif|heic|heif|gif|bmp)$/i.test(file.name);
}

export type Prepared = { file: File; original: File; opened: boolean };

/** The picture the browser decodes, turned upright as the camera took it. */
async function openPhoto(file: File): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    // Browsers that predate the option reject it; they turn photos upright on their own.
    return createImageBitmap(file);
  }
}

/**
 * The file to upload for a chosen photo: smaller as a JPEG when it is large, else as it is. `opened` is false when
 * the browser could not open it as a picture (not a photo, damaged): it is then sent as it is, for the server to say why.
 */
export async function preparePhoto(original: File): Promise<Prepared> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await openPhoto(original);
  } catch {
    return { file: original, original, opened: false };
  }
  try {
    if (keepAsIs(original, bitmap.width, bitmap.height)) return { file: original, original, opened: true };
    const size = shrunkSize(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext("2d");
    if (!context) return { file: original, original, opened: true };
    // A transparent PNG becomes a JPEG on white, not on black.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", SHRINK_QUALITY));
    if (!blob || (blob.size >= original.size && KEPT_TYPES.has(original.type) && Math.max(bitmap.width, bitmap.height) <= SHRINK_MAX_SIDE)) {
      return { file: original, original, opened: true };
    }
    const name = `${original.name.replace(/\.[^.]*$/, "") || "photo"}.jpg`;
    return { file: new File([blob], name, { type: "image/jpeg", lastModified: original.lastModified }), original, opened: true };
  } finally {
    bitmap.close();
  }
}

/** Puts `files` in a file input in place of what was chosen (what the form then sends); false where the browser cannot. */
export function replaceFiles(input: HTMLInputElement, files: File[]): boolean {
  try {
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    input.files = transfer.files;
    return true;
  } catch {
    return false;
  }
}
