import qrcode from "qrcode-generator";

/** The quiet zone around a QR code, in modules: the four the standard asks for, so any phone camera finds it. */
const QUIET = 4;

/**
 * A QR code of `text` as one SVG path: each dark module a 1 × 1 square, the whole `size` × `size` modules with its
 * quiet zone. Error correction M survives a label's creases and a smudge of ice water.
 */
export function qrPath(text: string): { size: number; path: string } {
  const code = qrcode(0, "M");
  code.addData(text, "Byte");
  code.make();
  const count = code.getModuleCount();
  let path = "";
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) if (code.isDark(row, col)) path += `M${col + QUIET} ${row + QUIET}h1v1h-1z`;
  }
  return { size: count + 2 * QUIET, path };
}
