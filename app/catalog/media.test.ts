import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inspectVideo, readMediaBytes } from "./media";

const media = (name: string) => new Uint8Array(readFileSync(`public/media/${name}`));
const ftyp = (brand: string) => new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode(`ftyp${brand}`), 0, 0, 0, 0, ...new TextEncoder().encode("isom")]);

describe("what a video's bytes are", () => {
  it("reads MP4, WebM and QuickTime files by their signatures", () => {
    expect(inspectVideo(media("hero.mp4"))).toEqual({ type: "video/mp4", ext: "mp4" });
    expect(inspectVideo(media("hero.webm"))).toEqual({ type: "video/webm", ext: "webm" });
    expect(inspectVideo(ftyp("qt  "))).toEqual({ type: "video/quicktime", ext: "mov" });
    expect(inspectVideo(ftyp("mp42"))).toEqual({ type: "video/mp4", ext: "mp4" });
  });

  it("refuses images in the same boxes (AVIF, HEIC), other Matroska files, text and cut-off headers", () => {
    expect(inspectVideo(media("fresh-pulasa-960.avif"))).toBeNull();
    expect(inspectVideo(ftyp("heic"))).toBeNull();
    const mkv = media("hero.webm").slice(0, 64);
    mkv.set(new TextEncoder().encode("matr"), 0x18);
    expect(inspectVideo(mkv)).toBeNull();
    expect(inspectVideo(new TextEncoder().encode("ftyp isom, trust me"))).toBeNull();
    expect(inspectVideo(media("hero.mp4").slice(0, 8))).toBeNull();
  });

  it("tells photos from videos", () => {
    expect(readMediaBytes(media("icon-192.png"))).toMatchObject({ media: "image", type: "image/png", width: 192 });
    expect(readMediaBytes(media("fresh-pulasa-960.avif"))).toMatchObject({ media: "image", type: "image/avif" });
    expect(readMediaBytes(media("hero.webm"))).toEqual({ media: "video", type: "video/webm", ext: "webm" });
    expect(readMediaBytes(media("favicon.svg"))).toBe("notPhoto");
    // A photo cut off is not taken for a video.
    expect(readMediaBytes(media("icon-192.png").slice(0, 100))).toBe("damaged");
  });
});
