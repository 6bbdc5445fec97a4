/**
 * The fish on the scale and where it landed, pure: a fish's public code, the limits of a weighing's files, the
 * landing form's fields, and the hours from the landing to the door.
 */
import { parseIstDateTime } from "../auctions/auction-form";
import { MAX_PHOTO_BYTES } from "../catalog/photos";
import { MAX_CLAIM_FILES_BYTES, MAX_CLAIM_VIDEO_BYTES } from "../claims/rules";

/** No 0/o, 1/l/i: a code read off a box label is typed without doubt. */
const CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const CODE_LENGTH = 10;
/** A fish's code: 10 of 31 letters and digits (about 8 × 10^14 codes), so a page is found by its link or label, never by trying. */
export const FISH_CODE_PATTERN = /^[2-9a-hjkmnp-z]{10}$/;

/** A new fish code from the platform's cryptographic random source (no bias: bytes past the last whole alphabet are drawn again). */
export function newFishCode(): string {
  const limit = 256 - (256 % CODE_ALPHABET.length);
  let code = "";
  while (code.length < CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < limit && code.length < CODE_LENGTH) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
  }
  return code;
}

export const fishPath = (code: string) => `/fish/${code}`;

/** Each weighed fish has 1 to this many photos on the scale. */
export const MAX_SCALE_PHOTOS = 4;
/** A photo as a phone camera makes it; a short video as a claim's; all of one weighing's files together, as a claim's. */
export const SCALE_LIMITS = { image: MAX_PHOTO_BYTES, video: MAX_CLAIM_VIDEO_BYTES } as const;
export const MAX_WEIGHING_FILES_BYTES = MAX_CLAIM_FILES_BYTES;

/** Whole hours from the landing to the door (at least 1), or null before delivery. */
export function hoursToDoor(landedAt: number, deliveredAt: number | null): number | null {
  if (deliveredAt === null || deliveredAt < landedAt) return null;
  return Math.max(1, Math.round((deliveredAt - landedAt) / 3_600_000));
}

export type LandingField = "place" | "landed_at" | "boat";
export type LandingInput = { placeId: number; landedAt: number; boat: string | null };

/** The landing form's fields checked at once (a place from the list, a time not in the future, an optional boat or fisher on one line). */
export function checkLanding(
  values: Record<LandingField, string>,
  placeIds: readonly number[],
  now: number,
): { ok: true; value: LandingInput } | { ok: false; errors: Partial<Record<LandingField, true>> } {
  const errors: Partial<Record<LandingField, true>> = {};
  const placeId = /^\d{1,9}$/.test(values.place) ? Number(values.place) : Number.NaN;
  if (!placeIds.includes(placeId)) errors.place = true;
  const landedAt = parseIstDateTime(values.landed_at);
  // A minute's grace: the admin's phone clock and ours may differ a little. A year back at most.
  if (!Number.isFinite(landedAt) || landedAt > now + 60_000 || landedAt < now - 366 * 24 * 3_600_000) errors.landed_at = true;
  const boat = values.boat.trim().replace(/\s+/g, " ");
  if (boat.length > 80 || /[\r\n]/.test(values.boat.trim())) errors.boat = true;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { placeId, landedAt, boat: boat || null } };
}

/** A landing place's name in one language: 2 to 40 characters on one line. */
export const placeName = (text: string) => text.trim().replace(/\s+/g, " ");
export const isPlaceName = (text: string) => placeName(text).length >= 2 && placeName(text).length <= 40 && !/[\r\n<>]/.test(text);
