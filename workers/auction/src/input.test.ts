import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { jpegOfSize, pngBytes } from "../../../tests/setup/images";
import { createAuctionInput, parseBid, parseIstDateTime, sniffImage } from "./input";

const media = (name: string) => new Uint8Array(readFileSync(`public/media/${name}`));

describe("sniffImage (by bytes, never by name)", () => {
  it("knows whole JPEG, PNG and WebP photos and refuses anything else: their signatures alone, AVIF, text", () => {
    expect(sniffImage(jpegOfSize(2000))?.ext).toBe("jpg");
    expect(sniffImage(pngBytes(40, 30))?.ext).toBe("png");
    expect(sniffImage(media("fresh-pulasa-480.webp"))?.ext).toBe("webp");
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(sniffImage(new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]))).toBeNull();
    expect(sniffImage(media("fresh-pulasa-480.avif"))).toBeNull();
    expect(sniffImage(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
    expect(sniffImage(new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x41, 0x56, 0x49, 0x20]))).toBeNull();
    expect(sniffImage(new Uint8Array([]))).toBeNull();
  });
});

describe("parseBid", () => {
  it("reads rupees as numbers or strings and refuses junk", () => {
    expect(parseBid({ auction_id: 3, amount: 1200 })).toEqual({ ok: true, auctionId: 3, amountPaise: 120_000, maxPaise: null });
    expect(parseBid({ auction_id: "3", amount: "1,200", max_amount: "2000" })).toEqual({ ok: true, auctionId: 3, amountPaise: 120_000, maxPaise: 200_000 });
    expect(parseBid({ auction_id: 3, amount: "" })).toMatchObject({ ok: false, error: "Bid amount must be higher than current price" });
    expect(parseBid({ auction_id: 3, amount: " 1,20,000 " })).toMatchObject({ ok: true, amountPaise: 12_000_000 });
    for (const amount of ["1e5", "-5", "12abc", {}, [1], "1200\t", "\n1200", "1200\u0000", "１２００", "1e21", 1e21]) {
      expect(parseBid({ auction_id: 3, amount }).ok).toBe(false);
    }
    for (const auction_id of ["x", "1e0", "0x1", " 3", "3.0", 3.5, 0, -3, true, null, [3]]) {
      expect(parseBid({ auction_id, amount: 5 })).toEqual({ ok: false, error: "Auction not found", code: "notFound", status: 400 });
    }
  });
});

describe("IST times and the create form", () => {
  it("reads datetime-local values as India Standard Time", () => {
    expect(parseIstDateTime("2026-11-23T05:30")).toBe(Date.UTC(2026, 10, 23, 0, 0));
    expect(Number.isNaN(parseIstDateTime("tomorrow"))).toBe(true);
  });

  it("defaults the increment to ₹100 and the start to now; the end must be later", () => {
    const now = Date.UTC(2026, 10, 23, 0, 0);
    const ok = createAuctionInput({ title: "Royal Pulasa", description: "One large fish.", starting_price: "1000", end_time: "2026-11-23T07:30" }, now);
    expect(ok).toEqual({
      ok: true,
      value: expect.objectContaining({ incrementPaise: 10_000, startTime: now, endTime: now + 2 * 3_600_000, startPricePaise: 100_000 }),
    });
    expect(createAuctionInput({ title: "Royal Pulasa", description: "One large fish.", starting_price: "1000", end_time: "2026-11-23T05:00" }, now).ok).toBe(
      false,
    );
  });
});
