import { z } from "zod";
import { limitProblem, type ProductUnit } from "~/catalog/units";
import type { Lang } from "~/i18n/lang";
import type { Messages } from "~/i18n/messages";
import type { waitlistMessages } from "~/i18n/waitlist.messages";
import type { Translation } from "~/i18n/te/translation";
import { pincodeField } from "~/orders/checkout-schema";

export type WaitlistTexts = Translation<typeof waitlistMessages>;

/** How much a shopper asks for: whole units within the product's limits, refused as the cart words them. */
export function quantityField(
  w: { quantityRequired: string; quantityWhole: string },
  shop: Pick<Messages["shop"], "cart">,
  product: { name: string; unit: ProductUnit; minQty: number; maxQty: number },
  lang: Lang,
) {
  return z
    .string({ required_error: w.quantityRequired })
    .trim()
    .regex(/^\d{1,6}$/, w.quantityWhole)
    .transform(Number)
    .superRefine((quantity, ctx) => {
      const problem = limitProblem(product, quantity, shop.cart, lang);
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    });
}

/**
 * The waitlist's join form, one schema for the browser (conform) and the server: how much, within the product's
 * limits as the cart words them, and the delivery pincode checked exactly as the checkout checks it.
 */
export function waitlistSchema(
  w: Pick<WaitlistTexts, "quantityRequired" | "quantityWhole">,
  shop: Pick<Messages["shop"], "shippingErrors" | "serviceable" | "cart">,
  product: { name: string; unit: ProductUnit; minQty: number; maxQty: number },
  lang: Lang,
) {
  return z.object({ quantity: quantityField(w, shop, product, lang), zip: pincodeField(shop) });
}
