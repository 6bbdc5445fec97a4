import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useState } from "react";
import { fieldBorder, FormField, PhoneField } from "~/components/form-field";
import { dismissToast, showToast } from "~/components/toaster";
import { PINCODE_INPUT_PATTERN } from "~/lib/phone";
import { SERVICEABLE_STATES } from "~/orders/rules";
import { useMessages } from "~/web/site";
import { FieldError } from "~/components/field-parts";
import type { SummaryField } from "~/components/error-summary";

type Field = FieldMetadata<string | undefined>;

/**
 * A shipping form checked in the browser as the server checks it. A press of its button carries no conform
 * intent (a blur does): it marks every field checked (those that pass turn green) and a failure gets the same
 * toast as the server's reply ('Please fix the errors in the form'). `pressed` goes in the form's onValidate, with
 * the form's data and what conform made of it.
 * That toast goes as soon as the whole form passes (a field fixed, a press that is sent) and when the page is left,
 * so it never shows over the gateway's page after a corrected press.
 */
export function useShippingPress(fixErrors: string) {
  const [checked, setChecked] = useState(false);
  useEffect(() => () => dismissToast(fixErrors), [fixErrors]);
  const pressed = (formData: FormData, submission: { status?: "success" | "error"; error?: Record<string, unknown> | null }) => {
    // A blur or an input checks the whole form too (conform then leaves `status` unset): any error fails it.
    const failed = Object.keys(submission.error ?? {}).length > 0;
    if (!failed) dismissToast(fixErrors);
    if (formData.has("__intent__")) return;
    setChecked(true);
    if (failed) showToast({ type: "error", text: fixErrors });
  };
  return { checked, pressed };
}

type ShippingName = "firstName" | "lastName" | "phone" | "address" | "city" | "state" | "zip";
const SHIPPING_NAMES: ShippingName[] = ["firstName", "lastName", "phone", "address", "city", "state", "zip"];

/** The shipping fields as a form's error summary lists them, in the form's order, each by its label (`m`, the checkout's texts). */
export function shippingSummary(fields: Record<ShippingName, Field>, m: Record<ShippingName, string>): SummaryField[] {
  return SHIPPING_NAMES.map((name) => ({ id: fields[name].id, label: m[name], errors: fields[name].errors }));
}

/**
 * The shipping form's fields, for the checkout and for a won auction's first payment. `checked`: the form has
 * been submitted, so every field that passed shows it.
 */
export function ShippingFields({ fields, checked }: { fields: Record<ShippingName, Field>; checked?: boolean }) {
  const shop = useMessages().shop;
  const m = shop.checkout;
  const [stateLeft, setStateLeft] = useState(false);
  const stateInvalid = Boolean(fields.state.errors?.length);
  const stateValid = !stateInvalid && (stateLeft || Boolean(checked)) && Boolean(fields.state.value);
  return (
    <>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <FormField field={fields.firstName} label={m.firstName} type="text" autoComplete="given-name" checked={checked} />
        <FormField field={fields.lastName} label={m.lastName} type="text" autoComplete="family-name" checked={checked} />
      </div>
      <PhoneField field={fields.phone} label={m.phone} hint={m.phoneHint} checked={checked} />
      <FormField field={fields.address} label={m.address} type="text" autoComplete="street-address" checked={checked} />
      <div className="grid gap-x-4 sm:grid-cols-3">
        <FormField field={fields.city} label={m.city} type="text" autoComplete="address-level2" checked={checked} />
        <div>
          <label htmlFor={fields.state.id} className="block text-sm font-medium">
            {m.state}
          </label>
          <select
            {...getSelectProps(fields.state)}
            key={fields.state.key}
            autoComplete="address-level1"
            onBlur={() => setStateLeft(true)}
            data-valid={stateValid ? "" : undefined}
            className={`mt-1 block min-h-11 w-full rounded-xl border bg-white px-3 text-base shadow-sm dark:bg-river-950 ${fieldBorder(stateInvalid, stateValid)}`}
          >
            <option value="">{m.chooseState}</option>
            {SERVICEABLE_STATES.map((s) => (
              <option key={s} value={s}>
                {shop.states[s]}
              </option>
            ))}
          </select>
          <FieldError id={fields.state.errorId} errors={fields.state.errors} />
        </div>
        <FormField
          field={fields.zip}
          label={m.zip}
          type="text"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={7}
          pattern={PINCODE_INPUT_PATTERN}
          checked={checked}
        />
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-300">{m.zipHint}</p>
    </>
  );
}
