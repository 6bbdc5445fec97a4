/** Parsing of the auction API's bodies (read as fields by the API table), with the store's messages for bad input. */

import { checkAuctionForm, type CreateAuction } from "../../../app/auctions/auction-form";
import { inspectPhoto, MAX_PHOTO_BYTES } from "../../../app/catalog/photos";
import { parseRupees } from "../../../app/lib/money";
import { refusal, type BidRefusal } from "./bid-rules";

export type Body = Record<string, unknown>;

export type ParsedBid = { ok: true; auctionId: number; amountPaise: number; maxPaise: number | null } | BidRefusal<400>;

export function parseBid(body: Body): ParsedBid {
  // An id is a plain positive integer, as a number or as digits: not "1e0", "0x1", " 1" or 1.5.
  const raw = body.auction_id;
  const id = typeof raw === "number" ? raw : typeof raw === "string" && /^\d{1,12}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) return refusal("notFound", 400);
  if (body.amount === undefined || body.amount === null || body.amount === "") return refusal("higher", 400);
  const amountPaise = parseRupees(body.amount);
  if (Number.isNaN(amountPaise)) return refusal("wholeRupees", 400);
  const rawMax = body.max_amount;
  const maxPaise = rawMax === undefined || rawMax === null || rawMax === "" ? null : parseRupees(rawMax);
  if (maxPaise !== null && Number.isNaN(maxPaise)) return refusal("wholeRupees", 400);
  return { ok: true, auctionId: id, amountPaise, maxPaise };
}

export { parseIstDateTime } from "../../../app/auctions/auction-form";

/** The API answers the first problem; the admin page shows every problem at once (checkAuctionForm). */
export function createAuctionInput(body: Body, now: number): { ok: true; value: CreateAuction } | { ok: false; error: string } {
  const checked = checkAuctionForm(body, now);
  if (checked.ok) return checked;
  return { ok: false, error: Object.values(checked.errors)[0] ?? "Failed to create auction" };
}

/** An auction's photo may be a phone camera's, as large as a product photo. */
export const MAX_IMAGE_BYTES = MAX_PHOTO_BYTES;

/** An auction's photo by its bytes (never its name or declared type): a whole JPEG, PNG or WebP, else null. */
export function sniffImage(bytes: Uint8Array): { ext: "jpg" | "png" | "webp"; type: string } | null {
  const kind = inspectPhoto(bytes);
  return kind && kind.ext !== "avif" ? { ext: kind.ext, type: kind.type } : null;
}
