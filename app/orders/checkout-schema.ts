import { z } from "zod";
import { DELIVERY_SLOTS, isCalendarDate, type DeliverySlot } from "~/delivery/slots";
import { checkoutMessages } from "~/i18n/checkout.messages";
import { PHONE_RULE } from "~/lib/phone";
import { isServiceablePincode, SERVICEABLE_STATES } from "./rules";

/**
 * The shipping form, one schema for the browser (conform) and the server. Messages are fixed texts that the
 * tests check character for character; values are trimmed. The pincode must also be serviceable and the
 * state one of the two we deliver to.
 */
// `.trim()` runs before the length checks, so "  a " is too short; conform turns an empty field into
// undefined, which is the "required" message.
const text = (requiredMessage: string) => z.string({ required_error: requiredMessage }).trim().min(1, requiredMessage);
const required = (requiredMessage: string, min: number, minMessage: string) => text(requiredMessage).min(min, minMessage).max(200);

export const shippingSchema = z.object({
  firstName: required("First name is required", 2, "First name must be at least 2 characters"),
  lastName: required("Last name is required", 2, "Last name must be at least 2 characters"),
  phone: text("Phone number is required").regex(PHONE_RULE.pattern, PHONE_RULE.message),
  address: required("Address is required", 10, "Address must be at least 10 characters"),
  city: required("City is required", 2, "City must be at least 2 characters"),
  state: required("State is required", 2, "State must be at least 2 characters").refine(
    (v) => (SERVICEABLE_STATES as readonly string[]).includes(v),
    checkoutMessages.serviceable,
  ),
  zip: text("Pincode is required")
    .regex(/^\d{6}$/, "Pincode must be exactly 6 digits")
    .refine(isServiceablePincode, checkoutMessages.serviceable),
});

export type ShippingInput = z.infer<typeof shippingSchema>;

/** The checkout's form: the address, and one choice of delivery date and slot ("2026-11-26.morning"), which the server checks is still bookable. */
export const checkoutSchema = shippingSchema.extend({
  delivery: z.string({ required_error: checkoutMessages.delivery.chooseSlot }).transform((value, ctx) => {
    const [date = "", slot = ""] = value.split(".");
    const known = (DELIVERY_SLOTS as readonly string[]).includes(slot);
    if (!isCalendarDate(date) || !known) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: checkoutMessages.delivery.chooseSlot });
      return z.NEVER;
    }
    return { date, slot: slot as DeliverySlot };
  }),
});
