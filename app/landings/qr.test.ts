import jsQR from "jsqr";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FishLabels } from "~/components/fish-labels";
import { qrPath } from "./qr";

/** Draws a QR path (its 1 × 1 squares) at `scale` pixels a module and reads it back as a phone camera would. */
function read({ size, path }: { size: number; path: string }, scale = 4): string | null {
  const side = size * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const at = ((Number(y) * scale + dy) * side + Number(x) * scale + dx) * 4;
        pixels.fill(0, at, at + 3);
      }
    }
  }
  return jsQR(pixels, side, side)?.data ?? null;
}

describe("a fish's QR code", () => {
  it("reads back as the fish page's address, quiet zone included", () => {
    const url = "https://pulasa.example.in/fish/yanampcs23";
    const qr = qrPath(url);
    expect(read(qr)).toBe(url);
    // Nothing dark in the four modules of quiet zone on any side.
    const xs = [...qr.path.matchAll(/M(\d+) (\d+)/g)].flatMap(([, x, y]) => [Number(x), Number(y)]);
    expect(Math.min(...xs)).toBe(4);
    expect(Math.max(...xs)).toBe(qr.size - 5);
  });

  it("is on each fish's label of the packing list, leading to that fish's page", () => {
    const html = renderToStaticMarkup(createElement(FishLabels, { codes: ["yanampcs23", "k7m2p9qrst"], origin: "https://pulasa.example.in" }));
    const paths = [...html.matchAll(/<path d="([^"]+)"/g)].map((m) => m[1]);
    const sizes = [...html.matchAll(/viewBox="0 0 (\d+) \1"/g)].map((m) => Number(m[1]));
    expect(paths.map((path, i) => read({ size: sizes[i], path }))).toEqual([
      "https://pulasa.example.in/fish/yanampcs23",
      "https://pulasa.example.in/fish/k7m2p9qrst",
    ]);
    expect(html).toContain('aria-label="QR code of fish yanampcs23&#x27;s page"');
  });
});
