/**
 * One byte range of a `Range: bytes=…` header (RFC 9110), which browsers send to play and seek video (Safari
 * plays none without it). null: no header, or one we answer with the whole file (several ranges, a malformed
 * or backwards one); "unsatisfiable": it starts past the end (416).
 */
export function parseByteRange(header: string | null, size: number): { offset: number; length: number } | "unsatisfiable" | null {
  const match = header ? /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const length = Math.min(Number(match[2]), size);
    return length === 0 ? "unsatisfiable" : { offset: size - length, length };
  }
  const start = Number(match[1]);
  if (start >= size) return "unsatisfiable";
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  return end < start ? null : { offset: start, length: end - start + 1 };
}
