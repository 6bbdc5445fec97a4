import { z } from "zod";
import type { ProductUnit } from "~/catalog/units";
import { addDays, isCalendarDate, formatDeliveryDate } from "~/delivery/slots";
import { format } from "~/i18n/format";
import type { Lang } from "~/i18n/lang";
import type { seasonMessages } from "~/i18n/season.messages";
import type { Translation } from "~/i18n/te/translation";
import { addressFormSchema, ceilingField, type ShopMessages } from "~/orders/checkout-schema";
import type { Messages } from "~/i18n/messages";
import { quantityField } from "~/waitlist/schema";

export type SeasonTexts = Translation<typeof seasonMessages>;

/** What the booking form needs to know of the product and the season, the same in the browser and on the server. */
export type SeasonFormFacts = {
  product: { name: string; unit: ProductUnit; minQty: number; maxQty: number };
  /** Today (IST) and the season's last date: the last date accepted must be after the one and not past the other. */
  today: string;
  seasonUntil: string;
};

/**
 * The pre-booking form, one schema for the browser (conform) and the server: the quantity within the product's
 * limits, the last delivery date accepted (tomorrow at the earliest, the season's last date at the latest), the
 * margin above the estimate agreed to, and the delivery address (typed, or a saved one, as at checkout).
 */
export function prebookSchema(
  formData: FormData | null,
  s: SeasonTexts,
  shop: ShopMessages & Pick<Messages["shop"], "cart">,
  facts: SeasonFormFacts,
  lang: Lang,
) {
  return addressFormSchema(formData, shop, {
    quantity: quantityField(s, shop, facts.product, lang),
    latestDate: z
      .string({ required_error: s.latestRequired })
      .trim()
      .refine(isCalendarDate, s.latestRequired)
      .refine((date) => date >= addDays(facts.today, 1), s.latestPast)
      .refine((date) => date <= facts.seasonUntil, format(s.latestAfterSeason, { date: formatDeliveryDate(facts.seasonUntil, lang) })),
    ceiling: ceilingField(shop),
  });
}

export type PrebookValue = z.infer<ReturnType<typeof prebookSchema>>;
