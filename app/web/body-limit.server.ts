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
    super(message, "too_large");
  }
}

/**
 * The body's first bytes, at most `maxBytes` of them, and whether that is all of it: the bytes are counted as they
 * arrive and no more than `maxBytes` is ever held. Past the cap the stream is cancelled at once, unless `drainTo`
 * is given: then what follows is read and dropped until the body ends or `drainTo` bytes in all have come, so a
 * browser that is still sending an honest but oversized form gets to read the answer (a connection closed under
 * its upload shows it a network error instead). Throws InvalidInputError (400) when the client's stream breaks off.
 */
/** Reads and drops the rest of a stream until it ends or `drainTo` bytes in all have come (`seen` so far); then cancels it. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, seen: number, drainTo: number) {
  for (let read = seen; read < drainTo;) {
    const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
    if (next.done) return;
    read += next.value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
}

export async function readBytesUpTo(request: Request, maxBytes: number, drainTo = 0): Promise<{ bytes: Uint8Array<ArrayBuffer>; whole: boolean }> {
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
      chunks.push(value.subarray(0, maxBytes - total));
      await drain(reader, total + value.byteLength, drainTo);
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
