import type { User } from "~/db/schema";
import { tenDigitPhone } from "~/lib/phone";
import { splitName } from "./rules";

/** The form's first values: the profile's name split at the first space, its phone as 10 digits and address. */
export function shippingDefaults(user: User) {
  return { ...splitName(user.name), phone: tenDigitPhone(user.phone), address: user.address ?? "", city: "", state: "", zip: "" };
}
