import { DomainError, InvalidInputError } from "../lib/errors";

/**
 * Request bodies are read through this module only, each within a cap. The cap is counted on the bytes as they
 * arrive, not taken from Content-Length, which a chunked body does not send. (Relative imports: the auction
 * Worker bundles this file too.)
 */

/** The JSON APIs' cap: every body they accept is a few hundred bytes. */
export const MAX_JSON_BYTES = 64 * 1024;

/** A body above its cap: answered 413 before anything in it is processed. */
export class BodyTooLargeError extends DomainError {
  constructor(message = "Request body too large") {
    super(message, 413);
  }
}

/**
 * The body's first bytes, at most `maxBytes` of them, and whether that is all of it: the bytes are counted as they
 * arrive and the stream is cancelled as soon as the count passes `maxBytes`, so no more than that is ever held.
 * Throws InvalidInputError (400) when the client's stream breaks off.
 */
export async function readBytesUpTo(request: Request, maxBytes: number): Promise<{ bytes: Uint8Array<ArrayBuffer>; whole: boolean }> {
  if (request.body === null) return { bytes: new Uint8Array(0), whole: true };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let whole = true;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      throw new InvalidInputError("The request body could not be read");
    });
    if (done) break;
    if (total + value.byteLength > maxBytes) {
      await reader.cancel().catch(() => undefined);
      chunks.push(value.subarray(0, maxBytes - total));
      total = maxBytes;
      whole = false;
      break;
    }
    total += value.byteLength;
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, whole };
}

/**
 * The body's bytes, at most `maxBytes` of them. A declared Content-Length above the cap is refused before
 * reading; otherwise the bytes are counted as they arrive (readBytesUpTo). Throws BodyTooLargeError (with
 * `message`, if given), or InvalidInputError (400) when the client's stream breaks off.
 */
export async function readLimitedBytes(request: Request, maxBytes: number, message?: string): Promise<Uint8Array<ArrayBuffer>> {
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) throw new BodyTooLargeError(message);
  const { bytes, whole } = await readBytesUpTo(request, maxBytes);
  if (!whole) throw new BodyTooLargeError(message);
  return bytes;
}
