import { z } from "zod";
import { DELIVERY_SLOTS, isCalendarDate, type DeliverySlot } from "~/delivery/slots";
import { addressMessages } from "~/i18n/address.messages";
import { checkoutMessages } from "~/i18n/checkout.messages";
import { format } from "~/i18n/format";
import { normalisePhone, normalisePincode, PHONE_RULE } from "~/lib/phone";
import { isServiceablePincode, SERVICEABLE_STATES, stateForPincode } from "./rules";

/**
 * The shipping form, one schema for the browser (conform) and the server. Messages are fixed texts that the
 * tests check character for character; values are trimmed, a phone and a pincode lose their spaces, dashes and
 * +91/0 prefix. The pincode must also be serviceable, the state one of the two we deliver to, and the pincode
 * in that state.
 */
// `.trim()` runs before the length checks, so "  a " is too short; conform turns an empty field into
// undefined, which is the "required" message.
const text = (requiredMessage: string) => z.string({ required_error: requiredMessage }).trim().min(1, requiredMessage);
const required = (requiredMessage: string, min: number, minMessage: string) => text(requiredMessage).min(min, minMessage).max(200);

const shippingFields = z.object({
  firstName: required("First name is required", 2, "First name must be at least 2 characters"),
  lastName: required("Last name is required", 2, "Last name must be at least 2 characters"),
  phone: text("Phone number is required").transform(normalisePhone).pipe(z.string().regex(PHONE_RULE.pattern, PHONE_RULE.message)),
  address: required("Address is required", 10, "Address must be at least 10 characters"),
  city: required("City is required", 2, "City must be at least 2 characters"),
  state: required("State is required", 2, "State must be at least 2 characters").refine(
    (v) => (SERVICEABLE_STATES as readonly string[]).includes(v),
    checkoutMessages.serviceable,
  ),
  zip: text("Pincode is required")
    .transform(normalisePincode)
    .pipe(
      z
        .string()
        .regex(/^\d{6}$/, "Pincode must be exactly 6 digits")
        .refine(isServiceablePincode, checkoutMessages.serviceable),
    ),
});

/** The pincode must be in the chosen state: the error names the state it is in. */
function pincodeInState({ zip, state }: { zip: string; state: string }, ctx: z.RefinementCtx) {
  const pincodeState = stateForPincode(zip);
  if (pincodeState && (SERVICEABLE_STATES as readonly string[]).includes(state) && pincodeState !== state) {
    ctx.addIssue({ code: "custom", path: ["zip"], message: format(checkoutMessages.pincodeState, { zip, state: pincodeState }) });
  }
}

export const shippingSchema = shippingFields.superRefine(pincodeInState);

export type ShippingInput = z.infer<typeof shippingSchema>;

/** One choice of delivery date and slot ("2026-11-26.morning"), which the server checks is still bookable. */
export const deliveryChoice = z.string({ required_error: checkoutMessages.delivery.chooseSlot }).transform((value, ctx) => {
  const parts = value.split(".");
  const [date = "", slot = ""] = parts;
  const known = (DELIVERY_SLOTS as readonly string[]).includes(slot);
  if (parts.length !== 2 || !isCalendarDate(date) || !known) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: checkoutMessages.delivery.chooseSlot });
    return z.NEVER;
  }
  return { date, slot: slot as DeliverySlot };
});

/** The checkout's form: the address and the delivery choice, each checked on its own so both say what is wrong at once. */
export const checkoutSchema = z.intersection(shippingSchema, z.object({ delivery: deliveryChoice }));

/** 'A new address': the typed fields count. Without saved addresses the form has no choice at all, which means the same. */
export const NEW_ADDRESS = "new";

/** A saved address chosen by its id (whose it is, and whether it still passes the rules, the server checks). */
const savedCheckoutSchema = z.object({
  addressId: z
    .string({ required_error: addressMessages.chooseAddress })
    .regex(/^\d{1,15}$/, addressMessages.chooseAddress)
    .transform(Number),
  delivery: deliveryChoice,
});

/** The checkout's schema for what was sent: the typed address, or a saved one's id (the typed fields then ignored). */
export function checkoutSchemaFor(formData: FormData) {
  const choice = formData.get("addressId");
  return choice === null || choice === NEW_ADDRESS ? checkoutSchema : savedCheckoutSchema;
}

export type CheckoutValue = z.infer<typeof checkoutSchema> | z.infer<typeof savedCheckoutSchema>;
