import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { headerOnlyPng, jpegOfSize, pngBytes, SMALL_JPEG_SIZE, truncatedJpeg } from "../../tests/setup/images";
import { inspectPhoto, readPhotoBytes, variantWidths } from "./photos";

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

describe("a photo is whole, or refused as damaged", () => {
  const cut = (b: Uint8Array, end: number) => b.slice(0, end < 0 ? b.length + end : end);
  const jpeg = media("og-image.jpg");
  const png = media("icon-192.png");
  const webp = media("fresh-pulasa-480.webp");
  const avif = media("fresh-pulasa-960.avif");

  it("accepts a phone-sized JPEG (a small one padded to 12 MB) and bytes after a JPEG's end (a motion photo's clip)", () => {
    expect(inspectPhoto(jpegOfSize(12 * 1024 * 1024, "seed"))).toEqual({ type: "image/jpeg", ext: "jpg", ...SMALL_JPEG_SIZE });
    expect(inspectPhoto(new Uint8Array([...jpeg, ...media("hero.mp4").slice(0, 1000)]))).toMatchObject({ ext: "jpg", width: 1200 });
  });

  it("refuses a PNG header claiming 10,000 × 10,000 pixels with nothing after it, and a 33-byte cut JPEG", () => {
    expect(headerOnlyPng()).toHaveLength(69);
    expect(readPhotoBytes(headerOnlyPng())).toBe("damaged");
    expect(truncatedJpeg()).toHaveLength(33);
    expect(readPhotoBytes(truncatedJpeg())).toBe("damaged");
  });

  it("refuses a PNG without its picture data or its end, or with a chunk longer than the file", () => {
    expect(readPhotoBytes(cut(png, -12))).toBe("damaged");
    const noData = pngBytes(40, 30).slice();
    noData.set(new TextEncoder().encode("tEXt"), 8 + 25 + 4);
    expect(readPhotoBytes(noData)).toBe("damaged");
    const wrongDepth = pngBytes(40, 30).slice();
    wrongDepth[8 + 8 + 8] = 3;
    expect(readPhotoBytes(wrongDepth)).toBe("damaged");
    expect(readPhotoBytes(cut(png, 100))).toBe("damaged");
  });

  it("refuses a JPEG cut in its picture data, without a frame header, or with a segment longer than the file", () => {
    expect(readPhotoBytes(cut(jpeg, -2))).toBe("damaged");
    expect(readPhotoBytes(cut(jpeg, jpeg.length / 2))).toBe("damaged");
    expect(readPhotoBytes(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2, 1, 2, 3, 0xff, 0xd9]))).toBe("damaged");
    expect(readPhotoBytes(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x40, 0, 1, 2, 3]))).toBe("damaged");
  });

  it("refuses a WebP whose RIFF size the bytes do not hold or whose picture chunk is missing or broken", () => {
    expect(readPhotoBytes(cut(webp, -10))).toBe("damaged");
    const noFrame = webp.slice();
    noFrame.set([0, 0, 0], 20 + 3);
    expect(readPhotoBytes(noFrame)).toBe("damaged");
    const header = webp.slice(0, 30);
    new DataView(header.buffer).setUint32(4, 22, true);
    expect(readPhotoBytes(header)).toBe("damaged");
  });

  it("refuses an AVIF whose boxes do not fill the file", () => {
    expect(readPhotoBytes(cut(avif, -1))).toBe("damaged");
    expect(readPhotoBytes(cut(avif, 400))).toBe("damaged");
  });

  it("refuses more than 12,000 pixels a side or 50 megapixels, and none at all", () => {
    expect(inspectPhoto(pngBytes(12_000, 4_000))).toMatchObject({ width: 12_000, height: 4_000 });
    expect(inspectPhoto(pngBytes(8_000, 6_250))).toMatchObject({ width: 8_000 });
    expect(readPhotoBytes(pngBytes(12_001, 100))).toBe("pixels");
    expect(readPhotoBytes(pngBytes(8_000, 6_251))).toBe("pixels");
    expect(readPhotoBytes(pngBytes(0, 100))).toBe("damaged");
  });

  it("tells other files from photos", () => {
    expect(readPhotoBytes(new TextEncoder().encode("%PDF-1.7\n1 0 obj"))).toBe("notPhoto");
    expect(readPhotoBytes(new Uint8Array(0))).toBe("notPhoto");
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
