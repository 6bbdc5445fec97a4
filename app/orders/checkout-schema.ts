import { z } from "zod";
import { checkoutMessages } from "~/i18n/checkout.messages";
import { isServiceablePincode, SERVICEABLE_STATES } from "./rules";

/**
 * The shipping form (spec section 5), one schema for the browser (conform) and the server. Messages are the
 * spec's, character for character; values are trimmed. Beyond the spec: the pincode must be serviceable and
 * the state one of the two we deliver to.
 */
const required = (requiredMessage: string, min: number, minMessage: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ required_error: requiredMessage }).min(1, requiredMessage).min(min, minMessage).max(200),
  );

export const shippingSchema = z.object({
  firstName: required("First name is required", 2, "First name must be at least 2 characters"),
  lastName: required("Last name is required", 2, "Last name must be at least 2 characters"),
  phone: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ required_error: "Phone number is required" }).min(1, "Phone number is required").regex(/^\d{10}$/, "Phone number must be exactly 10 digits"),
  ),
  address: required("Address is required", 10, "Address must be at least 10 characters"),
  city: required("City is required", 2, "City must be at least 2 characters"),
  state: required("State is required", 2, "State must be at least 2 characters").refine(
    (v) => (SERVICEABLE_STATES as readonly string[]).includes(v),
    checkoutMessages.serviceable,
  ),
  zip: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ required_error: "Pincode is required" })
      .min(1, "Pincode is required")
      .regex(/^\d{6}$/, "Pincode must be exactly 6 digits")
      .refine(isServiceablePincode, checkoutMessages.serviceable),
  ),
});

export type ShippingInput = z.infer<typeof shippingSchema>;
