import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inspectPhoto, variantWidths } from "./photos";

const media = (name: string) => new Uint8Array(readFileSync(`public/media/${name}`));

describe("what a photo's bytes are", () => {
  it("reads the format and the size of JPEG, PNG, WebP and AVIF files made for this shop", () => {
    expect(inspectPhoto(media("og-image.jpg"))).toEqual({ type: "image/jpeg", ext: "jpg", width: 1200, height: 630 });
    expect(inspectPhoto(media("icon-192.png"))).toEqual({ type: "image/png", ext: "png", width: 192, height: 192 });
    expect(inspectPhoto(media("fresh-pulasa-480.webp"))).toEqual({ type: "image/webp", ext: "webp", width: 480, height: 360 });
    expect(inspectPhoto(media("fresh-pulasa-960.avif"))).toEqual({ type: "image/avif", ext: "avif", width: 960, height: 720 });
  });

  it("refuses what only claims to be a photo: text, SVG, video, a cut-off header", () => {
    expect(inspectPhoto(new TextEncoder().encode("<?php echo 'hi'; ?>"))).toBeNull();
    expect(inspectPhoto(media("favicon.svg"))).toBeNull();
    expect(inspectPhoto(media("hero.mp4").slice(0, 4096))).toBeNull();
    expect(inspectPhoto(media("icon-192.png").slice(0, 12))).toBeNull();
    expect(inspectPhoto(media("og-image.jpg").slice(0, 3))).toBeNull();
  });
});

describe("the widths of a photo's copies", () => {
  it("480, 720 and 960 px, never wider than the photo: a narrower photo gets a copy at its own width instead", () => {
    expect(variantWidths(1200)).toEqual([480, 720, 960]);
    expect(variantWidths(960)).toEqual([480, 720, 960]);
    expect(variantWidths(800)).toEqual([480, 720, 800]);
    expect(variantWidths(700)).toEqual([480, 700]);
    expect(variantWidths(480)).toEqual([480]);
    expect(variantWidths(300)).toEqual([300]);
  });
});
