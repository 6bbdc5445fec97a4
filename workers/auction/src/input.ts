/** Parsing of the auction API's bodies (read as fields by the API table), with the store's messages for bad input. */

import { checkAuctionForm, type CreateAuction } from "../../../app/auctions/auction-form";
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

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** The image type by its first bytes (never by its name or declared type): JPEG, PNG or WebP, else null. */
export function sniffImage(bytes: Uint8Array): { ext: "jpg" | "png" | "webp"; type: string } | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return { ext: "jpg", type: "image/jpeg" };
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { ext: "png", type: "image/png" };
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return { ext: "webp", type: "image/webp" };
  return null;
}
