/**
 * The catalogue's rules, pure: units, order limits and the admin's product form.
 */
import { z } from "zod";
import { format } from "~/i18n/format";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";
import { isPhotoAlt, MAX_PHOTO_BYTES, photoMessages } from "./photos";
import { PRODUCT_IMAGES } from "./product-images";
import { parseRupees, parseTypedNumber } from "~/lib/money";
import { PRODUCT_UNITS } from "./units";

/** The most units of one product any order may take, whatever the product says (keeps sums far from overflow). */
export const LIMIT_CEILING = 50;
/** The most units of one product that can be planned for one date. */
export const CATCH_CEILING = 10_000;
/** The most orders one delivery slot can be given. */
export const SLOT_CEILING = 1000;

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
  catchBelowHeld: "{name}, {date}: {held} already ordered; the catch cannot be less",
  catchRace: "New orders arrived while you were saving, so nothing was changed. Please check the figures and save again.",
  catchDate: "Plan the catch only for the coming 7 days",
  capacity: `Enter a whole number of orders from 0 to ${SLOT_CEILING}`,
} as const;

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
      const paise = parseRupees(v);
      // Whole rupees: every amount the store takes or refunds then stays in rupees, which gateways refund from ₹1.
      if (!Number.isSafeInteger(paise) || paise % 100 !== 0 || paise < 100 || paise > 100_000_000) {
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

/** A catch figure's field on the catch screen: one product on one date. */
export const catchField = (productId: number, date: string) => `catch.${productId}.${date}`;
/** A slot capacity's field on the catch screen: one slot on one date. */
export const slotField = (date: string, slot: string) => `cap.${date}.${slot}`;

/** The hidden field of the catch screen's form that holds every figure as the screen showed it. */
export const SHOWN_FIELD = "shown";

/** The figures a catch screen showed (`SHOWN_FIELD`), field by field; null when the form did not say. */
function shownFigures(value: FormDataEntryValue | null): Record<string, string> | null {
  if (typeof value !== "string") return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === "string"));
  } catch {
    return null;
  }
}

/**
 * The catch screen's form: each product's catch on each date in its unit (`catchField`; empty: no catch that
 * day) and each slot's capacity in orders (`slotField`), for the `dates` alone. Only the figures changed from what
 * the screen showed are entries, so a save never undoes what another admin saved meanwhile elsewhere on the
 * screen, and a slot left at the default keeps following it; a field the form did not have (a product added or
 * a date begun since it was loaded) is left as it is. The entries, an error per field that is not a whole number
 * in range, and what was typed in each field (to show it again when the save is refused).
 */
export function parsePlanForm<S extends string>(form: FormData, dates: string[], slots: readonly S[]) {
  const errors: Record<string, string> = {};
  const typed: Record<string, string> = {};
  const shown = shownFigures(form.get(SHOWN_FIELD));
  const catches: { productId: number; date: string; quantity: number | null }[] = [];
  const capacities: { date: string; slot: S; capacity: number }[] = [];
  for (const [key, value] of form) {
    if (typeof value !== "string" || key in typed) continue;
    const figure = value.trim();
    const [, id, date] = /^catch\.(\d{1,9})\.(\d{4}-\d{2}-\d{2})$/.exec(key) ?? [];
    const [, day, slot] = /^cap\.(\d{4}-\d{2}-\d{2})\.(\w{1,20})$/.exec(key) ?? [];
    const isCatch = Boolean(id) && dates.includes(date);
    const isSlot = Boolean(day) && dates.includes(day) && (slots as readonly string[]).includes(slot);
    if (!isCatch && !isSlot) continue;
    typed[key] = value.slice(0, 10);
    if (shown?.[key] === figure) continue;
    if (isCatch) {
      const n = figure === "" ? null : parseTypedNumber(figure, 0);
      if (n !== null && !(n >= 0 && n <= CATCH_CEILING)) errors[key] = productMessages.catchQty;
      catches.push({ productId: Number(id), date, quantity: n });
    } else {
      const n = parseTypedNumber(figure, 0);
      if (!(n >= 0 && n <= SLOT_CEILING)) errors[key] = productMessages.capacity;
      capacities.push({ date: day, slot: slot as S, capacity: n });
    }
  }
  return { catches, slots: capacities, errors, typed };
}

/** What the admin reads under a slot's capacity: the orders booked, "full" once they reach it, and whether it is the default. */
export function slotLoadNote(s: { booked: number; capacity: number; planned: boolean }, defaultCapacity: number): string {
  const m = shopAdminMessages.slots;
  const parts = [format(m.booked, { n: String(s.booked) })];
  if (s.booked >= s.capacity) parts.push(m.full);
  if (!s.planned) parts.push(`${m.default} ${defaultCapacity}`);
  return parts.join(" · ");
}
