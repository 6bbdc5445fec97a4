import type { User } from "~/db/schema";
import { storedPhone, tenDigitPhone } from "~/lib/phone";
import type { ShippingInput } from "./checkout-schema";
import { splitName } from "./rules";

/** The form's first values: the profile's name split at the first space, its phone as 10 digits and address. */
export function shippingDefaults(user: User) {
  return { ...splitName(user.name), phone: tenDigitPhone(user.phone), address: user.address ?? "", city: "", state: "", zip: "" };
}

/** A checked address as an order's columns (the phone stored with its +91 prefix). */
export function shippingColumns(s: ShippingInput) {
  return { firstName: s.firstName, lastName: s.lastName, phone: storedPhone(s.phone), address: s.address, city: s.city, state: s.state, zip: s.zip };
}
