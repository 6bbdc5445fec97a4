import { z } from "zod";
import { DELIVERY_SLOTS, isCalendarDate, type DeliverySlot } from "~/delivery/slots";
import { format } from "~/i18n/format";
import type { Messages } from "~/i18n/messages";
import { normalisePhone, normalisePincode, PHONE_RULE } from "~/lib/phone";
import { plainLine } from "~/lib/text";
import { CEILING_CHOICES, DEFAULT_CEILING } from "./ceiling";
import { isServiceablePincode, SERVICEABLE_STATES, stateForPincode } from "./rules";

/**
 * The shipping form, one schema for the browser (conform) and the server, built from the page's catalogue (the
 * root's data in the browser, `messagesFor(deps)` on the server), so its refusals are in the page's language
 * and no catalogue is in the browser's JavaScript. The English texts are checked character for character by the
 * tests. Values are trimmed, a phone and a pincode lose their spaces, dashes and +91/0 prefix. The pincode must
 * also be serviceable, the state one of the two we deliver to, and the pincode in that state.
 */
export type ShopMessages = Pick<Messages["shop"], "shippingErrors" | "serviceable" | "pincodeState" | "states" | "delivery" | "ceiling">;

// One plain line (a name or an address is printed on the packing list), trimmed before the length checks, so
// "  a " is too short; conform turns an empty field into undefined, which is the "required" message.
const textField = (m: Pick<ShopMessages, "shippingErrors">, requiredMessage: string, min = 1, minMessage = requiredMessage) =>
  z
    .string({ required_error: requiredMessage })
    .transform(plainLine)
    .pipe(z.string().trim().min(1, requiredMessage).min(min, minMessage).max(200, m.shippingErrors.tooLong));

/** A delivery pincode: six digits once spaces, dashes and a prefix are gone, and one we deliver to. */
export const pincodeField = (m: Pick<ShopMessages, "shippingErrors" | "serviceable">) =>
  textField(m, m.shippingErrors.zipRequired)
    .transform(normalisePincode)
    .pipe(
      z
        .string()
        .regex(/^\d{6}$/, m.shippingErrors.zip)
        .refine(isServiceablePincode, m.serviceable),
    );

function shippingFields(m: ShopMessages) {
  const e = m.shippingErrors;
  const text = (requiredMessage: string, min = 1, minMessage = requiredMessage) => textField(m, requiredMessage, min, minMessage);
  return z.object({
    firstName: text(e.firstNameRequired, 2, e.firstNameShort),
    lastName: text(e.lastNameRequired, 2, e.lastNameShort),
    phone: text(e.phoneRequired).transform(normalisePhone).pipe(z.string().regex(PHONE_RULE, e.phone)),
    address: text(e.addressRequired, 10, e.addressShort),
    city: text(e.cityRequired, 2, e.cityShort),
    state: text(e.stateRequired, 2, e.stateShort).refine((v) => (SERVICEABLE_STATES as readonly string[]).includes(v), m.serviceable),
    zip: pincodeField(m),
  });
}

/** The pincode must be in the chosen state: the error names the state it is in (as the form's list names it). */
const pincodeInState =
  (m: ShopMessages) =>
  ({ zip, state }: { zip: string; state: string }, ctx: z.RefinementCtx) => {
    const pincodeState = stateForPincode(zip);
    if (pincodeState && (SERVICEABLE_STATES as readonly string[]).includes(state) && pincodeState !== state) {
      ctx.addIssue({ code: "custom", path: ["zip"], message: format(m.pincodeState, { zip, state: m.states[pincodeState] }) });
    }
  };

/** One choice of delivery date and slot ("2026-11-26.morning"), which the server checks is still bookable. */
const deliveryField = (m: ShopMessages) =>
  z.string({ required_error: m.delivery.chooseSlot }).transform((value, ctx) => {
    const parts = value.split(".");
    const [date = "", slot = ""] = parts;
    const known = (DELIVERY_SLOTS as readonly string[]).includes(slot);
    if (parts.length !== 2 || !isCalendarDate(date) || !known) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: m.delivery.chooseSlot });
      return z.NEVER;
    }
    return { date, slot: slot as DeliverySlot };
  });

/**
 * The most the shopper agrees to pay: one of the offered margins, or any weight (the amount itself is the server's
 * to compute). The form always sends one (the usual margin is chosen first); a post without it gets the usual one.
 */
export const ceilingField = (m: ShopMessages) => z.enum(CEILING_CHOICES, { errorMap: () => ({ message: m.ceiling.required }) }).default(DEFAULT_CEILING);

/** 'A new address': the typed fields count. Without saved addresses the form has no choice at all, which means the same. */
export const NEW_ADDRESS = "new";

function buildSchemas(m: ShopMessages) {
  const shipping = shippingFields(m).superRefine(pincodeInState(m));
  const delivery = deliveryField(m);
  const ceiling = ceilingField(m);
  return {
    shipping,
    delivery,
    /** The checkout's form: the address and the delivery choice, each checked on its own so both say what is wrong at once. */
    checkout: z.intersection(shipping, z.object({ delivery, ceiling })),
    /** A saved address chosen by its id (whose it is, and whether it still passes the rules, the server checks). */
    saved: z.object({
      addressId: z
        .string({ required_error: m.shippingErrors.chooseAddress })
        .regex(/^\d{1,15}$/, m.shippingErrors.chooseAddress)
        .transform(Number),
      delivery,
      ceiling,
    }),
  };
}

// A catalogue is one object per language (catalogue.ts keeps them), so each language's schemas are built once.
const built = new WeakMap<ShopMessages, ReturnType<typeof buildSchemas>>();

function schemas(m: ShopMessages) {
  let s = built.get(m);
  if (!s) built.set(m, (s = buildSchemas(m)));
  return s;
}

export const shippingSchema = (m: ShopMessages) => schemas(m).shipping;
export const deliveryChoice = (m: ShopMessages) => schemas(m).delivery;
export const checkoutSchema = (m: ShopMessages) => schemas(m).checkout;

/** The checkout's schema for what was sent: the typed address, or a saved one's id (the typed fields then ignored). */
export function checkoutSchemaFor(formData: FormData, m: ShopMessages) {
  const choice = formData.get("addressId");
  return choice === null || choice === NEW_ADDRESS ? schemas(m).checkout : schemas(m).saved;
}

/**
 * A form that carries a delivery address (typed, or a saved one's id, as the checkout's) beside fields of its own,
 * for what was sent (`null`: the typed address, as the browser's constraints are built).
 */
export function addressFormSchema<T extends z.ZodRawShape>(formData: FormData | null, m: ShopMessages, fields: T) {
  const s = schemas(m);
  const choice = formData?.get("addressId") ?? null;
  if (choice === null || choice === NEW_ADDRESS) return z.intersection(s.shipping, z.object(fields));
  return z.object({ addressId: s.saved.shape.addressId, ...fields });
}

export type ShippingInput = z.infer<ReturnType<typeof shippingSchema>>;
export type CheckoutValue = z.infer<ReturnType<typeof checkoutSchema>> | z.infer<ReturnType<typeof buildSchemas>["saved"]>;
