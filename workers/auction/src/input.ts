/** Parsing of the auction API's bodies (read as fields by the API table), with the store's messages for bad input. */

import { parseRupees } from "../../../app/lib/money";

export type Body = Record<string, unknown>;

export type ParsedBid = { ok: true; auctionId: number; amountPaise: number; maxPaise: number | null } | { ok: false; error: string };

export function parseBid(body: Body): ParsedBid {
  // An id is a plain positive integer, as a number or as digits: not "1e0", "0x1", " 1" or 1.5.
  const raw = body.auction_id;
  const id = typeof raw === "number" ? raw : typeof raw === "string" && /^\d{1,12}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) return { ok: false, error: "Auction not found" };
  if (body.amount === undefined || body.amount === null || body.amount === "") return { ok: false, error: "Bid amount must be higher than current price" };
  const amountPaise = parseRupees(body.amount);
  if (Number.isNaN(amountPaise)) return { ok: false, error: "Enter the amount in whole rupees" };
  const rawMax = body.max_amount;
  const maxPaise = rawMax === undefined || rawMax === null || rawMax === "" ? null : parseRupees(rawMax);
  if (maxPaise !== null && Number.isNaN(maxPaise)) return { ok: false, error: "Enter the amount in whole rupees" };
  return { ok: true, auctionId: id, amountPaise, maxPaise };
}

const IST_OFFSET_MS = 5.5 * 3_600_000;

/** A `datetime-local` value typed in India Standard Time (or an ISO string with a zone) → epoch ms. */
export function parseIstDateTime(value: unknown): number {
  if (typeof value !== "string") return Number.NaN;
  const local = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (local) {
    const [, y, mo, d, h, mi] = local.map(Number);
    return Date.UTC(y, mo - 1, d, h, mi) - IST_OFFSET_MS;
  }
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(value.trim())) return Date.parse(value);
  return Number.NaN;
}

export type CreateAuction = {
  title: string;
  description: string;
  image: string | null;
  sellerName: string;
  startPricePaise: number;
  incrementPaise: number;
  startTime: number;
  endTime: number;
};

const MAX_DURATION_MS = 30 * 24 * 3_600_000;

export function createAuctionInput(body: Body, now: number): { ok: true; value: CreateAuction } | { ok: false; error: string } {
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const title = text(body.title);
  const description = text(body.description);
  if (title.length < 3 || title.length > 120) return { ok: false, error: "Title must be 3 to 120 characters" };
  if (description.length < 10 || description.length > 2000) return { ok: false, error: "Description must be 10 to 2000 characters" };
  const image = text(body.product_image ?? body.image) || null;
  // Only our own images: a product image under /media/ or an upload served by the auction Worker.
  if (image && !/^\/(media\/[\w./-]+|api\/auction\/images\/[a-z0-9-]{8,80}\.(jpg|png|webp))$/.test(image))
    return { ok: false, error: "Choose one of the product images or upload one" };
  const startPricePaise = parseRupees(body.starting_price ?? body.start_price);
  if (!Number.isSafeInteger(startPricePaise) || startPricePaise < 100 || startPricePaise % 100 !== 0)
    return { ok: false, error: "Starting price must be a whole number of rupees" };
  const rawIncrement = body.min_increment;
  const incrementPaise = rawIncrement === undefined || rawIncrement === "" ? 10_000 : parseRupees(rawIncrement);
  if (!Number.isSafeInteger(incrementPaise) || incrementPaise < 100 || incrementPaise % 100 !== 0)
    return { ok: false, error: "Minimum increment must be a whole number of rupees" };
  const startsNow = body.start_time === undefined || body.start_time === "" || body.start_now === "on" || body.start_now === true;
  const startTime = startsNow ? now : parseIstDateTime(body.start_time);
  if (Number.isNaN(startTime)) return { ok: false, error: "Enter a valid start time" };
  const endTime = body.end_time_ms !== undefined ? Number(body.end_time_ms) : parseIstDateTime(body.end_time);
  if (!Number.isSafeInteger(endTime)) return { ok: false, error: "Enter a valid end time" };
  if (endTime <= Math.max(now, startTime)) return { ok: false, error: "The end must be after the start and in the future" };
  if (endTime - now > MAX_DURATION_MS) return { ok: false, error: "An auction can run for at most 30 days" };
  const sellerName = text(body.seller_name) || "Godavari Pulasa";
  return { ok: true, value: { title, description, image, sellerName, startPricePaise, incrementPaise, startTime: Math.max(startTime, now), endTime } };
}

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** The image type by its first bytes (never by its name or declared type): JPEG, PNG or WebP, else null. */
export function sniffImage(bytes: Uint8Array): { ext: "jpg" | "png" | "webp"; type: string } | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return { ext: "jpg", type: "image/jpeg" };
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { ext: "png", type: "image/png" };
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return { ext: "webp", type: "image/webp" };
  return null;
}
