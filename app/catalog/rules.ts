/**
 * The catalogue's rules, pure: units, order limits and the admin's product form.
 */
import { z } from "zod";
import { format } from "~/i18n/format";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";
import { isPhotoAlt, MAX_PHOTO_BYTES, photoMessages } from "./photos";
import { PRODUCT_IMAGES } from "./product-images";
import { PRODUCT_UNITS } from "./units";

/** The most units of one product any order may take, whatever the product says (keeps sums far from overflow). */
export const LIMIT_CEILING = 50;
/** The most units of one product that can be planned for one date. */
export const CATCH_CEILING = 10_000;

export const productMessages = {
  name: "Name must be 2 to 80 characters",
  slug: "Use 2 to 60 lower-case letters, digits and hyphens",
  slugTaken: "Another product already uses this web address",
  description: "Description must be 10 to 2000 characters",
  category: "Category must be 2 to 40 characters",
  price: "Enter a price in whole rupees between ₹1 and ₹10,00,000",
  unit: "Choose per kg or per pack",
  minQty: `Minimum must be a whole number from 1 to ${LIMIT_CEILING}`,
  maxQty: `Maximum must be a whole number from 1 to ${LIMIT_CEILING}`,
  minAboveMax: "The minimum cannot be above the maximum",
  image: "Choose one of the photos",
  sortOrder: "Position must be a whole number from 0 to 999",
  catchQty: `Enter a whole number from 0 to ${CATCH_CEILING}`,
  catchBelowHeld: "{date}: {held} already ordered; the catch cannot be less",
  catchRace: "New orders arrived while you were saving, so nothing was changed. Please check the figures and save again.",
  catchDate: "Plan the catch only for the coming 7 days",
  capacity: "Enter a whole number of orders from 0 to 1000",
} as const;

/** Rupees as typed by a person ("25,000" or "₹ 1,250.50") to integer paise; null when it is not an amount. */
export function rupeesToPaise(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** A text of `min` to `max` characters once trimmed. */
const text = (message: string, min: number, max: number) => z.string({ required_error: message }).trim().min(min, message).max(max, message);

/** An optional text: empty, or only spaces, is none (undefined); anything else keeps the limits of `text`. */
const optionalText = (message: string, min: number, max: number) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), text(message, min, max).optional());

const teluguMessages = shopAdminMessages.telugu;

const whole = (message: string, min: number, max: number) => z.coerce.number({ invalid_type_error: message }).int(message).min(min, message).max(max, message);

/** The admin's product form, for the browser and the server; the price arrives in rupees and leaves in paise. */
export const productFormSchema = z
  .object({
    name: text(productMessages.name, 2, 80),
    slug: z
      .string({ required_error: productMessages.slug })
      .trim()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, productMessages.slug)
      .min(2, productMessages.slug)
      .max(60, productMessages.slug),
    description: text(productMessages.description, 10, 2000),
    category: text(productMessages.category, 2, 40),
    // The Telugu pages' texts, each optional and held to the English one's limits.
    nameTe: optionalText(teluguMessages.nameError, 2, 80),
    descriptionTe: optionalText(teluguMessages.descriptionError, 10, 2000),
    categoryTe: optionalText(teluguMessages.categoryError, 2, 40),
    price: z.string({ required_error: productMessages.price }).transform((v, ctx) => {
      const paise = rupeesToPaise(v);
      // Whole rupees: every amount the store takes or refunds then stays in rupees, which gateways refund from ₹1.
      if (paise === null || paise % 100 !== 0 || paise < 100 || paise > 100_000_000) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: productMessages.price });
        return z.NEVER;
      }
      return paise;
    }),
    unit: z.enum(PRODUCT_UNITS, { errorMap: () => ({ message: productMessages.unit }) }),
    minQty: whole(productMessages.minQty, 1, LIMIT_CEILING),
    maxQty: whole(productMessages.maxQty, 1, LIMIT_CEILING),
    image: z.enum(PRODUCT_IMAGES, { errorMap: () => ({ message: productMessages.image }) }),
    sortOrder: whole(productMessages.sortOrder, 0, 999).default(0),
    // A new product may come with its first photo, described for those who cannot see it; its bytes are judged on the server.
    photo: z.instanceof(File).optional(),
    photoAlt: z.string().optional(),
  })
  .refine((v) => v.minQty <= v.maxQty, { message: productMessages.minAboveMax, path: ["minQty"] })
  .superRefine((v, ctx) => {
    if (!v.photo) return;
    if (v.photo.size > MAX_PHOTO_BYTES) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["photo"], message: photoMessages.tooLarge });
    if (!isPhotoAlt(v.photoAlt ?? "")) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["photoAlt"], message: photoMessages.alt });
  });

export type ProductForm = z.infer<typeof productFormSchema>;

/**
 * The catch form: one field per coming date, `catch.<date>`, in units; empty means no catch that day. The
 * entries, or an error per date that is not a whole number in range.
 */
export function parseCatchForm(form: FormData, dates: string[]): { entries: { date: string; quantity: number | null }[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const entries = dates.map((date) => {
    const raw = String(form.get(`catch.${date}`) ?? "").trim();
    if (raw === "") return { date, quantity: null };
    const n = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
    if (!(n >= 0 && n <= CATCH_CEILING)) errors[date] = productMessages.catchQty;
    return { date, quantity: n };
  });
  return { entries, errors };
}

/** What the admin reads under a slot's capacity: the orders booked, "full" once they reach it, and whether it is the default. */
export function slotLoadNote(s: { booked: number; capacity: number; planned: boolean }, defaultCapacity: number): string {
  const m = shopAdminMessages.slots;
  const parts = [format(m.booked, { n: String(s.booked) })];
  if (s.booked >= s.capacity) parts.push(m.full);
  if (!s.planned) parts.push(`${m.default} ${defaultCapacity}`);
  return parts.join(" · ");
}

/** The slots form: `cap.<date>.<slot>`, a whole number of orders; an error per field that is not. */
export function parseSlotsForm<S extends string>(form: FormData, dates: string[], slots: readonly S[]) {
  const errors: Record<string, string> = {};
  const entries = dates.flatMap((date) =>
    slots.map((slot) => {
      const key = `cap.${date}.${slot}`;
      const raw = String(form.get(key) ?? "").trim();
      const n = /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
      if (!(n >= 0 && n <= 1000)) errors[key] = productMessages.capacity;
      return { date, slot, capacity: n };
    }),
  );
  return { entries, errors };
}
