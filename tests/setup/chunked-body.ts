/**
 * A request whose body is a stream sent in 16 kB pieces with no Content-Length, as a chunked upload arrives:
 * only counting while reading can bound it. `sent()` is how many bytes the server has pulled so far.
 * (`duplex: "half"` is what a stream body needs; the DOM types do not name it yet.)
 */
export function chunkedUpload(url: string, init: Omit<RequestInit, "body"> & { body: string | Uint8Array }) {
  const bytes = typeof init.body === "string" ? new TextEncoder().encode(init.body) : init.body;
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 16_384));
      offset = Math.min(offset + 16_384, bytes.byteLength);
    },
  });
  const request = new Request(url, { ...init, body, duplex: "half" } as RequestInit);
  if (request.headers.has("Content-Length")) throw new Error("a chunked body sends no Content-Length");
  return { request, sent: () => offset };
}

/** `{...fields, "pad":"aaa…"}` of exactly `size` bytes (ASCII), to put a JSON body at or over a cap. */
export function jsonOfSize(size: number, fields: Record<string, unknown> = {}): string {
  const base = JSON.stringify({ ...fields, pad: "" });
  if (size < base.length) throw new Error(`a body of ${size} bytes cannot hold ${base}`);
  return JSON.stringify({ ...fields, pad: "a".repeat(size - base.length) });
}
