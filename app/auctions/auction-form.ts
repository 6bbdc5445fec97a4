/** The admin's auction form, checked field by field: the auction Worker's rules and the page's error list. */

// Relative, not "~": the auction Worker bundles this file too.
import { parseRupees } from "../lib/money";

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
  /** Shown on Telugu pages instead of the English ones; null when the admin gave none. */
  titleTe: string | null;
  descriptionTe: string | null;
  image: string | null;
  sellerName: string;
  startPricePaise: number;
  incrementPaise: number;
  startTime: number;
  endTime: number;
};

const MAX_DURATION_MS = 30 * 24 * 3_600_000;

export type AuctionField =
  "title" | "description" | "title_te" | "description_te" | "product_image" | "upload" | "starting_price" | "min_increment" | "start_time" | "end_time";
export type AuctionFormErrors = Partial<Record<AuctionField, string>>;

/** Every field's problem at once (in the form's order), or the auction to create. */
export function checkAuctionForm(body: Record<string, unknown>, now: number): { ok: true; value: CreateAuction } | { ok: false; errors: AuctionFormErrors } {
  const errors: AuctionFormErrors = {};
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const title = text(body.title);
  const description = text(body.description);
  if (title.length < 3 || title.length > 120) errors.title = "Title must be 3 to 120 characters";
  if (description.length < 10 || description.length > 2000) errors.description = "Description must be 10 to 2000 characters";
  // The Telugu texts are optional, and held to the English ones' limits when given.
  const titleTe = text(body.title_te) || null;
  const descriptionTe = text(body.description_te) || null;
  if (titleTe !== null && (titleTe.length < 3 || titleTe.length > 120)) errors.title_te = "The Telugu title must be 3 to 120 characters";
  if (descriptionTe !== null && (descriptionTe.length < 10 || descriptionTe.length > 2000))
    errors.description_te = "The Telugu description must be 10 to 2000 characters";
  const image = text(body.product_image ?? body.image) || null;
  // Only our own images: a product image under /media/ or an upload served by the auction Worker.
  if (image && !/^\/(media\/[\w./-]+|api\/auction\/images\/[a-z0-9-]{8,80}\.(jpg|png|webp))$/.test(image))
    errors.product_image = "Choose one of the product images or upload one";
  const startPricePaise = parseRupees(body.starting_price ?? body.start_price);
  if (!Number.isSafeInteger(startPricePaise) || startPricePaise < 100 || startPricePaise % 100 !== 0)
    errors.starting_price = "Starting price must be a whole number of rupees";
  const rawIncrement = body.min_increment;
  const incrementPaise = rawIncrement === undefined || rawIncrement === "" ? 10_000 : parseRupees(rawIncrement);
  if (!Number.isSafeInteger(incrementPaise) || incrementPaise < 100 || incrementPaise % 100 !== 0)
    errors.min_increment = "Minimum increment must be a whole number of rupees";
  const startsNow = body.start_time === undefined || body.start_time === "" || body.start_now === "on" || body.start_now === true;
  const startTime = startsNow ? now : parseIstDateTime(body.start_time);
  if (Number.isNaN(startTime)) errors.start_time = "Enter a valid start time";
  const endTime = body.end_time_ms !== undefined ? Number(body.end_time_ms) : parseIstDateTime(body.end_time);
  if (!Number.isSafeInteger(endTime)) errors.end_time = "Enter a valid end time";
  else if (endTime <= Math.max(now, Number.isNaN(startTime) ? now : startTime)) errors.end_time = "The end must be after the start and in the future";
  else if (endTime - now > MAX_DURATION_MS) errors.end_time = "An auction can run for at most 30 days";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const sellerName = text(body.seller_name) || "Godavari Pulasa";
  return {
    ok: true,
    value: { title, description, titleTe, descriptionTe, image, sellerName, startPricePaise, incrementPaise, startTime: Math.max(startTime, now), endTime },
  };
}
